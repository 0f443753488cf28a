package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEstimatesOnAScale: a Linear issue's estimate is a point of an
// estimate scale (the built-in atom's enum); 33 is on none. (Its team
// records no scale: the rules of its team's scale judge teamId.)
func TestEstimatesOnAScale(t *testing.T) {
	ss := map[string]*atom.Server{"linear": builtinServer(t, "linear")}
	for _, c := range []struct {
		estimate float64
		want     int
	}{{5, 0}, {13, 0}, {0, 0}, {33, 1}, {22, 1}} {
		team := state.Record{"id": "team-1", "name": "Payments", "key": "PAY"}
		issue := state.Record{"id": "iss-62666", "teamId": "team-1", "title": "Refund request for order 41463", "estimate": c.estimate, "state": "Todo"}
		w := state.NewWorld(time.Date(2026, 3, 30, 9, 0, 0, 0, time.UTC),
			state.NewCollection("linear.teams", "id", []state.Record{team}),
			state.NewCollection("linear.issues", "id", []state.Record{issue}))
		if got := violationsOn(ss, w, "linear.issues", "estimate"); got != c.want {
			t.Errorf("estimate %v: %d violations, want %d", c.estimate, got, c.want)
		}
	}
}

// TestEstimateOnItsTeamsScale: a Linear issue's estimate is a point of its
// own team's scale (https://linear.app/docs/estimates; the built-in atom's
// refers_to rules by follows): 5 is on a Fibonacci team's and not on an
// exponential one's, 16 the reverse, and 2 is on every scale; a team of no
// recorded scale holds none of 3 and up.
func TestEstimateOnItsTeamsScale(t *testing.T) {
	ss := map[string]*atom.Server{"linear": builtinServer(t, "linear")}
	for _, c := range []struct {
		scale    string
		estimate float64
		want     int
	}{{"fibonacci", 5, 0}, {"exponential", 5, 1}, {"exponential", 16, 0}, {"tShirt", 16, 1}, {"linear", 7, 0}, {"linear", 8, 1}, {"exponential", 2, 0}, {"", 3, 1}} {
		team := state.Record{"id": "team-1", "name": "Payments", "key": "PAY"}
		if c.scale != "" {
			team["issueEstimationType"] = c.scale
		}
		issue := state.Record{"id": "iss-62666", "teamId": "team-1", "title": "Refund request for order 41463", "estimate": c.estimate, "state": "Todo"}
		w := state.NewWorld(time.Date(2026, 3, 30, 9, 0, 0, 0, time.UTC),
			state.NewCollection("linear.teams", "id", []state.Record{team}),
			state.NewCollection("linear.issues", "id", []state.Record{issue}))
		if got := violationsOn(ss, w, "linear.issues", "teamId"); got != c.want {
			t.Errorf("estimate %v on a team of scale %q: %d violations, want %d", c.estimate, c.scale, got, c.want)
		}
	}
}

// TestContactOnceInAList: an ActiveCampaign contact is in a list once
// (unique over contact and list); a second contactList of the pair is a
// violation, one of another list is not.
func TestContactOnceInAList(t *testing.T) {
	ss := map[string]*atom.Server{"activecampaign": builtinServer(t, "activecampaign")}
	for _, c := range []struct {
		name, list string
		want       int
	}{{"another list", "310444", 0}, {"the same list", "353710", 1}} {
		contact := state.Record{"id": "163733", "email": "noor.hollister@ironcladsystems.example", "firstName": "Noor", "lastName": "Hollister"}
		lists := []state.Record{{"id": "353710", "name": "Winter partner spotlight"}, {"id": "310444", "name": "Spring webinar"}}
		cls := []state.Record{
			{"id": "912370", "contact": "163733", "list": "353710", "status": 1.0},
			{"id": "950518", "contact": "163733", "list": c.list, "status": 1.0},
		}
		w := state.NewWorld(time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC),
			state.NewCollection("activecampaign.contacts", "id", []state.Record{contact}),
			state.NewCollection("activecampaign.lists", "id", lists),
			state.NewCollection("activecampaign.contact_lists", "id", cls))
		n := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "activecampaign.contact_lists" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d violations on contact_lists, want %d", c.name, n, c.want)
		}
	}
}

