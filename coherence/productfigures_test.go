package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// eighthClock is the clock of the worlds these tests check.
var eighthClock = time.Date(2026, 6, 9, 9, 0, 0, 0, time.UTC)

// TestMonthlyBudgetIsTheDailysMonth: a Google Ads campaign's monthly
// budget is its daily budget times 30.4 (the built-in atom's ratio rule
// of two fields); a monthly budget of a few days' is a violation.
func TestMonthlyBudgetIsTheDailysMonth(t *testing.T) {
	ss := map[string]*atom.Server{"google_ads": builtinServer(t, "google_ads")}
	for _, c := range []struct {
		name           string
		daily, monthly float64
		want           int
	}{
		{"the daily budget's month", 23604.85, 717587.44, 0},
		{"a month of 2.6 days", 860.36, 2210.86, 1},
		{"under its daily budget", 23604.85, 360.19, 1},
	} {
		camp := state.Record{"id": "203353213", "name": "Q3 partner spotlight", "status": "ENABLED", "daily_budget": c.daily, "monthly_budget": c.monthly}
		w := state.NewWorld(eighthClock, state.NewCollection("google_ads.campaigns", "id", []state.Record{camp}))
		if got := violationsOn(ss, w, "google_ads.campaigns", "monthly_budget"); got != c.want {
			t.Errorf("%s: %d violations on monthly_budget, want %d", c.name, got, c.want)
		}
	}
}

// TestTransferNamesItsAccountsCodes: a Xero bank transfer's account codes
// are the codes of the accounts it names (display rules); a code of no
// such account is a violation on its field.
func TestTransferNamesItsAccountsCodes(t *testing.T) {
	ss := map[string]*atom.Server{"xero": builtinServer(t, "xero")}
	accounts := []state.Record{
		{"account_id": "c9d0e1f2-50714", "code": "ACC-7365", "name": "Business account"},
		{"account_id": "c9d0e1f2-75283", "code": "ACC-9570", "name": "Savings account"},
	}
	for _, c := range []struct {
		name, from, to string
		want           int // violations on from_bank_account_code
	}{
		{"the accounts' codes", "ACC-7365", "ACC-9570", 0},
		{"a code of its own", "TRA-9215", "ACC-9570", 1},
		{"the other account's code", "ACC-9570", "ACC-9570", 1},
	} {
		tr := state.Record{"bank_transfer_id": "e5f6a7b8-71182", "from_bank_account_id": "c9d0e1f2-50714", "to_bank_account_id": "c9d0e1f2-75283",
			"from_bank_account_code": c.from, "to_bank_account_code": c.to, "amount": 1200, "date": "2026-05-09"}
		w := state.NewWorld(eighthClock, state.NewCollection("xero.accounts", "account_id", accounts),
			state.NewCollection("xero.bank_transfers", "bank_transfer_id", []state.Record{tr}))
		if got := violationsOn(ss, w, "xero.bank_transfers", "from_bank_account_code"); got != c.want {
			t.Errorf("%s: %d violations on from_bank_account_code, want %d", c.name, got, c.want)
		}
	}
}

// TestDatasetReceivedItsEvents: a Facebook Conversions dataset's
// events_received is what the events sent to it received, added up
// (referred_by by sum); fewer than one of its events is a violation.
func TestDatasetReceivedItsEvents(t *testing.T) {
	ss := map[string]*atom.Server{"facebook_conversions": builtinServer(t, "facebook_conversions")}
	events := []state.Record{
		{"id": "ev_1", "event_name": "Lead", "dataset_id": "816401", "events_received": 3},
		{"id": "ev_2", "event_name": "Purchase", "dataset_id": "816401", "events_received": 5},
	}
	for _, c := range []struct {
		name     string
		received int
		want     int
	}{
		{"its events added up", 8, 0},
		{"fewer than one of its events", 2, 1},
	} {
		ds := state.Record{"id": "816401", "name": "Website pixel", "events_received": c.received}
		w := state.NewWorld(eighthClock, state.NewCollection("facebook_conversions.datasets", "id", []state.Record{ds}),
			state.NewCollection("facebook_conversions.events", "id", events))
		if got := violationsOn(ss, w, "facebook_conversions.datasets", "events_received"); got != c.want {
			t.Errorf("%s: %d violations on events_received, want %d", c.name, got, c.want)
		}
	}
}

// TestLeadOnceInAStaticList: a Marketo static list holds a lead once (a
// unique rule over the list and the lead); a second membership of the
// same lead in the same list is a violation, one in another list is not.
func TestLeadOnceInAStaticList(t *testing.T) {
	ss := map[string]*atom.Server{"marketo": builtinServer(t, "marketo")}
	leads := []state.Record{{"id": "391069", "firstName": "Farid", "lastName": "Okafor", "email": "farid.okafor@globex.example", "createdAt": "2026-01-02T09:00:00Z"}}
	lists := []state.Record{{"id": "1033724", "name": "Q4 promo"}, {"id": "1039419", "name": "Summer winback"}}
	for _, c := range []struct {
		name, second string
		want         int
	}{
		{"in two lists", "1039419", 0},
		{"twice in one list", "1033724", 1},
	} {
		ms := []state.Record{
			{"id": "lm49700", "listId": "1033724", "leadId": "391069", "createdAt": "2026-01-23T09:00:00Z"},
			{"id": "lm21273", "listId": c.second, "leadId": "391069", "createdAt": "2026-01-28T09:00:00Z"},
		}
		w := state.NewWorld(eighthClock, state.NewCollection("marketo.leads", "id", leads),
			state.NewCollection("marketo.static_lists", "id", lists), state.NewCollection("marketo.list_memberships", "id", ms))
		if got := violationsOn(ss, w, "marketo.list_memberships", "leadId"); got != c.want {
			t.Errorf("%s: %d violations on leadId, want %d", c.name, got, c.want)
		}
	}
}

