package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestAssigneeAgreesWithStatus: a Front conversation is assigned when a
// teammate holds it and unassigned when none does; an archived one may
// keep its assignee (the built-in atom's set_when and only_when).
func TestAssigneeAgreesWithStatus(t *testing.T) {
	ss := map[string]*atom.Server{"front": builtinServer(t, "front")}
	mates := state.NewCollection("front.teammates", "id", []state.Record{{"id": "tea_1", "email": "ana.ruiz@example.com"}})
	for _, c := range []struct {
		name string
		rec  state.Record
		want int
	}{
		{"assigned with no one", state.Record{"id": "cnv_1", "status": "assigned"}, 1},
		{"unassigned with someone", state.Record{"id": "cnv_1", "status": "unassigned", "assignee_id": "tea_1"}, 1},
		{"assigned to someone", state.Record{"id": "cnv_1", "status": "assigned", "assignee_id": "tea_1"}, 0},
		{"unassigned", state.Record{"id": "cnv_1", "status": "unassigned"}, 0},
		{"archived, kept", state.Record{"id": "cnv_1", "status": "archived", "assignee_id": "tea_1"}, 0},
	} {
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), mates, state.NewCollection("front.conversations", "id", []state.Record{c.rec}))
		if got := countOn(CheckWorld("d", ss, w), "front.conversations", "assignee_id"); got != c.want {
			t.Errorf("%s: %d violations on assignee_id, want %d", c.name, got, c.want)
		}
	}
}

// TestCalendlyRolesAndInvitees: a Calendly user's organization role is
// one of the product's membership roles, one owner to an organization,
// never a job title; an invitee's text does not speak of its own event as
// another.
func TestCalendlyRolesAndInvitees(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	users := []state.Record{
		{"id": "USR1", "organization_id": "ORG1", "organization_role": "owner"},
		{"id": "USR2", "organization_id": "ORG1", "organization_role": "Marketing Manager"},
		{"id": "USR3", "organization_id": "ORG1", "organization_role": "owner"},
		{"id": "USR4", "organization_id": "ORG2", "organization_role": "owner"},
	}
	vs := CheckWorld("d", ss, state.NewWorld(clock, state.NewCollection("calendly.users", "id", users)))
	if got := countOn(vs, "calendly.users", "organization_role"); got != 2 {
		t.Errorf("%d violations on organization_role, want 2 (a job title, a second owner of one organization): %v", got, vs)
	}
	events := state.NewCollection("calendly.scheduled_events", "id", []state.Record{
		{"id": "EV1", "name": "Renewal call with Initech Holdings", "event_type_id": "ET1", "status": "active"},
	})
	for _, c := range []struct {
		text string
		want int
	}{
		{"Duplicate of the scheduled event Renewal call with Initech Holdings.", 1},
		{"Duplicate of the scheduled event Kickoff with Initech Holdings.", 0},
	} {
		inv := state.NewCollection("calendly.invitees", "id", []state.Record{{"id": "INV1", "event_id": "EV1", "status": "canceled", "canceled_at": "2026-02-20T10:00:00Z", "cancel_reason": c.text}})
		got := 0
		for _, v := range CheckWorld("d", ss, state.NewWorld(clock, events, inv)) {
			if v.Collection == "calendly.invitees" && v.Rule == RuleRef {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%q: %d violations, want %d", c.text, got, c.want)
		}
	}
}
