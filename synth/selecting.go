package synth

import (
	"maps"
	"slices"

	"github.com/legoenv/legoenv/atom"
)

// A workflow's policy selects records by a group value (a second enum)
// among those in the state it starts from. Both are pinned on the
// records it asks for, so the pair must be one the collection's declared
// rules allow: GitHub keeps state_reason not_planned off open issues (an
// only_when rule), and a policy over open issues "whose state reason is
// not_planned" would select nothing once the data is drawn right, leaving
// the verifier an ambiguity. Synthesis draws only pairs the rules allow,
// for every collection, and writes no workflow where none is left.

// allows reports whether cm's declared rules let a record that holds the
// values of with hold v in field f as well. Only the rules that need no
// other record count, and only what they say of f or of a field of with
// that they did not say of with alone (a closed issue lacking its
// closed_at is another matter).
func allows(cm *collModel, with map[string]any, f string, v any) bool {
	try := map[string]any{f: v}
	maps.Copy(try, with)
	had := map[atom.Problem]bool{}
	for _, p := range cm.c.RecordProblems(maps.Clone(with)) {
		had[p] = true
	}
	for _, p := range cm.c.RecordProblems(try) {
		if _, on := with[p.Field]; (p.Field == f || on) && !had[p] {
			return false
		}
	}
	return true
}

// groupDraws are the group values a status workflow of st may select by,
// given the state its records start in (s0) and the one past it that the
// record already done holds (done): those in use that the rules allow in
// both; and the values a look-alike outside the condition may hold in s0.
func (st stepRef) groupDraws(s0, done string) (in, out []string) {
	for _, v := range otherValues(st.g) {
		if !allows(st.cm, map[string]any{st.field: s0}, st.g.name, v) {
			continue
		}
		out = append(out, v)
		if len(inUse([]string{v})) > 0 && allows(st.cm, map[string]any{st.field: done}, st.g.name, v) {
			in = append(in, v)
		}
	}
	return in, out
}

// selectable are the values of in a policy may select by where a
// look-alike outside the condition holds one of out: those that leave it
// another.
func selectable(in, out []string) []string {
	return slices.DeleteFunc(slices.Clone(in), func(v string) bool {
		return len(slices.DeleteFunc(slices.Clone(out), func(o string) bool { return o == v })) == 0
	})
}

// pasts are the states the record past the start may hold when the
// selected records start in s0: a third state where the field has one,
// else the target itself; for a policy by group, only those that leave a
// group value to select by.
func (st stepRef) pasts(s0 string) []string {
	ok := func(done string) bool {
		return st.g.name == "" || len(selectable(st.groupDraws(s0, done))) > 0
	}
	if past := otherValues(st.e, st.value, s0); len(past) > 0 {
		return slices.DeleteFunc(past, func(d string) bool { return !ok(d) })
	}
	if ok(st.value) {
		return []string{st.value}
	}
	return nil
}

// starts are the states a status workflow of st may select records in:
// those the lifecycle lets move to the target, with a state past them.
func (st stepRef) starts() []string {
	return slices.DeleteFunc(canMove(st.cm, st.field, otherValues(st.e, st.value), st.value), func(s0 string) bool {
		return len(st.pasts(s0)) == 0
	})
}
