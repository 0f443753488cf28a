package synth

import (
	"fmt"
	"html"
	"regexp"
	"sort"
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
				if inv.By == atom.DeriveNumbered {
					db.numberAfter(m, cm, inv, pins)
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

// numberAfter keeps a derived rule by numbered (a Jira issue's key is its
// project's key, a hyphen and a number): each record's value takes the
// other field's in front of the number it holds, a number of its own
// where another record holds that value, and the app's references by
// the field (a comment's issue_key, an issue's parent_key) and texts
// naming it move with it.
// A value a task pins stays.
func (db *dataBuilder) numberAfter(m *appModel, cm *collModel, inv atom.Invariant, pins map[string]map[string]any) {
	f, recs := inv.Fields[0], db.d.Records[m.app][cm.name]
	held := map[string]bool{}
	for _, rec := range recs {
		held[state.Text(rec[f])] = true
	}
	moved := map[string]string{}
	for _, rec := range recs {
		old := state.Text(rec[f])
		want, ok := inv.Derive(rec)
		if _, fixed := pins[state.Text(rec[cm.key])][f]; fixed || !ok || old == "" || want == old {
			continue
		}
		base := strings.TrimRight(want, "0123456789")
		for n := 1; held[want]; n++ {
			want = fmt.Sprintf("%s%d", base, n)
		}
		rec[f], held[want] = want, true
		moved[old] = want
	}
	if len(moved) == 0 {
		return
	}
	olds := make([]string, 0, len(moved))
	for old := range moved {
		olds = append(olds, regexp.QuoteMeta(old))
	}
	sort.Strings(olds)
	named := regexp.MustCompile(`\b(` + strings.Join(olds, "|") + `)\b`)
	for _, o := range m.colls {
		for _, rec := range db.d.Records[m.app][o.name] {
			// A reference by the field, and a text naming the record by its
			// value ("ISS-6938, created on 17 December"), name the new one.
			for k, v := range rec {
				if s, ok := v.(string); ok && !(o == cm && k == f) && named.MatchString(s) {
					rec[k] = named.ReplaceAllStringFunc(s, func(old string) string { return moved[old] })
				}
			}
		}
	}
}

// asHTML is plain text as one HTML paragraph.
func asHTML(s string) string { return "<p>" + html.EscapeString(s) + "</p>" }
