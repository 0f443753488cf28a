package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestDealAboutItsPersonByFirstName: a Pipedrive deal's lost reason
// speaks of its person (person_id, declared subject); another person of
// the world named by a first name alone is a violation on it, a word that
// is no one's first name is not.
func TestDealAboutItsPersonByFirstName(t *testing.T) {
	ss := map[string]*atom.Server{"pipedrive": builtinServer(t, "pipedrive")}
	persons := []state.Record{
		{"id": "2056785", "name": "Carmen Larsen", "org_id": "3079552"},
		{"id": "2028889", "name": "Tamsin Mbeki", "org_id": "3079552"},
	}
	for _, c := range []struct {
		name, text string
		want       int
	}{
		{"another's first name", "Tamsin at Globex Co-op moved the work in-house. Noted by Carmen Larsen.", 1},
		{"another's first name possessive", "Went with Tamsin's pick of vendor.", 1},
		{"its person's first name", "Carmen at Globex Co-op moved the work in-house.", 0},
		{"its person in full", "Carmen Larsen moved the work in-house.", 0},
		{"no one's first name", "Budget moved to Q3 at Globex Co-op.", 0},
	} {
		deal := state.Record{"id": "4065966", "title": "Globex Co-op - renewal", "status": "lost", "person_id": "2056785", "org_id": "3079552",
			"lost_reason": c.text}
		w := state.NewWorld(eighthClock, state.NewCollection("pipedrive.persons", "id", persons),
			state.NewCollection("pipedrive.organizations", "id", []state.Record{{"id": "3079552", "name": "Globex Co-op"}}),
			state.NewCollection("pipedrive.deals", "id", []state.Record{deal}))
		if got := violationsOn(ss, w, "pipedrive.deals", "lost_reason"); got != c.want {
			t.Errorf("%s: %d violations on lost_reason, want %d", c.name, got, c.want)
		}
	}
}

// TestTicketRaisedByItsRequester: a Zendesk ticket's text speaks of its
// requester's company, by the address they write from and by the
// ticket's organization; a ticket an agent requests speaks of a customer
// (the requester is not declared raiser: an agent opens tickets for
// customers, and such a ticket's text names the customer who asked).
func TestTicketRaisedByItsRequester(t *testing.T) {
	ss := map[string]*atom.Server{"zendesk": builtinServer(t, "zendesk")}
	users := []state.Record{
		{"id": "382060639", "name": "Florian Zielinski", "email": "florian.zielinski@silverlakeinc.example", "role": "end-user", "organization_id": "363010001",
			"created_at": "2026-01-02T09:00:00Z"},
		{"id": "382060640", "name": "Tamsin Thibault", "email": "tamsin.thibault@wonkallc.example", "role": "end-user", "organization_id": "363010002",
			"created_at": "2026-01-02T09:00:00Z"},
		{"id": "382060641", "name": "Noor Tanaka", "email": "noor.tanaka@piedpipersystems.example", "role": "agent", "created_at": "2026-01-02T09:00:00Z"},
	}
	orgs := []state.Record{{"id": "363010001", "name": "Silver Lake Inc"}, {"id": "363010002", "name": "Wonka LLC"}}
	for _, c := range []struct {
		name, text, requester string
		want                  int
	}{
		{"its requester", "Billing question from Florian Zielinski at Silver Lake Inc.", "382060639", 0},
		{"another at another company", "Billing question from Tamsin Thibault at Wonka LLC.", "382060639", 2},
		{"another company", "Raised on 29 January; Wonka LLC is affected.", "382060639", 2},
		{"no one named", "The invoice shows the wrong amount.", "382060639", 0},
		{"an agent's, for a customer", "Duplicate charge on Silver Lake Inc's invoice.", "382060641", 0},
	} {
		tk := state.Record{"id": "351043439", "subject": "Invoice shows the wrong amount", "description": c.text, "status": "open",
			"requester_id": c.requester, "organization_id": "363010001", "created_at": "2026-03-03T09:00:00Z"}
		w := state.NewWorld(eighthClock, state.NewCollection("zendesk.users", "id", users),
			state.NewCollection("zendesk.organizations", "id", orgs),
			state.NewCollection("zendesk.tickets", "id", []state.Record{tk}))
		if got := violationsOn(ss, w, "zendesk.tickets", "description"); got != c.want {
			t.Errorf("%s: %d violations on description, want %d", c.name, got, c.want)
		}
	}
}
