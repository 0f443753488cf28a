package verify

import "github.com/legoenv/legoenv/assert"

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
