package verify

import (
	"context"
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// An invitee the session cancels with its event (an update's cascade)
// leaves the environment verifiable: the instruction picks the event by
// its location, nothing it says names the invitees, and the fence lets
// the cascade's fields move on them alone.
func TestCascadedRecordsAreNotTheGoalsChoice(t *testing.T) {
	lib := loadFixture(t, "cascade")
	v := Verify(context.Background(), lib, lib.Recipes()[0])
	if !v.Verified {
		t.Fatalf("not verified: %+v", v.RootCause)
	}
}

// A record the run changed only in fields the session keeps by rule (a
// mailbox's counts as an email is filed in it) is the session's doing; one
// changed in another field too is the plan's.
func TestKeptFieldsAreTheSessionsDoing(t *testing.T) {
	base := state.NewCollection("mail.mailboxes", "id", []state.Record{
		{"id": "sent", "name": "Sent", "totalEmails": 3},
		{"id": "inbox", "name": "Inbox", "totalEmails": 9},
	})
	st := state.New(state.NewWorld(time.Time{}, base))
	_ = st.Replace("mail.mailboxes", "sent", state.Record{"id": "sent", "name": "Sent", "totalEmails": 4})
	_ = st.Replace("mail.mailboxes", "inbox", state.Record{"id": "inbox", "name": "Archive", "totalEmails": 8})
	moved := map[string]map[string]bool{}
	markKept(moved, "mail.mailboxes", base, st, map[string]any{"totalEmails": true})
	if !moved["mail.mailboxes"]["sent"] || moved["mail.mailboxes"]["inbox"] {
		t.Errorf("moved %v, want the sent mailbox alone", moved)
	}
}
