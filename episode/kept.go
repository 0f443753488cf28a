package episode

import (
	"maps"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// After each call the session keeps the fields a server declares as made
// of other records (atom.Invariant.Referred): a Drive file is shared
// exactly where a grant beyond its owner's names it, a Gmail message has
// attachments and lists them exactly where attachments name it. Whatever
// wrote the records (a declared effect, a script, a native tool), the
// state journals the writes to the collections such a rule reads, and
// the session makes the judged fields anew from the records as the call
// left them. A write to a collection no such rule reads is not journaled.

// referredRules are the referred_by rules one reference decides: the
// fields of the records of collection judged that say what the records of
// collection referring whose field ref names them are (a file's shared
// flag and its owner, both of the grants naming it).
type referredRules struct {
	judged, referring string // full names
	ref               string // the referring collection's reference
	referKey          string // and its key field
	rules             []atom.Invariant
	fields            []atom.Field // the judged fields, one per rule
}

// keptRules are an environment's referred_by rules by the full name of
// each collection whose writes they follow, the judged one and the
// referring one; nil where the environment's servers declare none.
type keptRules struct {
	by        map[string][]*referredRules
	computed  map[string]*computedRules // record rules by collection (computed.go)
	positions map[string]placeRules     // by full name: the collections whose records hold places (closePositions)
	watch     map[string]bool           // the collections by, computed and positions hold, for the state's journal
}

// placeRules are a collection's position rules and its key field.
type placeRules struct {
	key   string
	rules []atom.Invariant
}

// newKeptRules gathers the referred_by rules of the servers' collections.
func newKeptRules(servers []*atom.Entry) *keptRules {
	var k *keptRules
	for _, se := range servers {
		s := se.MustServer()
		app := s.AppName()
		for i := range s.Collections {
			c := &s.Collections[i]
			var groups []*referredRules
			for _, inv := range c.Invariants {
				if inv.Rule != "referred_by" || len(inv.Fields) < 3 {
					continue
				}
				other := s.Collection(inv.Fields[1])
				if other == nil {
					continue
				}
				g := &referredRules{judged: app + "." + c.Name, referring: app + "." + other.Name, ref: inv.Fields[2], referKey: other.KeyField()}
				if at := slices.IndexFunc(groups, func(o *referredRules) bool { return o.referring == g.referring && o.ref == g.ref }); at >= 0 {
					g = groups[at]
				} else {
					groups = append(groups, g)
				}
				g.rules = append(g.rules, inv)
				g.fields = append(g.fields, c.Fields[inv.Fields[0]])
			}
			if ps := c.Positions(); len(ps) > 0 {
				k = k.orNew()
				k.positions[app+"."+c.Name] = placeRules{c.KeyField(), ps}
				k.watch[app+"."+c.Name] = true
			}
			for _, g := range groups {
				k = k.orNew()
				k.by[g.judged] = append(k.by[g.judged], g)
				if g.referring != g.judged {
					k.by[g.referring] = append(k.by[g.referring], g)
				}
				k.watch[g.judged], k.watch[g.referring] = true, true
			}
		}
	}
	return gatherComputed(k, servers)
}

// orNew is k, or new empty rules where k is nil.
func (k *keptRules) orNew() *keptRules {
	if k != nil {
		return k
	}
	return &keptRules{by: map[string][]*referredRules{}, positions: map[string]placeRules{}, watch: map[string]bool{}}
}

// keptRounds bounds the rounds of keeping after one call: a kept field is
// written only where it changes, so the rounds end unless two rules
// undo each other, which the bound stops.
const keptRounds = 4

// keptTarget is a judged record whose kept fields a write may change.
type keptTarget struct {
	g   *referredRules
	key string
}

// keep makes anew, in st, the judged fields of the records the journaled
// writes touch: a judged record written, and the records a written
// referring record names before and after the write, in the order the
// writes came; and the computed fields of each record written
// (computed.go). The kept writes are journaled in turn, so a rule whose
// referring records they are follows them; they leave their own
// records' referrers, and so those records' kept fields, as they were.
func (k *keptRules) keep(st *state.State) {
	if k == nil {
		return
	}
	var targets []keptTarget
	var written []state.Write
	done := 0
	for round := 0; round < keptRounds && done < len(st.Journal()); round++ {
		ws := st.Journal()[done:]
		done += len(ws)
		targets, written = targets[:0], written[:0]
		for _, w := range ws {
			if p, ok := k.positions[w.Name]; ok {
				closePositions(st, w.Name, p.key, p.rules, w)
			}
			for _, g := range k.by[w.Name] {
				targets = g.touched(targets, st, w, round == 0)
			}
			if k.computed[w.Name] != nil && !slices.ContainsFunc(written, func(o state.Write) bool { return o.Name == w.Name && o.Key == w.Key }) {
				written = append(written, w)
			}
		}
		for _, w := range written {
			k.computed[w.Name].keep(st, w.Name, w.Key)
		}
		for _, t := range targets {
			t.g.keep(st, t.key)
		}
	}
	st.ClearJournal()
}

// touched adds to targets the judged records a write w may change the
// kept fields of: the written record where it is a judged one (and the
// call, not the keeping, wrote it: judged), and the records a referring
// one names before and after the write.
func (g *referredRules) touched(targets []keptTarget, st *state.State, w state.Write, judged bool) []keptTarget {
	add := func(k string) {
		if k != "" && !slices.Contains(targets, keptTarget{g, k}) {
			targets = append(targets, keptTarget{g, k})
		}
	}
	if judged && w.Name == g.judged {
		add(w.Key)
	}
	if w.Name == g.referring {
		for _, k := range atom.ReferenceKeys(w.Old[g.ref]) {
			add(k)
		}
		if now, ok := st.Get(w.Name, w.Key); ok {
			for _, k := range atom.ReferenceKeys(now[g.ref]) {
				add(k)
			}
		}
	}
	return targets
}

// keep makes the kept fields of the judged record with key k what the
// records referring to it say, where that differs from what they hold.
func (g *referredRules) keep(st *state.State, k string) {
	rec, ok := st.Get(g.judged, k)
	if !ok {
		return
	}
	refs := g.referrers(st, k)
	var out state.Record
	for i, inv := range g.rules {
		v, ok := inv.Kept(g.fields[i], rec, refs, g.referKey)
		f := inv.Fields[0]
		if !ok || keptHolds(v, rec[f]) {
			continue
		}
		if out == nil {
			out = maps.Clone(rec)
		}
		out[f] = v
	}
	if out != nil {
		_ = st.Replace(g.judged, k, out) // rec is there: the write cannot fail
	}
}

// referrers are the current records of the referring collection whose
// reference names k.
func (g *referredRules) referrers(st *state.State, k string) atom.Referrers {
	recs, ok := st.Holding(g.referring, g.ref, k)
	if !ok {
		recs = st.Placed(g.referring)
	}
	var out atom.Referrers
	for _, rec := range recs {
		if holdsKey(rec[g.ref], k) {
			out = append(out, rec)
		}
	}
	return out
}

// holdsKey reports whether a reference, one key or a list, names k.
func holdsKey(v any, k string) bool {
	if list, ok := v.([]any); ok {
		return slices.ContainsFunc(list, func(e any) bool { return state.Text(e) == k })
	}
	return v != nil && state.Text(v) == k
}

// keptHolds reports whether a field holds the kept value (a flag, a list
// of texts, a text) already.
func keptHolds(kept, held any) bool {
	list, ok := kept.([]any)
	if !ok {
		return kept == held
	}
	have, ok := held.([]any)
	return ok && slices.Equal(list, have)
}
