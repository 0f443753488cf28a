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

// referredRule is a referred_by rule of a server: the field inv.Fields[0]
// (fd) of the records of collection judged says what the records of
// collection referring whose reference inv.Fields[2] names them are.
type referredRule struct {
	inv               atom.Invariant
	fd                atom.Field
	judged, referring string // full names
	referKey          string // the referring collection's key field
}

// keptRules are an environment's referred_by rules, by the full name of
// each collection whose writes they follow: the judged one and the
// referring one. nil where the environment's servers declare none.
type keptRules struct {
	rules []*referredRule // as the servers declare them
	by    map[string][]*referredRule
	watch map[string]bool // the collections by holds, for the state's journal
}

// newKeptRules gathers the referred_by rules of the servers' collections.
func newKeptRules(servers []*atom.Entry) *keptRules {
	var k *keptRules
	for _, se := range servers {
		s := se.MustServer()
		app := s.AppName()
		for i := range s.Collections {
			c := &s.Collections[i]
			for _, inv := range c.Invariants {
				if inv.Rule != "referred_by" || len(inv.Fields) < 3 || s.Collection(inv.Fields[1]) == nil {
					continue
				}
				other := s.Collection(inv.Fields[1])
				r := &referredRule{inv: inv, fd: c.Fields[inv.Fields[0]], judged: app + "." + c.Name, referring: app + "." + other.Name, referKey: other.KeyField()}
				if k == nil {
					k = &keptRules{by: map[string][]*referredRule{}, watch: map[string]bool{}}
				}
				k.rules = append(k.rules, r)
				for _, name := range []string{r.judged, r.referring} {
					if !slices.Contains(k.by[name], r) {
						k.by[name] = append(k.by[name], r)
					}
					k.watch[name] = true
				}
			}
		}
	}
	return k
}

// keptRounds bounds the rounds of keeping after one call: a kept field is
// written only where it changes, so the rounds end unless two rules
// undo each other, which the bound stops.
const keptRounds = 4

// keep makes anew, in st, the judged fields of the records the journaled
// writes touch: a judged record written, and the records a written
// referring record names before and after the write. The kept writes are
// journaled in turn, so a rule that reads a kept field follows it.
func (k *keptRules) keep(st *state.State) {
	if k == nil {
		return
	}
	done := 0
	for round := 0; round < keptRounds && done < len(st.Journal()); round++ {
		ws := st.Journal()[done:]
		done += len(ws)
		targets := map[*referredRule]map[string]bool{}
		for _, w := range ws {
			for _, r := range k.by[w.Name] {
				for _, t := range r.touched(st, w) {
					if targets[r] == nil {
						targets[r] = map[string]bool{}
					}
					targets[r][t] = true
				}
			}
		}
		for _, r := range k.rules {
			for _, t := range slices.Sorted(maps.Keys(targets[r])) {
				r.keep(st, t)
			}
		}
	}
	st.ClearJournal()
}

// touched are the keys of the judged records a write w may change the
// rule's field of: the written record where it is a judged one, and the
// records a referring one names before and after the write.
func (r *referredRule) touched(st *state.State, w state.Write) []string {
	var out []string
	if w.Name == r.judged {
		out = append(out, w.Key)
	}
	if w.Name == r.referring {
		ref := r.inv.Fields[2]
		out = append(out, atom.ReferenceKeys(w.Old[ref])...)
		if now, ok := st.Get(w.Name, w.Key); ok {
			out = append(out, atom.ReferenceKeys(now[ref])...)
		}
	}
	return out
}

// keep makes the rule's field of the judged record with key k what the
// records referring to it say, where that differs from what it holds.
func (r *referredRule) keep(st *state.State, k string) {
	rec, ok := st.Get(r.judged, k)
	if !ok {
		return
	}
	v, ok := r.inv.Kept(r.fd, rec, r.referrers(st, k), r.referKey)
	f := r.inv.Fields[0]
	if !ok || state.HashValue(v) == state.HashValue(rec[f]) {
		return
	}
	out := maps.Clone(rec)
	out[f] = v
	_ = st.Replace(r.judged, k, out) // rec is there: the write cannot fail
}

// referrers are the current records of the referring collection whose
// reference names k.
func (r *referredRule) referrers(st *state.State, k string) atom.Referrers {
	ref := r.inv.Fields[2]
	recs, ok := st.Holding(r.referring, ref, k)
	if !ok {
		recs = st.Placed(r.referring)
	}
	var out atom.Referrers
	for _, rec := range recs {
		if slices.Contains(atom.ReferenceKeys(rec[ref]), k) {
			out = append(out, rec)
		}
	}
	return out
}
