package ground

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// A figure a record states can be computed from two other figures the same
// record states (a row's utilization as its current load over its
// capacity): the operands are fields of the one row written, each of them
// a value the agent read or derived, and the intent declares the
// operation over those two fields.

// WrittenRow is the numbers one record a goal checks states, by field.
type WrittenRow map[string]float64

// GoalRows lists the records a goal's positive assertions check: the
// assertions on one collection that name the same record by the same
// words (a row by its worksheet and its agent's name) state the fields of
// one record, each assertion one or more of its numbers.
func GoalRows(goal []assert.Assertion) []WrittenRow {
	byKey := map[string]WrittenRow{}
	for _, a := range goal {
		if a.IsNegative() || a.Type == assert.CEL {
			continue
		}
		var key []string
		nums := WrittenRow{}
		for _, p := range a.Where {
			if f, ok := NumberOf(p.Value); ok && p.Op == assert.OpEquals {
				nums[p.Field] = f
				continue
			}
			key = append(key, p.String())
		}
		if len(nums) == 0 || len(key) == 0 {
			continue
		}
		k := a.Target + "|" + strings.Join(key, "|")
		if byKey[k] == nil {
			byKey[k] = WrittenRow{}
		}
		maps.Copy(byKey[k], nums)
	}
	var out []WrittenRow
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		if len(byKey[k]) >= 3 {
			out = append(out, byKey[k])
		}
	}
	return out
}

// rowFormulas yields the formulas over two fields of a written record
// other than the one that states the figure.
func (r WrittenRow) formulas(figure string, yield func(Formula) bool) bool {
	fields := slices.Sorted(maps.Keys(r))
	for i, a := range fields {
		for _, b := range fields[i+1:] {
			if a == figure || b == figure {
				continue
			}
			of := fmt.Sprintf("%s and %s of the record this step writes", a, b)
			if !pairFormulas(r[a], r[b], []string{a, b}, of, yield) {
				return false
			}
		}
	}
	return true
}

// FromWrittenRow finds f, stated in one field of a record a goal checks,
// as a formula over two other fields of that record.
func FromWrittenRow(rows []WrittenRow, f float64) (Formula, bool) {
	if fewWhole(f) {
		return Formula{}, false // a few of something: a count, not a computation
	}
	for _, r := range rows {
		for _, field := range slices.Sorted(maps.Keys(r)) {
			if !approx(r[field], f) {
				continue
			}
			var found Formula
			ok := false
			r.formulas(field, func(fm Formula) bool {
				ok = fm.matches(f)
				found = fm
				return !ok
			})
			if ok {
				return found, true
			}
		}
	}
	return Formula{}, false
}

// InRecord derives the value at path from two other numbers of the
// record the step writes beside it, each one grounded at this step, by a
// declared formula; "" when none gives it.
func InRecord(args map[string]any, path string, f float64, out []Grounding, ds []atom.Derivation) string {
	parent := ""
	if i := strings.LastIndex(path, "."); i >= 0 {
		parent = path[:i+1]
	}
	row := WrittenRow{}
	for _, lf := range Leaves("", args) {
		if lf.Path == path || !strings.HasPrefix(lf.Path, parent) || strings.Contains(lf.Path[len(parent):], ".") {
			continue
		}
		x, ok := NumberOf(lf.Value)
		if ok && slices.ContainsFunc(out, func(g Grounding) bool { return g.Arg == lf.Path && g.Source != "" }) {
			row[lf.Path] = x
		}
	}
	var how string
	if fewWhole(f) {
		return ""
	}
	row.formulas(path, func(fm Formula) bool {
		if fm.matches(f) && declared(fm, ds) {
			how = "derived: " + fm.How
			return false
		}
		return true
	})
	return how
}
