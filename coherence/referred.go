package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// referredBy reports the records whose flag, list or value says otherwise
// than the records of another collection that refer to them: a Gmail
// message with attachments none of which is on it, a thread listing a
// message that is in another, a Drive file not shared that holds a grant,
// a document with two owner permissions.
func (c *checker) referredBy(inv atom.Invariant, def *atom.Collection, name string, col *state.Collection) {
	app, _ := state.Split(name)
	other := c.w.Collection(app + "." + inv.Fields[1])
	if other == nil {
		return
	}
	refs := inv.ReferrersOf(other.Records)
	fd := def.Fields[inv.Fields[0]]
	for _, rec := range col.Records {
		k, _ := state.KeyOf(rec, col.Key)
		if p, bad := inv.Referred(fd, rec, refs[k], other.Key); bad {
			c.add(RuleInvariant, name, k, p.Field, rec[p.Field], "%s", p.Message)
		}
	}
}
