package coherence

import (
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// presenceWords name the times a part of a sitting happens in it: a
// participant joins and leaves a meeting, a recording starts and ends in
// it.
var presenceWords = []string{"joined", "join", "left", "leave", "start", "started", "starts", "begin", "began", "end", "ended", "ends",
	"finish", "finished", "recorded", "entered", "exited"}

// SittingSpan is when a record of a sitting (a meeting, a call) starts and
// ends, where it has both to the minute and ends after it starts.
func (sh *Shape) SittingSpan(rec map[string]any) (start, end time.Time, ok bool) {
	if !IsSitting(sh.def.Name) {
		return start, end, false
	}
	sf, ef := sh.span()
	a, _ := rec[sf].(string)
	b, _ := rec[ef].(string)
	if sf == "" || ef == "" || len(a) <= len("2006-01-02") || len(b) <= len("2006-01-02") {
		return start, end, false
	}
	start, aok := isotime.Parse(a)
	end, bok := isotime.Parse(b)
	return start, end, aok && bok && end.After(start)
}

// PresenceFields are the fields of the shape's collection that time its
// records within a sitting they are part of (a participant's joinedAt and
// leftAt, a recording's start and end); none where the collection has a
// date of its own making.
func (sh *Shape) PresenceFields() []string {
	if sh.MadeField() != "" {
		return nil
	}
	var out []string
	for _, f := range sh.names {
		ws := sh.fields[f].words
		if isDateField(sh, f) && sh.def.Fields[f].Format != "date" && atom.HasWord(ws, presenceWords...) && !atom.HasWord(ws, createdWords...) {
			out = append(out, f)
		}
	}
	return out
}

// SittingParents are the references of the shape's collection to a
// sitting its records are part of (a participant's meeting), with their
// collections: those of OnRefs whose target is a sitting.
func (sh *Shape) SittingParents(shapeOf func(string) *Shape) map[string]string {
	out := map[string]string{}
	if len(sh.PresenceFields()) == 0 {
		return out
	}
	for f, target := range sh.OnRefs(shapeOf) {
		if IsSitting(target) {
			out[f] = target
		}
	}
	return out
}

// sittingParts reports the parts of a sitting timed outside it: a
// participant who joined before the meeting started, a recording that
// ends after it ended.
func (c *checker) sittingParts(sh *Shape, name string, col *state.Collection) {
	c.onParents(name, col, sh.SittingParents, func(f string, tsh *Shape, rec, parent state.Record) {
		ps, pe, ok := tsh.SittingSpan(parent)
		if !ok {
			return
		}
		for _, pf := range sh.PresenceFields() {
			s, _ := rec[pf].(string)
			if t, ok := isotime.Parse(s); ok && (t.Before(ps) || t.After(pe)) {
				k, _ := state.KeyOf(rec, col.Key)
				c.add(RuleLifecycle, name, k, pf, s, "%s %s is outside %s %s..%s it is part of (%s)", pf, s, tsh.def.Name, ps.UTC().Format(time.RFC3339), pe.UTC().Format(time.RFC3339), state.Text(rec[f]))
			}
		}
	})
}
