package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// TestGmailDraftsAndThreads: the built-in Gmail atom declares that a
// draft's message is the account's own unsent mail, labelled DRAFT, and
// that a thread's snippet is its latest message's; a world that says
// otherwise breaks it: a draft of a received message, a message labelled
// DRAFT from someone else, a thread whose snippet is an older message's.
// The system label DRAFT, keyed by its name, is of no other key form than
// the user's labels.
func TestGmailDraftsAndThreads(t *testing.T) {
	e, err := testlib.Builtin(t).Get(atom.KindServer, atom.Pin{ID: "gmail"})
	if err != nil {
		t.Fatal(err)
	}
	ss := map[string]*atom.Server{"gmail": e.MustServer()}
	labels := []state.Record{
		{"id": "DRAFT", "name": "DRAFT", "label_type": "system"},
		{"id": "SENT", "name": "SENT", "label_type": "system"},
		{"id": "Label_10001", "name": "Orders", "label_type": "user"},
		{"id": "Label_10002", "name": "Invoices", "label_type": "user"},
	}
	msg := func(id, from string, to string, at int64, snippet string, labels ...any) state.Record {
		return state.Record{"id": id, "thread_id": "18c4e10001", "from_": from, "to": []any{to}, "is_read": true, "label_ids": labels,
			"internal_date": float64(at), "snippet": snippet, "body_plain": snippet}
	}
	const first, later = int64(1772400000000), int64(1772440000000)
	draft := msg("18c4f10002", "user@gmail.com", "ana.ruiz@acme.example", later, "Thanks, Ana. The renewal is on track.", "DRAFT")
	received := msg("18c4f10001", "ana.ruiz@acme.example", "user@gmail.com", first, "Is the renewal on track?", "Label_10001")
	thread := func(snippet string) state.Record {
		return state.Record{"id": "18c4e10001", "snippet": snippet, "message_ids": []any{"18c4f10001", "18c4f10002"}}
	}
	for _, c := range []struct {
		name     string
		messages []state.Record
		drafts   []state.Record
		snippet  string
		want     map[string]string // field -> rule of the violations wanted
	}{
		{"a draft of the account's own message, a thread showing its latest", []state.Record{received, draft},
			[]state.Record{{"id": "r-5210001", "message_id": "18c4f10002"}}, draft["snippet"].(string), nil},
		{"a draft of a received message", []state.Record{received, draft},
			[]state.Record{{"id": "r-5210001", "message_id": "18c4f10001"}}, draft["snippet"].(string), map[string]string{"message_id": RuleInvariant}},
		{"a draft without the DRAFT label", []state.Record{received, with(draft, "label_ids", []any{"Label_10002"})},
			[]state.Record{{"id": "r-5210001", "message_id": "18c4f10002"}}, draft["snippet"].(string), map[string]string{"message_id": RuleInvariant}},
		{"a message labelled DRAFT from someone else", []state.Record{received, with(draft, "from_", "bo.lind@acme.example", "to", []any{"user@gmail.com"})},
			[]state.Record{{"id": "r-5210001", "message_id": "18c4f10002"}}, draft["snippet"].(string), map[string]string{"from_": RuleInvariant}},
		{"a thread showing an older message", []state.Record{received, draft},
			[]state.Record{{"id": "r-5210001", "message_id": "18c4f10002"}}, received["snippet"].(string), map[string]string{"snippet": RuleInvariant}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
				state.NewCollection("gmail.messages", "id", c.messages),
				state.NewCollection("gmail.drafts", "id", c.drafts),
				state.NewCollection("gmail.labels", "id", labels),
				state.NewCollection("gmail.threads", "id", []state.Record{thread(c.snippet)}))
			got := map[string]string{}
			for _, v := range CheckWorld("d", ss, w) {
				if want, ok := c.want[v.Field]; !ok || want != v.Rule {
					t.Errorf("unexpected: %s", v)
				}
				got[v.Field] = v.Rule
			}
			for f, rule := range c.want {
				if got[f] != rule {
					t.Errorf("no %s violation of %s", rule, f)
				}
			}
		})
	}
}
