package synth

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestNamedRecordsStartInUse synthesises apps whose records can be in the
// trash or archived (Confluence pages, Monday boards, Basecamp projects):
// no record a task names starts out of use, unless a task of the corpus
// sets that field of its collection (a restore starts from the trash).
// Look-alikes, which no task names, may.
func TestNamedRecordsStartInUse(t *testing.T) {
	c, servers := readWorld(t, 27, "confluence", "jira", "monday", "basecamp3", "teamwork", "pipedrive")
	set := map[string]bool{} // app.collection.field a task sets
	for _, in := range c.Intents {
		for _, a := range in.Goal {
			for _, p := range a.Where {
				set[a.Target+"."+p.Field] = true
			}
		}
	}
	named, gone := 0, 0
	for _, d := range c.Data {
		for _, h := range d.Handles {
			def := servers[h.App].Collection(h.Collection)
			var rec map[string]any
			for _, r := range d.Records[h.App][h.Collection] {
				if state.Text(r[def.KeyField()]) == h.Key {
					rec = r
				}
			}
			named++
			for f, fd := range def.Fields {
				v, _ := rec[f].(string)
				if fd.Role == "status" && findIn([]string{v}, goneWords) != "" && !set[h.App+"."+h.Collection+"."+f] {
					if gone++; gone <= 5 {
						t.Errorf("%s: %s.%s %s, a record a task names, starts %s %q", d.ID, h.App, h.Collection, h.Key, f, v)
					}
				}
			}
		}
	}
	if named < 50 || gone > 0 {
		t.Errorf("%d of %d named records start out of use", gone, named)
	}
}

// TestStartsTheMachineAllows: a record whose status a task sets starts
// in a state the collection's machine lets move there (a paid order is
// not to be cancelled, a refunded one moves nowhere); with no task on
// the field, only a state out of use is unfit.
func TestStartsTheMachineAllows(t *testing.T) {
	cm := &collModel{c: &atom.Collection{Lifecycle: &atom.Lifecycle{Field: "status",
		Transitions: map[string][]string{"paid": {"refunded"}}, Terminal: []string{"refunded"}}}}
	e := enumField{name: "status", values: []string{"open", "paid", "refunded", "cancelled", "archived"}}
	for _, c := range []struct {
		targets map[string]bool
		want    string
	}{
		{map[string]bool{"cancelled": true}, "paid refunded"},
		{map[string]bool{"refunded": true}, "refunded"},
		{nil, "archived"},
	} {
		got := slices.Sorted(maps.Keys(unfitStarts(cm, e, c.targets)))
		if strings.Join(got, " ") != c.want {
			t.Errorf("targets %v: unfit %v, want %s", c.targets, got, c.want)
		}
	}
}

// TestGroupsAreInUse: a workflow whose policy writes on every record of
// a group does not select the group by a state out of use: the pages in
// the trash are not to be labelled.
func TestGroupsAreInUse(t *testing.T) {
	selected := 0
	for _, seed := range []int64{27, 5, 11} {
		c, servers := readWorld(t, seed, "confluence", "wrike", "mattermost", "monday", "basecamp3")
		byID := map[string]*atom.Data{}
		for _, d := range c.Data {
			byID[d.ID] = d
		}
		intents := map[string]*atom.Intent{}
		for _, in := range c.Intents {
			intents[in.ID] = in
		}
		for _, r := range c.Recipes {
			in, d := intents[r.Intent.ID], byID[r.Data.ID]
			if in == nil || d == nil || !strings.HasPrefix(in.ID, "wf.") {
				continue
			}
			for _, slot := range []string{"w1", "w2", "w3"} {
				h, ok := d.Handles[in.Slots[slot].Handle]
				if !ok {
					continue
				}
				selected++
				def := servers[h.App].Collection(h.Collection)
				for _, rec := range d.Records[h.App][h.Collection] {
					if state.Text(rec[def.KeyField()]) != h.Key {
						continue
					}
					for _, e := range []string{"status", "state"} {
						if v, _ := rec[e].(string); len(outOfUse([]string{v})) > 0 {
							t.Errorf("seed %d: %s selects %s %s, %s %q", seed, in.ID, h.Collection, h.Key, e, v)
						}
					}
				}
			}
		}
	}
	if selected < 20 {
		t.Errorf("only %d records selected by workflows", selected)
	}
}

// TestPolicyStartsWhereTheMachineMoves: a workflow that moves records to
// a state selects them by a state the machine lets move there (a
// policy that marks documents viewed does not start from completed or
// voided ones), and offers no workflow where no state may move there; the
// record already past the start may be in any other state.
func TestPolicyStartsWhereTheMachineMoves(t *testing.T) {
	cm := &collModel{c: &atom.Collection{Lifecycle: &atom.Lifecycle{Field: "status",
		Transitions: map[string][]string{"completed": {"paid"}}, Terminal: []string{"voided", "paid"}}}}
	e := enumField{name: "status", values: []string{"draft", "sent", "viewed", "completed", "voided", "paid"}}
	rng := rand.New(rand.NewPCG(1, 2))
	starts := map[string]bool{}
	for i := range 200 {
		sel := &selection{st: stepRef{cm: cm, field: "status", value: "viewed", e: e}}
		if !sel.states(rng, i) {
			t.Fatal("no states for a move to viewed, which draft and sent may make")
		}
		starts[sel.s0] = true
	}
	if got := slices.Sorted(maps.Keys(starts)); strings.Join(got, " ") != "draft sent" {
		t.Errorf("records start from %v, want draft and sent only", got)
	}
	one := enumField{name: "status", values: []string{"draft", "completed", "voided", "sent"}}
	for i := range 50 {
		sel := &selection{st: stepRef{cm: cm, field: "status", value: "draft", e: one}}
		if !sel.states(rng, i) || sel.s0 != "sent" || sel.done == "sent" || sel.done == "draft" {
			t.Fatalf("a move to draft that only sent may make: start %q, done %q; want sent, and another done", sel.s0, sel.done)
		}
	}
	two := &selection{st: stepRef{cm: &collModel{c: &atom.Collection{}}, field: "status", value: "canceled", e: enumField{name: "status", values: []string{"active", "canceled"}}}}
	if !two.states(rng, 0) || two.s0 != "active" || two.done != "canceled" {
		t.Errorf("a move from active to canceled, the field's two values: start %q, done %q; want active, and one already canceled", two.s0, two.done)
	}
	none := &selection{st: stepRef{cm: cm, field: "status", value: "draft", e: enumField{name: "status", values: []string{"draft", "completed", "voided"}}}}
	if none.states(rng, 0) {
		t.Errorf("a move to draft that no state may make gave a workflow starting at %q", none.s0)
	}
}
