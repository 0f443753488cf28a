package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// held reports a record the product makes itself (def.Holds: the bot user
// a Slack app posts as) that the world's collection lacks.
func (c *checker) held(def *atom.Collection, name string, col *state.Collection) {
	for _, h := range def.Holds {
		if k := state.Text(h[col.Key]); !hasKey(col, k) {
			c.add(RuleInvariant, name, k, col.Key, h[col.Key], "the product's own record %s is not in the world (holds)", k)
		}
	}
}

func hasKey(col *state.Collection, k string) bool {
	_, ok := col.Lookup(k)
	return ok
}
