package atom

import (
	"strings"
	"testing"
)

// A rule that puts a date to one side of the clock names a date and the
// states of its status field, and only future_when bounds how many days
// ahead it is, only past_when how many hours behind; a mailbox's read field is one of its
// collection's, read when it holds a value it can hold.
func TestClockAndReadDeclarations(t *testing.T) {
	clock := strings.Replace(behaviourServer, `      - {rule: only_when, fields: [pinned_by, pinned], in: ["true"]}`,
		`      - {rule: only_when, fields: [pinned_by, pinned], in: ["true"]}
      - {rule: past_when, fields: [paid_at, status], in: [paid, void]}
      - {rule: future_when, fields: [paid_at, status], in: [sent]}`, 1)
	read := strings.Replace(mailboxServer, "sent: [sent]}", "sent: [sent], read: folder, read_value: inbox}", 1)
	for _, c := range []struct{ name, src, old, new, field, want string }{
		{"clock rules load", clock, "", "", "", ""},
		{"past_when of a state not in the enum", clock, "in: [paid, void]", "in: [paid, archived]", "collections[0].invariants[5].in[1]", `"archived"`},
		{"past_when of no date", clock, "fields: [paid_at, status], in: [paid, void]", "fields: [title, status], in: [paid, void]", "collections[0].invariants[5].fields[0]", "not a date"},
		{"future_when without states", clock, "fields: [paid_at, status], in: [sent]}", "fields: [paid_at, status]}", "collections[0].invariants[6].in", "future_when"},
		{"future_when within days", clock, "in: [sent]}", "in: [sent], days: 7}", "", ""},
		{"days of no count", clock, "in: [sent]}", "in: [sent], days: -7}", "collections[0].invariants[6].days", "minimum"},
		{"days on past_when", clock, "in: [paid, void]}", "in: [paid, void], days: 7}", "collections[0].invariants[5].days", "only for the rule future_when"},
		{"past_when within hours", clock, "in: [paid, void]}", "in: [paid, void], hours: 1}", "", ""},
		{"hours of no count", clock, "in: [paid, void]}", "in: [paid, void], hours: -1}", "collections[0].invariants[5].hours", "minimum"},
		{"past_when within a field of days", clock, "fields: [paid_at, status], in: [paid, void]}", "fields: [paid_at, status, views], in: [paid, void]}", "", ""},
		{"days in no number", clock, "fields: [paid_at, status], in: [paid, void]}", "fields: [paid_at, status, title], in: [paid, void]}", "collections[0].invariants[5].fields[2]", "count of days"},
		{"a field of days beside hours", clock, "fields: [paid_at, status], in: [paid, void]}", "fields: [paid_at, status, views], in: [paid, void], hours: 1}", "collections[0].invariants[5].fields[2]", "without hours"},
		{"hours on future_when", clock, "in: [sent]}", "in: [sent], hours: 1}", "collections[0].invariants[6].hours", "only for the rule past_when"},
		{"read loads", read, "", "", "", ""},
		{"read of no field", read, "read: folder", "read: seen", "collections[0].mailbox.read", `"seen"`},
		{"read as a value its field cannot hold", read, "read_value: inbox", "read_value: opened", "collections[0].mailbox.read_value[0]", `"opened"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(c.src, c.old, c.new, 1)
			if c.old != "" && src == c.src {
				t.Fatalf("%q not in the server", c.old)
			}
			expectDiag(t, src, c.field, c.want, "")
		})
	}
}

// An lte rule of more than two fields bounds their sum: 3 likes, 11
// comments and 15 shares are more than 21 impressions, though each is
// less.
func TestLteBoundsTheSum(t *testing.T) {
	c := &Collection{Name: "posts", Fields: map[string]Field{"likes": {Type: "integer"}, "comments": {Type: "integer"}, "shares": {Type: "integer"}, "impressions": {Type: "integer"}},
		Invariants: []Invariant{{Rule: "lte", Fields: []string{"likes", "comments", "shares", "impressions"}}}}
	for _, r := range []struct {
		rec  map[string]any
		want bool
	}{
		{map[string]any{"likes": 3, "comments": 11, "shares": 15, "impressions": 21}, true},
		{map[string]any{"likes": 3, "comments": 1, "shares": 5, "impressions": 21}, false},
		{map[string]any{"likes": 30, "impressions": 21}, true},
		{map[string]any{"likes": 30}, false},
	} {
		ps := c.RecordProblems(r.rec)
		if len(ps) > 0 != r.want {
			t.Errorf("%v: problems %v, want some %v", r.rec, ps, r.want)
		}
	}
}

// Mail the owner wrote is unread only where its read field says so:
// Proton's unread true, Zoho's status unread, a JMAP email whose keywords
// lack $seen (or that holds none). Marking it read makes it read.
func TestOwnMailUnread(t *testing.T) {
	proton := &Mailbox{Owner: "me@mail.example", From: "from", To: []string{"to"}, Folder: "folder", Sent: []string{"sent"}, Read: "unread", ReadValue: "false"}
	zoho := &Mailbox{Owner: "me@mail.example", From: "from", To: []string{"to"}, Read: "status", ReadValue: "read"}
	jmap := &Mailbox{Owner: "me@mail.example", From: "from", To: []string{"to"}, Read: "keywords", ReadValue: "$seen"}
	coll := &Collection{Fields: map[string]Field{"unread": {Type: "boolean"}, "status": {Type: "string"}, "keywords": {Type: "array", Items: "string"}}}
	for _, c := range []struct {
		m    *Mailbox
		rec  map[string]any
		want bool
	}{
		{jmap, map[string]any{"from": "me@mail.example", "keywords": []any{"$flagged"}}, true},
		{jmap, map[string]any{"from": "me@mail.example"}, true},
		{jmap, map[string]any{"from": "me@mail.example", "keywords": []any{"$flagged", "$seen"}}, false},
		{jmap, map[string]any{"from": "a@x.example", "to": []any{"me@mail.example"}}, false},
		{proton, map[string]any{"from": "me@mail.example", "unread": true}, true},
		{proton, map[string]any{"from": "me@mail.example", "unread": false}, false},
		{proton, map[string]any{"from": "a@x.example", "folder": "sent", "unread": true}, true},
		{proton, map[string]any{"from": "a@x.example", "folder": "inbox", "unread": true}, false},
		{zoho, map[string]any{"from": "me@mail.example", "status": "unread"}, true},
		{zoho, map[string]any{"from": "me@mail.example"}, false},
	} {
		if got := c.m.Unread(coll, c.rec); got != c.want {
			t.Errorf("%v: unread %v, want %v", c.rec, got, c.want)
		}
		if c.m.MarkRead(coll, c.rec); c.m.Unread(coll, c.rec) {
			t.Errorf("%v: unread after it is marked read", c.rec)
		}
	}
}

// A reference declared part names the record whose money its record takes
// a share of; part on another field is an error.
func TestPartDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{"part on a reference", "ref: people, resolve: person_not_found}", "ref: people, resolve: person_not_found, part: true}", "", ""},
		{"part on no reference", "views: {type: integer}", "views: {type: integer, part: true}", "collections[0].fields.views.part", "single reference"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(behaviourServer, c.old, c.new, 1)
			if src == behaviourServer {
				t.Fatalf("%q not in the server", c.old)
			}
			expectDiag(t, src, c.field, c.want, "")
		})
	}
}
