package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// invariants checks the declared rules that span records: a number the
// product keeps unique, and a display name beside a reference that must
// be the referenced record's.
func (c *checker) invariants(def *atom.Collection, name string, col *state.Collection) {
	app, _ := state.Split(name)
	for _, inv := range def.Invariants {
		switch inv.Rule {
		case "unique":
			seen := map[string]string{}
			f := inv.Fields[0]
			for _, rec := range col.Records {
				k, _ := state.KeyOf(rec, col.Key)
				v := state.Text(rec[f])
				if v == "" {
					continue
				}
				if other, dup := seen[v]; dup {
					c.add(RuleInvariant, name, k, f, rec[f], "%s %q is also %s's", f, v, other)
				}
				seen[v] = k
			}
		case "display":
			target := c.w.Collection(app + "." + def.Fields[inv.Fields[1]].Ref)
			if target == nil {
				continue
			}
			for _, rec := range col.Records {
				c.display(inv, name, col.Key, target, rec)
			}
		}
	}
}

func (c *checker) display(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	shown, ref := state.Text(rec[inv.Fields[0]]), state.Text(rec[inv.Fields[1]])
	if shown == "" || ref == "" {
		return
	}
	t, ok := target.Lookup(ref)
	if !ok {
		return
	}
	if want, ok := inv.Display(t); ok && want != shown {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], shown, "%s is %q but %s %s is %q", inv.Fields[0], shown, inv.Fields[1], ref, want)
	}
}
