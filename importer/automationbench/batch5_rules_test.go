package automationbench

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// Rules made from the fifth batch's working half (testdata/made_up/batch5.txt).

// A field that would name who acts (organization_id) is the user's to give
// where the app keeps the records it names: a Zendesk ticket is opened
// under one of the app's organizations (zendesk_org_then_ticket), while a
// Buffer post's organization_id, naming nothing the app keeps, stays the
// caller's own.
func TestKeptReferenceIsTheUsersToGive(t *testing.T) {
	s := testSchemas(t).clone()
	prepareApps(s, nil)
	cases := []struct {
		tool, arg string
		offered   bool
	}{
		{"zendesk_create_ticket", "organization", true},
		{"zendesk_create_user", "organization", true},
		{"buffer_create_post", "organization_id", false},
		{"buffer_create_post", "organization", false},
	}
	for _, c := range cases {
		app, rest, ok := s.AppOf(c.tool)
		if !ok {
			t.Fatalf("%s: no app", c.tool)
		}
		tl := (&toolBuilder{app: s.App(app)}).Tool(c.tool, rest)
		if got := atom.InputProperties(tl.Input)[c.arg]; got != c.offered {
			t.Errorf("%s offers %s: %v, want %v (%v)", c.tool, c.arg, got, c.offered, atom.InputProperties(tl.Input))
		}
	}
}

// A state word with a parameter spelled after it (docusign_envelope_voided
// with voided_reason_contains) still names the state: the envelope is
// voided, and the reason is checked beside it
// (docusign_void_unsigned_for_signer). A parameter naming the role the
// act fills ("assigned" with assignee_email) is still the test alone.
func TestStateWordWithItsOwnAttribute(t *testing.T) {
	initial := map[string]any{"docusign": map[string]any{"envelopes": []any{
		map[string]any{"id": "env1", "envelope_id": "env1", "status": "sent", "email_subject": "A"},
		map[string]any{"id": "env2", "envelope_id": "env2", "status": "completed", "email_subject": "B"}}}}
	goal := importOne(t, initial,
		map[string]any{"type": "docusign_envelope_voided", "envelope_id": "env1", "voided_reason_contains": "left"})
	g, _ := json.Marshal(goal[0])
	for _, want := range []string{`"status":{"iequals":"voided"}`, `"voided_reason":{"icontains":"left"}`} {
		if !strings.Contains(string(g), want) {
			t.Errorf("goal = %s, want %s in it", g, want)
		}
	}
	hiver := map[string]any{"hiver": map[string]any{
		"users":         []any{map[string]any{"id": "hu1", "name": "Priya", "email": "priya@f.example"}},
		"conversations": []any{map[string]any{"id": "hv1", "subject": "Refund", "status": "open", "customer_email": "t@g.example"}}}}
	goal = importOne(t, hiver,
		map[string]any{"type": "hiver_conversation_assigned_to", "customer_email": "t@g.example", "assignee_email": "priya@f.example"})
	if g, _ := json.Marshal(goal[0]); strings.Contains(string(g), `"status"`) || !strings.Contains(string(g), `"assignee_id"`) {
		t.Errorf("goal = %s: want the assignee checked and \"assigned\" not read as a status", g)
	}
}
