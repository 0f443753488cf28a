package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// held reports a record the product makes itself (def.Holds: the bot user
// a Slack app posts as, the Sent mailbox) that the world's collection
// lacks.
func (c *checker) held(def *atom.Collection, name string, col *state.Collection) {
	for _, h := range def.Holds {
		if !holdsOne(col, h) {
			c.add(RuleHeld, name, state.Text(h[col.Key]), col.Key, h[col.Key], "the product's own record %v is not in the world", h)
		}
	}
}

func holdsOne(col *state.Collection, h map[string]any) bool {
	for _, r := range col.Records {
		if atom.HeldBy(h, r, col.Key) {
			return true
		}
	}
	return false
}
