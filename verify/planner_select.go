package verify

import (
	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
)

// heldSelection picks the predicates that say which existing record a goal
// is about when an update could write every field it names (the lead whose
// email is lee@acme.example gets status Hot, and the update tool takes an
// email too): the equality predicates some record of the collection already
// satisfies, where that record does not yet satisfy them all. With none,
// nothing selects a record and a create is the way.
func (p *planner) heldSelection(ci *collInfo, preds []assert.Predicate, s *episode.Session) []assert.Predicate {
	var eq []assert.Predicate
	for _, pr := range preds {
		switch pr.Op {
		case assert.OpEquals, assert.OpIEquals:
			eq = append(eq, pr)
		}
	}
	if len(eq) == 0 {
		return nil
	}
	var best []assert.Predicate
	for _, r := range s.State().Records(ci.name) {
		if allHold(r, preds) {
			continue
		}
		var held []assert.Predicate
		for _, pr := range eq {
			if predHolds(r, pr) {
				held = append(held, pr)
			}
		}
		if len(held) > len(best) {
			best = held
		}
	}
	return best
}
