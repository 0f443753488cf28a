package synth

import (
	"fmt"
	"hash/fnv"
	"net/url"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// keepUnique makes every value a unique rule of one field keeps unique
// held once in its scope (Per) and across the collections that share it
// (With): a page title once in its space, an issue's or a pull request's
// number once in its repository. The records whose value a task sets
// keep theirs, then those a task names, then the rest in order; a repeat
// is drawn again as its field is drawn (numberedAgain). Rules of several
// fields are conformWorld's (dropRepeats).
func (db *dataBuilder) keepUnique(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule == "unique" && len(inv.Fields) == 1 {
					db.uniqueIn(m, cm, inv)
				}
			}
		}
	}
}

// heldValue is a record holding a value of a unique rule, with its
// collection and how firmly it holds it (0: a task sets it; 1: a task
// names the record; 2: neither).
type heldValue struct {
	cm   *collModel
	rec  map[string]any
	rank int
}

func (db *dataBuilder) uniqueIn(m *appModel, cm *collModel, inv atom.Invariant) {
	f := inv.Fields[0]
	named := map[string]bool{}
	for _, h := range db.d.Handles {
		if h.App == m.app {
			named[h.Collection+"|"+h.Key] = true
		}
	}
	var held []heldValue
	for _, name := range append([]string{cm.name}, inv.With...) {
		o := m.byName[name]
		if o == nil {
			continue
		}
		pinned := db.pinnedKeys(o, f)
		for _, rec := range db.d.Records[m.app][name] {
			k := state.Text(rec[o.key])
			rank := 2
			switch {
			case pinned[k]:
				rank = 0
			case named[name+"|"+k]:
				rank = 1
			}
			held = append(held, heldValue{o, rec, rank})
		}
	}
	slices.SortStableFunc(held, func(a, b heldValue) int { return a.rank - b.rank })
	seen := map[string]bool{}
	for _, h := range held {
		v, ok := atom.UniqueKey(inv, h.rec)
		if !ok {
			continue
		}
		if !seen[v] {
			seen[v] = true
			continue
		}
		if len(inv.Values) > 0 {
			// A value the company gives one holder is not numbered for
			// a second ("CFO 2"): they hold a title others hold.
			unnamedValue(h.cm, f, h.rec, inv.Values, db.d.Records[m.app][h.cm.name])
			continue
		}
		scope := strings.TrimSuffix(v, state.Text(h.rec[f]))
		if db.val.slugAgain(h.cm, f, h.rec, func(x string) bool { return seen[scope+x] }) {
			seen[scope+state.Text(h.rec[f])] = true
			continue
		}
		again, ok := db.val.drawnAgain(h.cm, f, h.rec[f], func(x string) bool { return seen[scope+x] })
		if !ok {
			delete(h.rec, f)
			continue
		}
		h.rec[f] = again
		seen[scope+state.Text(again)] = true
	}
}

// slugAgain draws anew the field f of rec is the slug of (a Mattermost
// channel's name, made of its display name), where a derived rule makes
// it so, such that its slug is not taken, and writes both: a name drawn
// anew alone would be made again of the display name it no longer
// fits. A name not yet made of its display name (one whose display name
// another unique rule drew anew) is left to be. It reports whether it
// did.
func (v *valuer) slugAgain(cm *collModel, f string, rec map[string]any, taken func(string) bool) bool {
	for _, inv := range cm.c.Invariants {
		if inv.Rule != "derived" || inv.By != atom.DeriveSlug || len(inv.Fields) != 2 || inv.Fields[0] != f || !atom.IsSet(rec[inv.Fields[1]]) {
			continue
		}
		if atom.Slug(state.Text(rec[inv.Fields[1]])) != state.Text(rec[f]) {
			return false // not made of it yet: the value drawn anew is, later (deriveFields)
		}
		src := inv.Fields[1]
		again, ok := v.drawnAgain(cm, src, rec[src], func(x string) bool { return taken(atom.Slug(x)) })
		if ok {
			rec[src], rec[f] = again, atom.Slug(state.Text(again))
		}
		return ok
	}
	return false
}

