package synth

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// grantWriters makes each granted rule hold, once the addresses are
// final: a record written into a container by someone it does not let in
// (a comment on a document by a person the document grants nothing)
// takes as its writer one the container lets in by name, drawn among
// them; where it lets none in, or a task sets the writer, the container
// grants the writer (under a rule by named, first: an invited member who
// posted has joined): a grant of theirs that does not let them write is
// raised to the least state that does, else a grant is added. A record
// that can be neither goes, where no task names it and no record refers
// to its collection.
func (db *dataBuilder) grantWriters(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "granted" {
					continue
				}
				tc, gc := m.byName[cm.field(inv.Fields[1]).Ref], m.byName[inv.Fields[2]]
				if tc == nil || gc == nil {
					continue
				}
				pinned := db.pinnedKeys(cm, inv.Fields[0])
				named := namedKeys(m, db.d)[cm.name]
				for _, rec := range slices.Clone(db.d.Records[m.app][cm.name]) {
					ref := state.Text(rec[inv.Fields[1]])
					t := findRec(db.d.Records[m.app][tc.name], tc.key, ref)
					if t == nil {
						continue
					}
					grants := inv.GrantsOf(db.d.Records[m.app][gc.name])[ref]
					addr := state.Text(rec[inv.Fields[0]])
					k := state.Text(rec[cm.key])
					if inv.Granted(addr, t, grants) {
						continue
					}
					if inv.ByNamed() && db.grant(m, gc, inv, ref, addr) {
						continue
					}
					if ws := notSpokenTo(cm, rec, writersAs(addr, inv.GrantedTo(t, grants))); len(ws) > 0 && !pinned[k] {
						rec[inv.Fields[0]] = pick(db.val.textRand(cm, rec, inv.Fields[0]), ws)
						continue
					}
					if db.grant(m, gc, inv, ref, addr) {
						continue
					}
					if !named[k] && !referredTo(m, cm) {
						db.drop(m, cm, rec)
					}
				}
			}
		}
	}
}

// grant lets addr write into the container keyed ref under a granted
// rule: its grant there, where one names it, takes the last state of In
// (the least that lets one write, as In lists them from the most), else a
// new grant of the first kind its collection's rules let name an address
// is added. It reports whether addr is let in; a grant a task sets the
// state of stays.
func (db *dataBuilder) grant(m *appModel, gc *collModel, inv atom.Invariant, ref, addr string) bool {
	recs := db.d.Records[m.app][gc.name]
	var st string
	var least any
	if len(inv.Fields) == 5 {
		st = inv.Fields[4]
		least = stateValue(gc.field(st), inv.In[len(inv.In)-1])
	}
	pinned := map[string]bool{}
	if st != "" {
		pinned = db.pinnedKeys(gc, st)
	}
	for _, g := range recs {
		if !inv.Names(g, addr) || !slices.Contains(atom.ReferenceKeys(g[inv.Fields[3]]), ref) {
			continue
		}
		if st == "" || pinned[state.Text(g[gc.key])] {
			return false
		}
		was := g[st]
		if g[st] = least; fieldProblem(gc, g, st) {
			g[st] = was
			return false
		}
		return true
	}
	g := map[string]any{inv.Fields[3]: ref, inv.From[0]: addr}
	if st != "" {
		g[st] = least
	}
	if !db.grantKind(gc, inv, g) {
		return false
	}
	g[gc.key] = uniqueKey(db.val, gc, db.used)
	db.d.Records[m.app][gc.name] = append(recs, g)
	return true
}

// grantKind gives a new grant g the first kind, in its field's order, that
// is not to anyone and under which g breaks no rule of its collection (a
// user, where a domain's grant names no address); true where the rule
// names no kind field and g breaks none.
func (db *dataBuilder) grantKind(gc *collModel, inv atom.Invariant, g map[string]any) bool {
	if len(inv.From) < 2 {
		return len(gc.c.RecordProblems(g)) == 0
	}
	fd := gc.field(inv.From[1])
	for _, e := range fd.Enum {
		s := fmt.Sprint(e)
		if slices.Contains(inv.Values, s) {
			continue
		}
		if g[inv.From[1]] = stateValue(fd, s); len(gc.c.RecordProblems(g)) == 0 {
			return true
		}
	}
	return false
}

// writersAs is the addresses ws in the form of the writer addr: their
// local parts where addr is a handle (a Google Chat sender), else ws.
func writersAs(addr string, ws []string) []string {
	if strings.Contains(addr, "@") {
		return ws
	}
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if local, _, _ := strings.Cut(w, "@"); local != "" && !slices.Contains(out, local) {
			out = append(out, local)
		}
	}
	return out
}

// notSpokenTo keeps, of the addresses ws, those whose person rec's own
// text does not greet or name by first name: a comment reading "Oscar,
// the figures look right to me" is not Oscar's.
func notSpokenTo(cm *collModel, rec map[string]any, ws []string) []string {
	var out []string
	for _, w := range ws {
		handle, _, _ := strings.Cut(w, "@")
		first, _, _ := strings.Cut(handle, ".")
		if first == "" || !textNames(cm, rec, strings.ToUpper(first[:1])+first[1:]) {
			out = append(out, w)
		}
	}
	return out
}

// textNames reports whether a free-text field of rec holds the word name.
func textNames(cm *collModel, rec map[string]any, name string) bool {
	for _, f := range cm.fieldNames {
		if cm.roles[f] != atom.RoleText && cm.roles[f] != atom.RoleTitle {
			continue
		}
		x, _ := rec[f].(string)
		if slices.Contains(strings.FieldsFunc(x, func(r rune) bool { return !unicode.IsLetter(r) }), name) {
			return true
		}
	}
	return false
}
