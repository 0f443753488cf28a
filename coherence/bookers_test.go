package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTicketAssigneeIsAnAgent: a Zendesk ticket's assignee is an agent or
// an admin, never an end user (the built-in atom's refers_to on
// assignee_id).
func TestTicketAssigneeIsAnAgent(t *testing.T) {
	ss := map[string]*atom.Server{"zendesk": builtinServer(t, "zendesk")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	users := state.NewCollection("zendesk.users", "id", []state.Record{
		{"id": "382001", "name": "Ana Ruiz", "email": "ana.ruiz@example.com", "role": "agent"},
		{"id": "382002", "name": "Bo Chen", "email": "bo.chen@globex.example", "role": "end-user"},
		{"id": "382003", "name": "Cy Diaz", "email": "cy.diaz@example.com", "role": "admin"},
	})
	for _, c := range []struct {
		assignee string
		want     int
	}{{"382001", 0}, {"382002", 1}, {"382003", 0}} {
		tickets := state.NewCollection("zendesk.tickets", "id", []state.Record{{"id": "351001", "subject": "Login fails", "status": "open", "assignee_id": c.assignee}})
		vs := CheckWorld("d", ss, state.NewWorld(clock, users, tickets))
		if got := countOn(vs, "zendesk.tickets", "assignee_id"); got != c.want {
			t.Errorf("assignee %s: %d violations on assignee_id, want %d: %v", c.assignee, got, c.want, vs)
		}
	}
}

// TestInviteeAtItsEventsCompany: a Calendly invitee of an event named for
// a company books it from that company's address, and its reason for
// calling off names no other company (agrees by company on event_id).
func TestInviteeAtItsEventsCompany(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	events := state.NewCollection("calendly.scheduled_events", "id", []state.Record{
		{"id": "EV1", "name": "Renewal call with Initech Group", "status": "active"},
		{"id": "EV2", "name": "Weekly sync", "status": "active"},
	})
	for _, c := range []struct {
		name       string
		event      string
		email, why string
		field      string
		want       int
	}{
		{"at the event's company", "EV1", "uma.ivanova@initechgroup.example", "", "email", 0},
		{"at another company", "EV1", "uma.ivanova@starklabs.example", "", "email", 1},
		{"an event of no company", "EV2", "uma.ivanova@starklabs.example", "", "email", 0},
		{"called off for another company", "EV1", "uma.ivanova@initechgroup.example", "Uma Ivanova left Stark Labs and nobody took over.", "cancel_reason", 1},
	} {
		rec := state.Record{"id": "INV1", "event_id": c.event, "name": "Uma Ivanova", "first_name": "Uma", "last_name": "Ivanova", "email": c.email, "status": "active"}
		if c.why != "" {
			rec["status"], rec["cancel_reason"], rec["canceled_at"] = "canceled", c.why, "2026-02-20T10:00:00Z"
		}
		vs := CheckWorld("d", ss, state.NewWorld(clock, events, state.NewCollection("calendly.invitees", "id", []state.Record{rec})))
		if got := countOn(vs, "calendly.invitees", c.field); got != c.want {
			t.Errorf("%s: %d violations on %s, want %d: %v", c.name, got, c.field, c.want, vs)
		}
	}
}

// TestRefundOnASucceededCharge: a Stripe refund is of a charge that
// succeeded; a failed or pending charge took no money to give back, so
// it holds no refund of any status, not even a failed one, which moved
// no money itself (the built-in atom's refers_to on charge).
func TestRefundOnASucceededCharge(t *testing.T) {
	ss := map[string]*atom.Server{"stripe": builtinServer(t, "stripe")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		status string
		want   int
	}{{"succeeded", 0}, {"failed", 1}, {"pending", 1}} {
		charges := state.NewCollection("stripe.charges", "id", []state.Record{{"id": "ch_10001", "amount": 5000, "currency": "usd", "status": c.status}})
		refunds := state.NewCollection("stripe.refunds", "id", []state.Record{{"id": "re_10001", "charge": "ch_10001", "amount": 2000, "status": "failed"}})
		vs := CheckWorld("d", ss, state.NewWorld(clock, charges, refunds))
		if got := countOn(vs, "stripe.refunds", "charge"); got != c.want {
			t.Errorf("charge %s: %d violations on charge, want %d: %v", c.status, got, c.want, vs)
		}
	}
}
