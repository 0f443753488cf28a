package synth

import (
	"html"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// deriveFields makes each field a derived rule makes of others what they
// make it, once every other pass has written them: a Shopify product's
// handle its title as a path, a Gmail message's body_plain the text of its
// body_html (itself written as HTML), a job's full_title one that holds its
// title. A derived value a task pins stays; where it is the text of HTML
// the task does not pin, the HTML is written from it instead.
func (db *dataBuilder) deriveFields(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			pins := db.pinned(cm)
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "derived" {
					continue
				}
				for _, rec := range db.d.Records[m.app][cm.name] {
					derive(inv, rec, pins[state.Text(rec[cm.key])])
				}
			}
		}
	}
}

// derive makes rec keep one derived rule, leaving the values in pinned.
func derive(inv atom.Invariant, rec, pinned map[string]any) {
	f := inv.Fields[0]
	_, fixed := pinned[f]
	if inv.By == atom.DeriveText {
		src := inv.Fields[1]
		_, srcFixed := pinned[src]
		if s, ok := rec[f].(string); fixed && !srcFixed && ok && s != "" {
			rec[src] = asHTML(s)
			return
		}
		if s, ok := rec[src].(string); !srcFixed && ok && !strings.Contains(s, "<") {
			rec[src] = asHTML(s)
		}
	}
	if want, ok := inv.Derive(rec); !fixed && ok && !inv.Agrees(rec) {
		rec[f] = want
	}
}

// asHTML is plain text as one HTML paragraph.
func asHTML(s string) string { return "<p>" + html.EscapeString(s) + "</p>" }
