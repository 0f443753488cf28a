package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTicketRaisedByItsContact: a Zoho Desk ticket's text that says who
// raised or asked it names its contact (contactId, declared raiser); a
// person who is not the contact is a violation on the text.
func TestTicketRaisedByItsContact(t *testing.T) {
	ss := map[string]*atom.Server{"zoho_desk": builtinServer(t, "zoho_desk")}
	contacts := []state.Record{
		{"id": "1892000001101", "first_name": "Hiro", "last_name": "Müller", "email": "hiro.muller@initechlogistics.example", "created_at": "2026-01-02T09:00:00Z"},
		{"id": "1892000001102", "first_name": "Nadia", "last_name": "Garcia", "email": "nadia.garcia@initechlogistics.example", "created_at": "2026-01-02T09:00:00Z"},
	}
	for _, c := range []struct {
		name, text string
		want       int
	}{
		{"its contact", "Raised by Hiro Müller of Initech Logistics on 3 March.", 0},
		{"another person", "Raised by Nadia Garcia of Initech Logistics on 3 March.", 1},
		{"another asks", "Question from Nadia Garcia at Initech Logistics, first asked on 3 March.", 1},
		{"another reports", "Login fails. Nadia Garcia from Initech Logistics reports: login fails.", 1},
		{"another's first name", "Nadia at Initech Logistics wrote in about the login on 3 March.", 1},
		{"its contact's first name", "Hiro at Initech Logistics first saw this on 3 March and is waiting on a fix.", 0},
		{"opened by another", "Opened through Zoho Desk by Nadia Garcia; Initech Logistics is affected.", 1},
		{"no one named as raiser", "Initech Logistics asked for an answer by 9 July.", 0},
	} {
		tk := state.Record{"id": "1892000000101", "subject": "Login fails", "description": c.text, "status": "Open", "contact_id": "1892000001101",
			"department_id": "1892000003101", "created_at": "2026-03-03T09:00:00Z"}
		w := state.NewWorld(eighthClock, state.NewCollection("zoho_desk.contacts", "id", contacts),
			state.NewCollection("zoho_desk.tickets", "id", []state.Record{tk}))
		if got := violationsOn(ss, w, "zoho_desk.tickets", "description"); got != c.want {
			t.Errorf("%s: %d violations on description, want %d", c.name, got, c.want)
		}
	}
}

// TestApplicationAboutItsCandidate: an Ashby application's text speaks of
// its candidate (candidateId, declared subject); an archive reason naming
// another person is a violation on it.
func TestApplicationAboutItsCandidate(t *testing.T) {
	ss := map[string]*atom.Server{"ashby": builtinServer(t, "ashby")}
	cands := []state.Record{{"id": "cand_41272", "name": "Helena Bianchi", "primaryEmailAddress": "helena.bianchi@vortexdynamics.example"}}
	for _, c := range []struct {
		name, text string
		want       int
	}{
		{"its candidate", "Helena Bianchi asked for more than the range for the role.", 0},
		{"another person", "Hiro Walker asked for more than the range for the role.", 1},
		{"another's final round", "Position filled before Gabriela O'Brien's final round.", 1},
		{"its candidate's final round", "Position filled before Helena Bianchi's final round.", 0},
		{"a company", "Helena Bianchi chose to stay at Cedar Peak LLC.", 0},
	} {
		a := state.Record{"id": "app_73316", "candidateId": "cand_41272", "jobId": "job_17580", "status": "Archived", "archiveReason": c.text,
			"createdAt": "2026-02-05T15:00:00Z"}
		w := state.NewWorld(eighthClock, state.NewCollection("ashby.candidates", "id", cands),
			state.NewCollection("ashby.jobs", "id", []state.Record{{"id": "job_17580", "title": "Data Analyst", "status": "Open"}}),
			state.NewCollection("ashby.applications", "id", []state.Record{a}))
		if got := violationsOn(ss, w, "ashby.applications", "archiveReason"); got != c.want {
			t.Errorf("%s: %d violations on archiveReason, want %d", c.name, got, c.want)
		}
	}
}
