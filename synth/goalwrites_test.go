package synth

import (
	"maps"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestGoalWritesKeepOnlyWhen: a goal that writes a value on a record a
// task names asks for a state the collection's only_when rules allow.
// Statuspage keeps an outage's impact (minor, major, critical) to an
// incident: a task that sets a record's impact to 'major' names an
// incident, not a scheduled maintenance, and a task that reads a
// maintenance's window off it and hands it to another app marks it with
// a maintenance's state, not an outage's impact.
func TestGoalWritesKeepOnlyWhen(t *testing.T) {
	checked := 0
	for seed := int64(50); seed <= 66; seed++ {
		checked += checkGoalWrites(t, seed, "statuspage")
	}
	checked += checkGoalWrites(t, 60, "statuspage", "wrike")
	if checked < 10 {
		t.Errorf("%d goal writes checked, want more", checked)
	}
}

// checkGoalWrites checks the goal writes on Statuspage of the world of
// apps drawn with seed, and returns how many it checked.
func checkGoalWrites(t *testing.T, seed int64, apps ...string) int {
	c, servers := readWorld(t, seed, apps...)
	checked := 0
	for _, in := range c.Intents {
		for _, g := range in.Goal {
			if g.Type != assert.Exists || !strings.HasPrefix(g.Target, "statuspage.") {
				continue
			}
			coll := servers["statuspage"].Collection(strings.TrimPrefix(g.Target, "statuspage."))
			slot, writes := goalWrites(coll, g.Where)
			h := in.Slots[slot].Handle
			if coll == nil || h == "" || len(writes) == 0 {
				continue
			}
			for _, d := range c.Data {
				hd, ok := d.Handles[h]
				if !ok {
					continue
				}
				for _, rec := range d.Records["statuspage"][coll.Name] {
					if state.Text(rec[coll.KeyField()]) != hd.Key {
						continue
					}
					final := maps.Clone(rec)
					maps.Copy(final, writes)
					checked++
					for _, inv := range coll.Invariants {
						if inv.Rule == "only_when" && coll.Denies(inv, final) {
							t.Errorf("%s on %s: goal %q writes %v on %v (%s %v), yet only_when keeps %s %v to %s in %v",
								in.ID, d.ID, g.Label, writes, rec[coll.KeyField()], inv.Fields[1], rec[inv.Fields[1]], inv.Fields[0], final[inv.Fields[0]], inv.Fields[1], inv.In)
						}
					}
				}
			}
		}
	}
	return checked
}

// goalWrites is the slot a goal's key predicate names and the values its
// other equality predicates ask the record to hold.
func goalWrites(coll *atom.Collection, w []assert.Predicate) (string, map[string]any) {
	if coll == nil {
		return "", nil
	}
	slot, writes := "", map[string]any{}
	for _, p := range w {
		s, _ := p.Value.(string)
		switch {
		case p.Op != assert.OpEquals:
		case p.Field == coll.KeyField() && strings.HasPrefix(s, "{{") && !strings.Contains(s, "."):
			slot = strings.Trim(s, "{}")
		case !strings.HasPrefix(s, "{{"):
			writes[p.Field] = p.Value
		}
	}
	return slot, writes
}