// drawnAgain is a value of field f in place of v, which another record of
// its scope holds, that taken says no record holds: a number the next
// one free (GitHub's issue number), a code anew, a name of a vocabulary
// another of it no record holds (a team's "Platform", "Billing"), any
// other name or title with a number after it (numbered: "Pricing sheet
// 2", a slug "trail-runner-4-2", a channel "deal-acme-2"). A state (an enum value) cannot be drawn again:
// false, and the field is cleared ("there MUST NOT be two Mailboxes in
// the same account with the same role").
func (v *valuer) drawnAgain(cm *collModel, f string, old any, taken func(string) bool) (any, bool) {
	fd := cm.field(f)
	if len(fd.Enum) > 0 {
		return nil, false
	}
	if x, isNum := state.Number(old); isNum {
		if _, isText := old.(string); !isText {
			for taken(state.Text(x)) {
				x++
			}
			return coherence.SameKind(old, x), true
		}
	}
	s := state.Text(old)
	if cm.roles[f] == atom.RoleKeyPrefix {
		// Another team's key: the title's with a letter of its own after
		// it (PAY, PAYA), else any of the form.
		for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
			if k := s + string(c); len(s) < atom.KeyPrefixMax && !taken(k) {
				return k, true
			}
		}
		for try := 0; try < 50; try++ {
			if k := v.keyPrefix(); !taken(k) {
				return k, true
			}
		}
		return nil, false
	}
	if cm.roles[f] == atom.RoleDigits {
		for try := 0; try < 50; try++ {
			if c := v.digits(); !taken(c) {
				return c, true
			}
		}
		return nil, false
	}
	if r := cm.roles[f]; r == atom.RoleCode || r == atom.RoleID {
		for try := 0; try < 50; try++ {
			c := v.code(cm, f)
			if r == atom.RoleID {
				// An outside id of the form the field's others are drawn in
				// (a Zendesk user's external_id a number).
				c = v.outsideID(cm, f)
			}
			if !taken(c) {
				return c, true
			}
		}
		return s, true
	}
	for _, vocab := range [][]string{teamNames, nounVocab[atom.NounOf(cm.c)]} {
		if !slices.Contains(vocab, s) {
			continue
		}
		start := v.rng.IntN(len(vocab))
		for i := range vocab {
			if c := vocab[(start+i)%len(vocab)]; !strings.Contains(c, "{") && !taken(c) {
				return c, true
			}
		}
	}
	slug := cm.roles[f] == atom.RoleSlug || !strings.Contains(s, " ") && strings.Contains(s, "-")
	for n := 2; ; n++ {
		if c := numbered(s, n, slug); !taken(c) {
			return c, true
		}
	}
}

// ownLinks makes each record's own web address in its product name the
// record's key (a Shortcut story's app_url .../stories/176323, a Drive
// file's web_view_link): a field an own_link rule names, and any address
// drawn on the product's own site for the record (linkValue).
func (db *dataBuilder) ownLinks(apps []*appModel) {
	for _, m := range apps {
		site := "https://" + productSite(m.app) + "/"
		for _, cm := range m.colls {
			declared := map[string]bool{}
			for _, inv := range cm.c.Invariants {
				if inv.Rule == "own_link" {
					declared[inv.Fields[0]] = true
				}
			}
			var fields []string
			for name := range cm.c.Fields {
				if declared[name] || cm.roles[name] == atom.RoleURL && profileSite(name) == "" && (productLink(name) || ownLink(cm.name, name)) {
					fields = append(fields, name)
				}
			}
			slices.Sort(fields)
			for _, rec := range db.d.Records[m.app][cm.name] {
				key := state.Text(rec[cm.key])
				for _, f := range fields {
					link, ok := rec[f].(string)
					if !ok || key == "" || atom.LinkNames(link, key) {
						continue
					}
					if strings.HasPrefix(link, site) || declared[f] {
						rec[f] = recordURL(cm, key)
					}
				}
			}
		}
	}
}

// productSite is the host of an app's own site: google-drive.example.
func productSite(app string) string { return strings.ReplaceAll(app, "_", "-") + ".example" }

// recordURL is the web address on its product's site of the record of cm
// whose key is key: https://google-drive.example/files/1File4821.
func recordURL(cm *collModel, key string) string {
	return "https://" + productSite(cm.app.app) + "/" + strings.ReplaceAll(strings.ToLower(cm.name), "_", "-") + "/" + url.PathEscape(key)
}

// unnamedValue gives rec, the second holder of one of values, a value of
// f another record of recs holds that values does not name (a second CFO
// an account executive, as others are), chosen by rec's key; where none
// holds one, f is cleared.
func unnamedValue(cm *collModel, f string, rec map[string]any, values []string, recs []map[string]any) {
	var others []string
	for _, o := range recs {
		if v := state.Text(o[f]); v != "" && !slices.Contains(values, v) && !slices.Contains(others, v) {
			others = append(others, v)
		}
	}
	if len(others) == 0 {
		delete(rec, f)
		return
	}
	h := fnv.New64a()
	fmt.Fprint(h, rec[cm.key])
	rec[f] = others[h.Sum64()%uint64(len(others))]
}
