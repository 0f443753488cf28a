package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// required checks that every record holds each field its server marks
// required: a JMAP email is in a mailbox ("MUST belong to one or more
// Mailboxes at all times"), a Workable candidate applies to a job. A list
// holds at least one value. It reads the whole world, not one record:
// synthesis fills such a reference once the records it may name are drawn.
func (c *checker) required(sh *Shape, name string, col *state.Collection) {
	for _, f := range sh.names {
		if !sh.def.Fields[f].Required {
			continue
		}
		for _, rec := range col.Records {
			if !HoldsValue(rec[f]) {
				k, _ := state.KeyOf(rec, col.Key)
				c.add(RuleRef, name, k, f, rec[f], "%s is required and holds nothing", f)
			}
		}
	}
}

// HoldsValue reports whether v is a value: set, and a list with an item.
func HoldsValue(v any) bool {
	if l, ok := v.([]any); ok {
		return len(l) > 0
	}
	return atom.IsSet(v)
}
