package plan

import (
	"sort"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Joins. A positive cel check may name a record of another collection by
// what it holds rather than by its id: "some deal named X lists the id of
// the contact whose email is Y", for a contact the plan itself creates
// (state[...].exists(t, t["id"] == r.field && t.email == Y), as the
// importer writes a reference no initial record answers). No id can be
// written in the goal; the planner reads the check as its other tests
// plus a join, and resolves the join against the state its plan has made
// when it comes to the task: the ids of the records that pass the join's
// tests then, which an earlier step's observation showed (the create that
// made the contact returned it). The program stays the judge.

// resolveJoins gives a task with joins the predicates they come to in
// s's state: the field holds the key of a record that passes the join's
// tests now (the first by key when several do). A join no record passes
// yet is left out: the program will say the task does not hold.
func (p *Planner) resolveJoins(task facts.Check, s *episode.Session) facts.Check {
	if len(task.Joins) == 0 || task.Want == nil {
		return task
	}
	want := *task.Want
	want.Where = append([]assert.Predicate(nil), want.Where...)
	st := s.State()
	for _, j := range task.Joins {
		var keys []string
		for _, rec := range st.Records(j.Target) {
			if satisfy.AllHold(rec, j.Where) {
				keys = append(keys, state.Text(rec[j.Key]))
			}
		}
		if len(keys) == 0 {
			continue
		}
		sort.Strings(keys)
		want.Where = append(want.Where, assert.Predicate{Field: j.Field, Op: assert.OpEquals, Value: keys[0]})
	}
	task.Want = &want
	return task
}
