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
	for _, w := range inv.With {
		if wc := c.w.Collection(app + "." + w); wc != nil {
			inv.AddWith(refs, wc.Records)
		}
	}
	fd := def.Fields[inv.Fields[0]]
	for _, rec := range col.Records {
		k, _ := state.KeyOf(rec, col.Key)
		if p, bad := inv.Referred(fd, rec, refs[k], other.Key); bad {
			c.add(RuleInvariant, name, k, p.Field, rec[p.Field], "%s", p.Message)
		}
	}
}

// granted reports the records written into a container by someone it does
// not let in: a Google Docs comment whose author holds no permission on
// the document that lets them comment, where no grant is to anyone.
func (c *checker) granted(inv atom.Invariant, def *atom.Collection, name string, col *state.Collection) {
	app, _ := state.Split(name)
	target := c.w.Collection(app + "." + def.Fields[inv.Fields[1]].Ref)
	grants := c.w.Collection(app + "." + inv.Fields[2])
	if target == nil {
		return
	}
	var byKey map[string]atom.Referrers
	if grants != nil {
		byKey = inv.GrantsOf(grants.Records)
	}
	for _, rec := range col.Records {
		ref := state.Text(rec[inv.Fields[1]])
		t, ok := target.Lookup(ref)
		if !ok {
			continue
		}
		if addr := state.Text(rec[inv.Fields[0]]); !inv.Granted(addr, t, byKey[ref]) {
			k, _ := state.KeyOf(rec, col.Key)
			c.add(RuleInvariant, name, k, inv.Fields[0], addr, "%s %s holds no %s on %s %s that lets them write there", inv.Fields[0], addr, inv.Fields[2], inv.Fields[1], ref)
		}
	}
}
