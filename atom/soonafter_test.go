package atom

import (
	"strings"
	"testing"
)

const soonServer = `kind: server
id: mail
collections:
  - name: messages
    fields:
      sent: {type: string, format: date-time, role: date}
      received: {type: string, format: date-time, role: date}
      day: {type: string, format: date, role: date}
    invariants:
      - {rule: soon_after, fields: [sent, received]}
tools:
  - name: mail_list_messages
    description: List messages.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: messages}
`

// TestSoonAfter: a message received minutes after it is sent keeps a
// soon_after rule; one received a week later, or before it was sent,
// breaks it; a date without a time of day cannot be declared so.
func TestSoonAfter(t *testing.T) {
	c := &Collection{Name: "messages", Invariants: []Invariant{{Rule: "soon_after", Fields: []string{"sent", "received"}}}}
	for _, tc := range []struct {
		sent, received, want string
	}{
		{"2026-05-03T14:30:00Z", "2026-05-03T14:36:00Z", ""},
		{"2026-05-03T14:30:00Z", "2026-05-03T14:30:00Z", ""},
		{"2026-05-03T14:30:00Z", "2026-05-10T14:30:00Z", "not within 1h0m0s"},
		{"2026-05-03T14:30:00Z", "2026-05-03T16:00:00Z", "not within 1h0m0s"},
		{"2026-05-03T14:30:00Z", "2026-05-03T14:20:00Z", "received is before sent"},
	} {
		got := ""
		for _, p := range c.RecordProblems(map[string]any{"sent": tc.sent, "received": tc.received}) {
			got += p.Message
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("sent %s, received %s: %q, want %q", tc.sent, tc.received, got, tc.want)
		}
	}
	expectDiag(t, soonServer, "", "", "")
	expectDiag(t, strings.Replace(soonServer, "[sent, received]", "[day, received]", 1), "collections[0].invariants[0].fields[0]", "not a date-time", "")
}
