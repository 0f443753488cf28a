package plan

import (
	"sort"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/verify/facts"
)

// countsLast orders the positive tasks so that a count comes after the
// other positives on its collection: the records they create are among
// those it counts ("two rows, one of them about Beta" adds the Beta row,
// then checks the count), where planning the count first would add a
// record the next task cannot reuse and then read the second add as
// breaking the count. The order of the others is kept.
func countsLast(positives []facts.Check) []facts.Check {
	others := map[string]bool{}
	for _, c := range positives {
		if a := c.Plan(); a.Type != assert.Count {
			others[a.Target] = true
		}
	}
	var head, tail []facts.Check
	for _, c := range positives {
		if a := c.Plan(); a.Type == assert.Count && others[a.Target] {
			tail = append(tail, c)
			continue
		}
		head = append(head, c)
	}
	return append(head, tail...)
}

// spareNeeded orders the records a removal may take: first those a
// negative goal assertion on the collection forbids (they must go anyway:
// to bring three rows down to two and lose the cancelled order's row, that
// row goes), last those another positive goal on the collection stands on
// (to bring three rows down to one and keep the row about B, the others
// go). The order among equals is kept.
func (p *Planner) spareNeeded(task facts.Check, recs []map[string]any) []map[string]any {
	target := task.Plan().Target
	var others, forbids []facts.Check
	for _, c := range p.info.Checks {
		a := c.Plan()
		if !c.Goal || c.Index == task.Index || a.Target != target {
			continue
		}
		switch {
		case a.Type == assert.Exists:
			others = append(others, c)
		case a.Type == assert.NotExists:
			forbids = append(forbids, c)
		}
	}
	if len(others)+len(forbids) == 0 {
		return recs
	}
	rank := func(r map[string]any) int {
		n := 0
		for _, c := range others {
			if c.Match(r) {
				n++
			}
		}
		for _, c := range forbids {
			if c.Match(r) {
				n -= len(others) + 1
			}
		}
		return n
	}
	out := append([]map[string]any(nil), recs...)
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}
