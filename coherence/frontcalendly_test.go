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
// one of the product's membership roles, never a job title; an invitee's
// text does not speak of its own event as another.
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
	if got := countOn(vs, "calendly.users", "organization_role"); got != 1 {
		t.Errorf("%d violations on organization_role, want 1 (a job title): %v", got, vs)
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

// TestSupervisorAndSenderAreTheCompanys: a BambooHR CTO supervised by an
// office manager reports to one below them (senior on supervisorId), as a
// Rippling one does; a Constant Contact campaign sent from another
// company's address is not sent from one of the account's own.
func TestSupervisorAndSenderAreTheCompanys(t *testing.T) {
	ss := map[string]*atom.Server{"bamboohr": builtinServer(t, "bamboohr"), "constant_contact": builtinServer(t, "constant_contact")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		boss string
		want int
	}{{"Office Manager", 1}, {"CEO", 0}} {
		es := []state.Record{
			{"id": "401", "firstName": "Ana", "lastName": "Ruiz", "jobTitle": c.boss, "status": "Active", "hireDate": "2020-01-06"},
			{"id": "402", "firstName": "Kalani", "lastName": "Drummond", "jobTitle": "CTO", "supervisorId": "401", "status": "Active", "hireDate": "2022-03-07"},
		}
		vs := CheckWorld("d", ss, state.NewWorld(clock, state.NewCollection("bamboohr.employees", "id", es)))
		if got := countOn(vs, "bamboohr.employees", "supervisorId"); got != c.want {
			t.Errorf("a CTO under a %s: %d violations, want %d: %v", c.boss, got, c.want, vs)
		}
	}
	home := state.NewCollection("constant_contact.contacts", "contact_id", []state.Record{
		{"contact_id": "c1", "first_name": "Ana", "last_name": "Ruiz", "email_address": "ana.ruiz@bluebirdlogistics.example", "company_name": "Bluebird Logistics"},
		{"contact_id": "c2", "first_name": "Zoe", "last_name": "Park", "email_address": "zoe.park@bluebirdlogistics.example", "company_name": "Bluebird Logistics"},
	})
	for _, c := range []struct {
		from string
		want int
	}{{"ivan.larsen@maplepartners.example", 1}, {"ana.ruiz@bluebirdlogistics.example", 0}} {
		camp := state.NewCollection("constant_contact.email_campaigns", "campaign_id", []state.Record{
			{"campaign_id": "987cb9ab-1", "name": "Spring launch", "subject": "Spring launch", "current_status": "Draft", "from_email": "zoe.park@bluebirdlogistics.example", "reply_to_email": "zoe.park@bluebirdlogistics.example"},
			{"campaign_id": "987cb9ab-2", "name": "Autumn promo", "subject": "Autumn promo", "current_status": "Draft", "from_email": c.from, "reply_to_email": "ana.ruiz@bluebirdlogistics.example"},
		})
		vs := CheckWorld("d", ss, state.NewWorld(clock, home, camp))
		if got := countOn(vs, "constant_contact.email_campaigns", "from_email"); got != c.want {
			t.Errorf("sent from %s: %d violations, want %d: %v", c.from, got, c.want, vs)
		}
	}
}

// TestOwnThingsLinkToTheOwnSite: a Facebook lead ad is the advertiser's
// own (own: true), so its link is on the company's own site, whose people
// write from bluebirdlogistics.example: one on another company's site is a
// violation; one on the company's own, on a site the ad's name names, or
// on no company's site is not.
func TestOwnThingsLinkToTheOwnSite(t *testing.T) {
	ss := map[string]*atom.Server{"front": builtinServer(t, "front"), "facebook_lead_ads": builtinServer(t, "facebook_lead_ads")}
	mates := state.NewCollection("front.teammates", "id", []state.Record{
		{"id": "tea_1", "email": "ana.ruiz@bluebirdlogistics.example"}, {"id": "tea_2", "email": "zoe.park@bluebirdlogistics.example"},
	})
	for _, c := range []struct {
		name, link string
		want       int
	}{
		{"Spring lead form", "https://www.hoolilogistics.example/ad/3467", 1},
		{"Spring lead form", "https://www.bluebirdlogistics.example/ad/3467", 0},
		{"Hooli Logistics co-marketing form", "https://www.hoolilogistics.example/ad/3467", 0},
		{"Spring lead form", "https://facebook-lead-ads.example/ads/3467", 0},
	} {
		ads := state.NewCollection("facebook_lead_ads.ads", "id", []state.Record{{"id": "2385001", "ad_name": c.name, "link": c.link, "status": "ACTIVE"}})
		if got := countOn(CheckWorld("d", ss, state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), mates, ads)), "facebook_lead_ads.ads", "link"); got != c.want {
			t.Errorf("%s at %s: %d violations, want %d", c.name, c.link, got, c.want)
		}
	}
}