// TestOfficersAreNoInterns: a BambooHR chief, vice president, director or
// head of a team is employed full- or part-time, never as an intern or a
// contractor (a senior rule of two fields); staff of other titles may be
// either.
func TestOfficersAreNoInterns(t *testing.T) {
	ss := map[string]*atom.Server{"bamboohr": builtinServer(t, "bamboohr")}
	for _, c := range []struct {
		title, status string
		want          int
	}{
		{"CTO", "Full-Time", 0},
		{"CTO", "Intern", 1},
		{"VP of Sales", "Contractor", 1},
		{"Head of Partnerships", "Intern", 1},
		{"Office Manager", "Contractor", 0},
		{"Support Engineer", "Intern", 0},
	} {
		emp := state.Record{"id": "4032946", "firstName": "Yasmin", "lastName": "Jovanovic", "jobTitle": c.title, "employmentStatus": c.status, "hireDate": "2025-11-03"}
		w := state.NewWorld(eighthClock, state.NewCollection("bamboohr.employees", "id", []state.Record{emp}))
		if got := violationsOn(ss, w, "bamboohr.employees", "employmentStatus"); got != c.want {
			t.Errorf("%s as %s: %d violations on employmentStatus, want %d", c.title, c.status, got, c.want)
		}
	}
}

// TestEventTextNamesItsHost: a Calendly scheduled event's text that says
// who hosts it names one of its hosts (host_ids); a person who is none of
// them is a violation on the text.
func TestEventTextNamesItsHost(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	users := []state.Record{
		{"id": "USR78786", "name": "Keiko O'Brien", "email": "keiko.obrien@polarislogistics.example"},
		{"id": "USR42014", "name": "Beatriz Dubois", "email": "beatriz.dubois@polarislogistics.example"},
	}
	for _, c := range []struct {
		name, text string
		want       int
	}{
		{"its host", "Onboarding session for Lakeside LLC on 24 June, hosted by Keiko O'Brien.", 0},
		{"its other host", "Onboarding session for Lakeside LLC on 24 June, hosted by Beatriz Dubois.", 0},
		{"no one of the account", "Onboarding session for Lakeside LLC on 24 June, hosted by Catalina Achterberg.", 1},
		{"no host named", "Agenda for Onboarding session: recap, open questions from Lakeside LLC, next steps.", 0},
		// A name beyond ASCII is compared as an address spells it (mueller
		// for Müller), not taken for any host.
		{"another host of a name beyond ASCII", "Onboarding session for Lakeside LLC on 24 June, hosted by Keiko Müller.", 1},
	} {
		ev := state.Record{"id": "EV44273", "name": "Onboarding session", "event_type_id": "ET92649", "host_ids": []any{"USR78786", "USR42014"},
			"status": "active", "start_time": "2026-06-24T12:00:00Z", "end_time": "2026-06-24T12:40:00Z", "description": c.text}
		w := state.NewWorld(eighthClock, state.NewCollection("calendly.users", "id", users),
			state.NewCollection("calendly.scheduled_events", "id", []state.Record{ev}))
		if got := violationsOn(ss, w, "calendly.scheduled_events", "description"); got != c.want {
			t.Errorf("%s: %d violations on description, want %d", c.name, got, c.want)
		}
	}
}

// TestMeetingHostedByItsAddress: a Webex meeting's agenda saying who
// hosts it names the person of its host_email, an address that drops the
// name's apostrophe (keiko.obrien for Keiko O'Brien) and spells a letter
// beyond ASCII as mail does (kwame.mueller for Kwame Müller).
func TestMeetingHostedByItsAddress(t *testing.T) {
	ss := map[string]*atom.Server{"webex": builtinServer(t, "webex")}
	for _, c := range []struct {
		host, agenda string
		want         int
	}{
		{"keiko.obrien@evergreenindustries.example", "Kickoff with Evergreen Industries on 8 April, hosted by Keiko O'Brien.", 0},
		{"isabel.reyes@evergreenindustries.example", "Kickoff with Evergreen Industries on 8 April, hosted by Keiko O'Brien.", 1},
		{"kwame.mueller@evergreenindustries.example", "Kickoff with Evergreen Industries on 8 April, hosted by Kwame Müller.", 0},
		{"isabel.reyes@evergreenindustries.example", "Kickoff with Evergreen Industries on 8 April, hosted by Kwame Müller.", 1},
	} {
		m := state.Record{"id": "870f51ff287b15807", "title": "Kickoff", "host_email": c.host, "meeting_type": "meeting", "state": "scheduled",
			"start": "2026-06-10T09:00:00Z", "end": "2026-06-10T10:00:00Z", "agenda": c.agenda}
		w := state.NewWorld(eighthClock, state.NewCollection("webex.meetings", "id", []state.Record{m}))
		if got := violationsOn(ss, w, "webex.meetings", "agenda"); got != c.want {
			t.Errorf("hosted by %s: %d violations on agenda, want %d", c.host, got, c.want)
		}
	}
}
