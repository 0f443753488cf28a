package verify

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify/celshape"
	"github.com/legoenv/legoenv/verify/ground"
)

// DiscoverDerivations returns the derivations an importer declares for a
// task whose goal checks figures it did not write as derivations (an
// imported benchmark's "the mail states 47,500"): for each figure the
// goal's positive assertions check that neither the messages nor the
// records state, the simplest formula over the records that computes it
// (a count or a total before a group's, a group's before two fields of one
// record). A figure no formula computes gets none, and then must be seen.
// records maps each collection's name to its records; clock is RFC 3339
// or empty; codes are the names the tools give coded fields' values.
func DiscoverDerivations(goal []assert.Assertion, messages []string, records map[string][]map[string]any, clock string, codes ground.Codes) []atom.Derivation {
	ctx := figureContext(messages, records, clock, codes)
	ctx.Mentions = goalText(goal)
	said := &ground.Visible{Docs: ctx.Docs[:len(messages)]}
	var figures []float64
	for _, f := range GoalFigures(goal) {
		if said.Find(f, "") == "" { // the messages do not state it
			figures = append(figures, f)
		}
	}
	// A figure a checked record states beside two others it is computed
	// from (a utilization beside the load and the capacity), whether or
	// not the records also give it.
	rows := ground.GoalRows(goal)
	var out []atom.Derivation
	for _, f := range figures {
		if fm, ok := ground.FromWrittenRow(rows, f); ok {
			out = declare(out, fm)
		}
	}
	// A first pass over the records; a second lets a figure be computed
	// from those the first derived (a net income from the two totals).
	var found []ground.Formula
	for pass := 0; pass < 2; pass++ {
		ctx.Derived = found
		var left []float64
		for _, f := range figures {
			fm, ok := ctx.FormulaFor(f, anyDerivation())
			if !ok {
				left = append(left, f)
				continue
			}
			found = append(found, fm)
			out = declare(out, fm)
		}
		figures = left
	}
	return out
}

// Figures is what an agent sees after reading the messages and listing
// every record of a world: where it could take a figure from.
type Figures struct{ ctx *ground.Visible }

// NewFigures reads messages and records (each collection's by its name);
// clock is RFC 3339 or empty; codes are the names the tools give coded
// fields' values.
func NewFigures(messages []string, records map[string][]map[string]any, clock string, codes ground.Codes) *Figures {
	return &Figures{figureContext(messages, records, clock, codes)}
}

// Source names where f is taken from, as grounding reads it: a message or
// a record that states it, or a formula of ds over the records; "" when
// nothing gives it.
func (fs *Figures) Source(ds []atom.Derivation, f float64) string {
	if src := fs.ctx.Find(f, ""); src != "" {
		return src
	}
	return fs.ctx.DeriveNumber(f, ds)
}

// figureContext is what an agent sees after reading the messages and
// listing every record, one parent's records at a time.
func figureContext(messages []string, records map[string][]map[string]any, clock string, codes ground.Codes) *ground.Visible {
	ctx := &ground.Visible{Codes: codes}
	if t, err := time.Parse(time.RFC3339, clock); err == nil {
		ctx.Clock = t
	}
	for _, m := range messages {
		ctx.Docs = append(ctx.Docs, ground.NewDoc("the instruction", m))
	}
	for _, name := range slices.Sorted(maps.Keys(records)) {
		// The whole listing gives its tables, each parent's part among
		// them; each part is also a text of its own.
		for i, part := range ground.ByParent(records[name], 0) {
			if b, err := json.Marshal(part); err == nil && i == 0 {
				ctx.Add(fmt.Sprintf("%s (%d)", name, i+1), string(b))
			} else if err == nil {
				ctx.AddText(fmt.Sprintf("%s (%d)", name, i+1), string(b))
			}
		}
	}
	return ctx
}

// anyDerivation declares every operation over any field.
func anyDerivation() []atom.Derivation {
	ops := atom.DeriveOpNames()
	out := make([]atom.Derivation, len(ops))
	for i, op := range ops {
		out[i] = atom.Derivation{Op: op}
	}
	return out
}

// declare adds the derivations a formula needs to ds.
func declare(ds []atom.Derivation, fm ground.Formula) []atom.Derivation {
	for _, op := range fm.Ops {
		d := atom.Derivation{Op: op, Field: fieldName(fm.Fields, 0), With: fieldName(fm.Fields, 1)}
		if op == atom.DeriveCount && len(fm.Fields) > 1 {
			d = atom.Derivation{Op: op} // a whole list's count reads no field
		}
		if !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// fieldName is the last part of the i-th field path, or "".
func fieldName(fields []string, i int) string {
	if i >= len(fields) {
		return ""
	}
	return ground.LastPart(fields[i])
}

// GoalFigures lists the numbers the positive assertions of a goal check,
// whole or stated in a text.
func GoalFigures(goal []assert.Assertion) []float64 {
	var out []float64
	for _, p := range positivePredicates(goal) {
		switch v := p.Value.(type) {
		case float64:
			out = append(out, v)
		case string:
			out = append(out, ground.StandaloneNumbers(v)...)
		}
	}
	return out
}

// goalText is the loose text of the strings the positive assertions of a
// goal check: the records a report must name.
func goalText(goal []assert.Assertion) string {
	var vals []any
	for _, p := range positivePredicates(goal) {
		vals = append(vals, p.Value)
	}
	return ground.MentionText(vals)
}

// positivePredicates lists the predicates of a goal's positive
// assertions, a cel one's as it reads.
func positivePredicates(goal []assert.Assertion) []assert.Predicate {
	var out []assert.Predicate
	for _, a := range goal {
		if a.IsNegative() {
			continue
		}
		where := a.Where
		if a.Type == assert.CEL {
			if sh := celshape.Parse(a.Expr); sh != nil && !sh.Negative {
				where = sh.Where
			}
		}
		out = append(out, where...)
	}
	return out
}
