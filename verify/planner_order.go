package verify

import (
	"sort"

	"github.com/legoenv/legoenv/assert"
)

// countsLast orders the positive tasks so that a count comes after the
// other positives on its collection: the records they create are among
// those it counts ("two rows, one of them about Beta" adds the Beta row,
// then checks the count), where planning the count first would add a
// record the next task cannot reuse and then read the second add as
// breaking the count. The order of the others is kept.
func countsLast(positives []checkInfo) []checkInfo {
	others := map[string]bool{}
	for _, c := range positives {
		if a := c.plan(); a.Type != assert.Count {
			others[a.Target] = true
		}
	}
	var head, tail []checkInfo
	for _, c := range positives {
		if a := c.plan(); a.Type == assert.Count && others[a.Target] {
			tail = append(tail, c)
			continue
		}
		head = append(head, c)
	}
	return append(head, tail...)
}

// spareNeeded orders the records a removal may take so that those another
// positive goal on the collection stands on come last: to bring three rows
// down to one and keep the row about B, the others go. The order among
// equals is kept.
func (p *planner) spareNeeded(task checkInfo, recs []map[string]any) []map[string]any {
	target := task.plan().Target
	var others []checkInfo
	for _, c := range p.info.checks {
		if a := c.plan(); c.goal && c.index != task.index && a.Type == assert.Exists && a.Target == target {
			others = append(others, c)
		}
	}
	if len(others) == 0 {
		return recs
	}
	needs := func(r map[string]any) int {
		n := 0
		for _, c := range others {
			if c.match(r) {
				n++
			}
		}
		return n
	}
	out := append([]map[string]any(nil), recs...)
	sort.SliceStable(out, func(i, j int) bool { return needs(out[i]) < needs(out[j]) })
	return out
}