// TestMeetingsThatTakeRegistration: a Zoom meeting requires registration
// only where it is scheduled or recurring with a fixed time (type 2 or
// 8) and approves registrants (approval_type 0 or 1); approval_type 2 is
// "No registration required".
func TestMeetingsThatTakeRegistration(t *testing.T) {
	ss := map[string]*atom.Server{"zoom": builtinServer(t, "zoom")}
	for _, c := range []struct {
		name     string
		typ      float64
		required bool
		approval float64
		want     int
	}{
		{"scheduled, registration approved automatically", 2, true, 0, 0},
		{"recurring with a fixed time, approved manually", 8, true, 1, 0},
		{"scheduled, no registration", 2, false, 2, 0},
		{"instant meeting taking registration", 1, true, 0, 1},
		{"recurring with no fixed time taking registration", 3, true, 1, 1},
		{"registration required, approval_type 2", 2, true, 2, 1},
		{"approval_type 0 without registration", 2, false, 0, 1},
	} {
		meeting := state.Record{"id": "851256823", "topic": "Onboarding session for Cedar Peak Partners", "type": c.typ, "status": "waiting",
			"registration_required": c.required, "approval_type": c.approval}
		w := state.NewWorld(time.Date(2026, 5, 28, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoom.meetings", "id", []state.Record{meeting}))
		n := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "zoom.meetings" && v.Rule == RuleInvariant {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d invariant violations, want %d", c.name, n, c.want)
		}
	}
}

// TestKitSubscriberOnceInASequence: a Kit subscriber is in a sequence once
// (unique over sequence_id and subscriber_id); a second subscription of
// the pair is a violation, one to another sequence is not.
func TestKitSubscriberOnceInASequence(t *testing.T) {
	ss := map[string]*atom.Server{"convertkit": builtinServer(t, "convertkit")}
	for _, c := range []struct {
		name, seq string
		want      int
	}{{"another sequence", "7310", 0}, {"the same sequence", "7304", 1}} {
		sub := state.Record{"id": "2481", "email_address": "noor.hollister@ironcladsystems.example", "first_name": "Noor", "state": "active", "created_at": "2026-01-05T09:00:00Z"}
		seqs := []state.Record{{"id": "7304", "name": "Onboarding", "repeat": false}, {"id": "7310", "name": "Renewal reminders", "repeat": false}}
		subs := []state.Record{
			{"id": "ss1", "sequence_id": "7304", "subscriber_id": "2481", "state": "active", "created_at": "2026-02-01T09:00:00Z"},
			{"id": "ss2", "sequence_id": c.seq, "subscriber_id": "2481", "state": "active", "created_at": "2026-02-03T09:00:00Z"},
		}
		w := state.NewWorld(time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC),
			state.NewCollection("convertkit.subscribers", "id", []state.Record{sub}),
			state.NewCollection("convertkit.sequences", "id", seqs),
			state.NewCollection("convertkit.sequence_subscriptions", "id", subs))
		n := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "convertkit.sequence_subscriptions" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d violations on sequence_subscriptions, want %d", c.name, n, c.want)
		}
	}
}

// TestWaveMemoOfItsCustomersCompany: a Wave invoice's memo speaks of its
// customer's company (the domain of the customer's email), no other
// (agrees by company).
func TestWaveMemoOfItsCustomersCompany(t *testing.T) {
	ss := map[string]*atom.Server{"wave": builtinServer(t, "wave")}
	for _, c := range []struct {
		memo string
		want int
	}{
		{"Services for Acme Labs, March.", 0},
		{"Services for Globex Inc, March.", 1},
		{"Thank you for your business.", 0},
	} {
		cust := state.Record{"id": "QnVzaW5lc3M6Q3101", "name": "Noor Abernathy", "email": "noor.abernathy@acmelabs.example", "date_created": "2026-01-05T09:00:00Z"}
		inv := state.Record{"id": "QnVzaW5lc3M6SW201", "invoice_number": "1042", "customer_id": "QnVzaW5lc3M6Q3101", "memo": c.memo, "date_created": "2026-02-01T09:00:00Z"}
		w := state.NewWorld(time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC),
			state.NewCollection("wave.customers", "id", []state.Record{cust}),
			state.NewCollection("wave.invoices", "id", []state.Record{inv}))
		if got := violationsOn(ss, w, "wave.invoices", "memo"); got != c.want {
			t.Errorf("memo %q: %d violations, want %d", c.memo, got, c.want)
		}
	}
}

// TestStatuspageMaintenanceDoesNotGoBack: a Statuspage maintenance that
// has begun or is over is not scheduled again, and a realtime incident
// does not become a maintenance (the built-in atom's lifecycle); a
// scheduled one begins, and a realtime one moves among its states.
func TestStatuspageMaintenanceDoesNotGoBack(t *testing.T) {
	lc := builtinServer(t, "statuspage").Collection("incidents").Lifecycle
	for _, c := range []struct {
		from, to string
		allowed  bool
	}{
		{"in_progress", "scheduled", false}, {"verifying", "scheduled", false}, {"completed", "scheduled", false},
		{"resolved", "scheduled", false}, {"investigating", "scheduled", false},
		{"scheduled", "in_progress", true}, {"in_progress", "completed", true}, {"investigating", "resolved", true},
	} {
		if got := lc.Check(c.from, c.to) == nil; got != c.allowed {
			t.Errorf("%s -> %s allowed %v, want %v", c.from, c.to, got, c.allowed)
		}
	}
}
