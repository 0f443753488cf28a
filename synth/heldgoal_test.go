package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestGoalNotHeldAtStart synthesises Statuspage's hand-offs (a
// maintenance's impact is only none) and Yahoo Mail's flags (a draft is
// seen): no task asks its record for a value the record already holds.
func TestGoalNotHeldAtStart(t *testing.T) {
	marks := 0
	for seed := int64(61); seed < 64; seed++ {
		c, servers := readWorld(t, seed, "statuspage", "dropbox_sign", "yahoo_mail")
		marks += heldGoals(t, c, servers)
	}
	if marks < 10 {
		t.Errorf("%d marks read; want more", marks)
	}
}

// heldGoals reports each recipe whose goal asks the record a slot names
// for constants it holds before any step, and returns how many such asks
// it read.
func heldGoals(t *testing.T, c *Corpus, servers map[string]*atom.Server) int {
	intents, data := map[string]*atom.Intent{}, map[string]*atom.Data{}
	for _, in := range c.Intents {
		intents[in.ID] = in
	}
	for _, d := range c.Data {
		data[d.ID] = d
	}
	n := 0
	for _, rc := range c.Recipes {
		in, d := intents[rc.Intent.ID], data[rc.Data.ID]
		if in == nil || d == nil {
			continue
		}
		for _, a := range in.Goal {
			rec, consts := slotRecord(in, d, a, servers)
			if rec == nil || len(consts) == 0 {
				continue
			}
			n++
			held := true
			for _, p := range consts {
				held = held && state.Text(rec[p.Field]) == state.Text(p.Value)
			}
			if held {
				t.Errorf("%s on %s: %s holds %v before any step", in.ID, d.ID, a.Target, consts)
			}
		}
	}
	return n
}

// slotRecord is the record an exists assertion pins by a slot's key,
// with the constants it asks of it (nil where it asks anything else).
func slotRecord(in *atom.Intent, d *atom.Data, a assert.Assertion, servers map[string]*atom.Server) (map[string]any, []assert.Predicate) {
	if a.Type != assert.Exists {
		return nil, nil
	}
	var h atom.Handle
	var consts []assert.Predicate
	for _, p := range a.Where {
		s, _ := p.Value.(string)
		switch {
		case p.Op != assert.OpEquals:
			return nil, nil
		case strings.HasPrefix(s, "{{") && !strings.Contains(s, "."):
			h = d.Handles[in.Slots[strings.Trim(s, "{}")].Handle]
		case strings.Contains(s, "{{"):
			return nil, nil
		default:
			consts = append(consts, p)
		}
	}
	app, coll, _ := strings.Cut(a.Target, ".")
	if h.App != app || h.Collection != coll {
		return nil, nil
	}
	key := servers[app].Collection(coll).KeyField()
	for _, r := range d.Records[app][coll] {
		if state.Text(r[key]) == h.Key {
			return r, consts
		}
	}
	return nil, nil
}