// TestInviteeOfACanceledEventIsCanceled: cancelling a Calendly scheduled
// event cancels its invitees; an active invitee of a canceled event is a
// violation on its status, of an active event none.
func TestInviteeOfACanceledEventIsCanceled(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		event, invitee string
		want           int
	}{{"canceled", "active", 1}, {"canceled", "canceled", 0}, {"active", "active", 0}, {"active", "canceled", 0}} {
		ev, inv := eventAndInvitee(c.event, c.invitee)
		vs := CheckWorld("d", ss, state.NewWorld(clock, state.NewCollection("calendly.scheduled_events", "id", []state.Record{ev}),
			state.NewCollection("calendly.invitees", "id", []state.Record{inv})))
		if got := countOn(vs, "calendly.invitees", "status"); got != c.want {
			t.Errorf("%s invitee of a %s event: %d violations on status, want %d: %v", c.invitee, c.event, got, c.want, vs)
		}
	}
}

// TestOneOnOneEventCancelsWithItsInvitee: a one-on-one event (type kind
// solo) is canceled with its one invitee, so a canceled invitee of an
// active one-on-one event is a violation on its status; of a group event,
// where an invitee cancels alone, none.
func TestOneOnOneEventCancelsWithItsInvitee(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		kind, event, invitee string
		want                 int
	}{{"solo", "active", "canceled", 1}, {"solo", "active", "active", 0}, {"solo", "canceled", "canceled", 0},
		{"group", "active", "canceled", 0}, {"collective", "active", "canceled", 0}, {"", "active", "canceled", 0}} {
		ev, inv := eventAndInvitee(c.event, c.invitee)
		types := []state.Record{}
		if c.kind != "" {
			types = append(types, state.Record{"id": "ET1", "name": "Renewal call", "kind": c.kind})
		}
		vs := CheckWorld("d", ss, state.NewWorld(clock, state.NewCollection("calendly.scheduled_events", "id", []state.Record{ev}),
			state.NewCollection("calendly.event_types", "id", types),
			state.NewCollection("calendly.invitees", "id", []state.Record{inv})))
		if got := countOn(vs, "calendly.invitees", "status"); got != c.want {
			t.Errorf("%s invitee of a %s %s event: %d violations on status, want %d: %v", c.invitee, c.event, c.kind, got, c.want, vs)
		}
	}
}

// eventAndInvitee are a Calendly event of type ET1 and its invitee in the
// given statuses, each canceled one stamped.
func eventAndInvitee(event, invitee string) (state.Record, state.Record) {
	ev := state.Record{"id": "EV1", "name": "Renewal call", "event_type_id": "ET1", "status": event}
	inv := state.Record{"id": "INV1", "event_id": "EV1", "status": invitee}
	if event == "canceled" {
		ev["canceled_at"] = "2026-02-20T10:00:00Z"
	}
	if invitee == "canceled" {
		inv["canceled_at"] = "2026-02-20T10:00:00Z"
	}
	return ev, inv
}
