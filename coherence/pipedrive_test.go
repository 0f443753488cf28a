package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestNoteOfOneOrganization: a Pipedrive note or activity on a person and
// a deal is about their organization, so one filed under another is found
// (the built-in atom's agrees rules).
func TestNoteOfOneOrganization(t *testing.T) {
	ss := map[string]*atom.Server{"pipedrive": builtinServer(t, "pipedrive")}
	orgs := []state.Record{{"id": "3014346", "name": "Polaris Ventures"}, {"id": "3021690", "name": "Summit Holdings"}}
	person := state.Record{"id": "2021661", "name": "Viktor Mbeki", "org_id": "3021690"}
	deal := state.Record{"id": "4075080", "title": "Summit Holdings - pilot", "status": "open", "person_id": "2021661", "org_id": "3021690"}
	for _, c := range []struct {
		coll, org string
		want      int
	}{{"notes", "3021690", 0}, {"notes", "3014346", 2}, {"activities", "3021690", 0}, {"activities", "3014346", 2}} {
		n := state.Record{"id": "6089841", "content": "Pilot scope agreed.", "note": "Pilot scope agreed.", "person_id": "2021661", "deal_id": "4075080", "org_id": c.org}
		if c.coll == "activities" {
			delete(n, "content")
		} else {
			delete(n, "note")
		}
		w := state.NewWorld(time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC),
			state.NewCollection("pipedrive.organizations", "id", orgs),
			state.NewCollection("pipedrive.persons", "id", []state.Record{person}),
			state.NewCollection("pipedrive.deals", "id", []state.Record{deal}),
			state.NewCollection("pipedrive."+c.coll, "id", []state.Record{n}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "pipedrive."+c.coll, "org_id"); got != c.want {
			t.Errorf("%s under %s: %d violations, want %d (%v)", c.coll, c.org, got, c.want, vs)
		}
	}
}

// TestLostReasonOfTheDealsPerson: a Pipedrive deal's lost reason speaks
// of the person the deal is linked to (person_id, declared subject), not
// of a person of another organization.
func TestLostReasonOfTheDealsPerson(t *testing.T) {
	ss := map[string]*atom.Server{"pipedrive": builtinServer(t, "pipedrive")}
	orgs := []state.Record{{"id": "3014346", "name": "Polaris Ventures"}, {"id": "3021690", "name": "Summit Holdings"}}
	persons := []state.Record{{"id": "2021661", "name": "Viktor Mbeki", "org_id": "3021690"}, {"id": "2021662", "name": "Jonas Bianchi", "org_id": "3014346"}}
	for _, c := range []struct {
		text string
		want int
	}{{"Viktor Mbeki left Summit Holdings and nobody took over.", 0}, {"Jonas Bianchi left Summit Holdings and nobody took over.", 1}, {"Summit Holdings found the price too high.", 0}} {
		deal := state.Record{"id": "4075080", "title": "Summit Holdings - pilot", "status": "lost", "person_id": "2021661", "org_id": "3021690", "lost_reason": c.text}
		w := state.NewWorld(time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC),
			state.NewCollection("pipedrive.organizations", "id", orgs),
			state.NewCollection("pipedrive.persons", "id", persons),
			state.NewCollection("pipedrive.deals", "id", []state.Record{deal}))
		if got := countOn(CheckWorld("d", ss, w), "pipedrive.deals", "lost_reason"); got != c.want {
			t.Errorf("%q: %d violations, want %d", c.text, got, c.want)
		}
	}
}
