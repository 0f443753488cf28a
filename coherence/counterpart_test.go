package coherence

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestAsCounterpart: a text sets a company beside the writer's side, holds
// a call or kickoff with it, sends it something or greets everyone at it;
// placing one of its people at it, or naming it in a sentence of no
// such shape, is not speaking of it as the other party.
func TestAsCounterpart(t *testing.T) {
	for text, want := range map[string]bool{
		"Where Umbrella Analytics and our team coordinate proj-umbrella.": true,
		"Send Umbrella Analytics the revised figures by 28 July.":         true,
		"Confirm the Umbrella Analytics kickoff date with Uma.":           true,
		"Added the notes from the Umbrella Analytics call on 2 June.":     true,
		"Best regards to everyone at Umbrella Analytics.":                 true,
		"Umbrella Analytics's request has been with our team since May.":  true,
		"Olivia joined Umbrella Analytics as Operations Lead on 2 June.":  false,
		"Priya Shah, Analyst on the Umbrella Analytics team.":             false,
		"Umbrella Analytics offices move to the US in May.":               false,
		"Send Globex Labs the revised figures by 28 July.":                false,
	} {
		if got := AsCounterpart(text, "Umbrella Analytics"); got != want {
			t.Errorf("AsCounterpart(%q) = %v, want %v", text, got, want)
		}
	}
	if AsCounterpart("Send Massive Inc the figures.", "") {
		t.Error("no company is no counterpart")
	}
}

// TestHomeWrittenAsCounterpart: in a world whose own people share the
// domain of Acme Health, a text speaking of Acme Health as the other
// party is found under identity; one speaking so of a customer, one
// placing a colleague at Acme Health, and any text of a world with no
// people of its own are not.
func TestHomeWrittenAsCounterpart(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "drive", Collections: []atom.Collection{
		{Name: "tasks", Fields: map[string]atom.Field{"message": {Type: "string", Role: atom.RoleText}}},
		{Name: "users", Staff: &atom.Staff{}, Fields: map[string]atom.Field{
			"email": {Type: "string", Role: atom.RoleEmail}, "about": {Type: "string", Role: atom.RoleText},
		}},
	}}
	tasks := state.NewCollection("drive.tasks", "id", []state.Record{
		{"id": "t1", "message": "Send Acme Health the revised figures by 4 June."},
		{"id": "t2", "message": "Send Globex Labs the revised figures by 4 June."},
		{"id": "t3", "message": "Added the notes from the Acme Health call on 2 May."},
	})
	users := state.NewCollection("drive.users", "id", []state.Record{
		{"id": "u1", "email": "ben.ode@acmehealth.example", "about": "Ben joined Acme Health as Analyst on 2 March."},
	})
	found := func(colls ...*state.Collection) []string {
		var got []string
		w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), colls...)
		for _, v := range CheckWorld("d", map[string]*atom.Server{"drive": s}, w) {
			if v.Rule == RuleIdentity && strings.Contains(v.Message, "as the other party") {
				got = append(got, v.Collection+"/"+v.Key)
			}
		}
		return got
	}
	if got, want := found(tasks, users), []string{"drive.tasks/t1", "drive.tasks/t3"}; !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
	if got := found(tasks); len(got) > 0 {
		t.Errorf("a world with no people of its own knows no company of its own, found %v", got)
	}
}
