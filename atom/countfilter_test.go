package atom

import (
	"strings"
	"testing"
)

const mailboxCountServer = `kind: server
id: mail
collections:
  - name: emails
    fields:
      mailboxIds: {type: array, items: string, role: ref, ref: mailboxes}
      keywords: {type: array, items: string, role: tags}
  - name: mailboxes
    fields:
      name: {type: string, role: title}
      total: {type: integer, role: count}
      unread: {type: integer, role: count}
    invariants:
      - {rule: referred_by, fields: [total, emails, mailboxIds], by: count}
      - {rule: referred_by, fields: [unread, emails, mailboxIds, keywords], by: count, not_in: [$seen]}
tools:
  - name: mail_list_mailboxes
    description: List mailboxes.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: mailboxes}
`

// A referred_by count may leave out the referring records holding a value
// (not_in) in a list field: a mailbox's unread emails are those whose
// keywords lack $seen; not_in is for referred_by alone, in place of in.
func TestCountLeavesOutValues(t *testing.T) {
	expectDiag(t, mailboxCountServer, "", "", "")
	expectDiag(t, strings.Replace(mailboxCountServer, "not_in: [$seen]", "not_in: [$seen], in: [$flagged]", 1), "collections[1].invariants[1].not_in", "in place of in", Error)
	expectDiag(t, strings.Replace(mailboxCountServer, "{rule: referred_by, fields: [total, emails, mailboxIds], by: count}", "{rule: lte, fields: [unread, total], not_in: [x]}", 1), "collections[1].invariants[0].not_in", "only there", Error)
	inv := Invariant{Rule: "referred_by", Fields: []string{"unread", "emails", "mailboxIds", "keywords"}, By: DeriveCount, NotIn: []string{"$seen"}}
	refs := Referrers{
		{"mailboxIds": []any{"P1"}, "keywords": []any{"$seen", "$flagged"}},
		{"mailboxIds": []any{"P1"}, "keywords": []any{"$flagged"}},
		{"mailboxIds": []any{"P1"}},
	}
	if n := inv.ReferredCount(refs); n != 2 {
		t.Errorf("unread of one seen, one flagged and one bare email: %d, want 2", n)
	}
	in := Invariant{Rule: "referred_by", Fields: inv.Fields, By: DeriveCount, In: []string{"$flagged"}}
	if n := in.ReferredCount(refs); n != 2 {
		t.Errorf("flagged: %d, want 2", n)
	}
}

// A within rule bounds a number by its parent's as it bounds a date, and
// a number kept unique per the same reference is a place.
func TestWithinNumbersArePlaces(t *testing.T) {
	inv := Invariant{Rule: "within", Fields: []string{"rowNumber", "sheetId", "totalRowCount"}}
	if b, above := inv.AboveParent(map[string]any{"rowNumber": 35}, map[string]any{"totalRowCount": 5}); !above || b != 5 {
		t.Errorf("row 35 of 5: %v %v", b, above)
	}
	if _, above := inv.AboveParent(map[string]any{"rowNumber": 5}, map[string]any{"totalRowCount": 5}); above {
		t.Errorf("row 5 of 5 is within")
	}
	c := &Collection{Fields: map[string]Field{"rowNumber": {Type: "integer"}, "sheetId": {Type: "string"}}, Invariants: []Invariant{inv}}
	if len(c.Positions()) != 0 {
		t.Errorf("a number not kept unique is no place")
	}
	c.Invariants = append(c.Invariants, Invariant{Rule: "unique", Fields: []string{"rowNumber"}, Per: "sheetId"})
	if len(c.Positions()) != 1 {
		t.Errorf("a number unique per sheet and within its count is a place")
	}
}
