package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// TestReferredBy: the built-in Gmail, Google Drive and Google Docs atoms
// declare what a record says of the records referring to it, and a world
// that says otherwise breaks it: an attachment on a message that has none
// and lists none, a message in two threads, a file not shared that holds
// a grant, a document with two owner permissions or whose owner holds a
// writer's, and a file organizer that is anyone.
func TestReferredBy(t *testing.T) {
	lib := testlib.Builtin(t)
	ss := map[string]*atom.Server{}
	for _, app := range []string{"gmail", "google_drive", "google_docs"} {
		e, err := lib.Get(atom.KindServer, atom.Pin{ID: app})
		if err != nil {
			t.Fatal(err)
		}
		ss[app] = e.MustServer()
	}
	msg := func(id string, has bool, ids ...any) state.Record {
		return state.Record{"id": id, "from_": "user@gmail.com", "is_read": true, "thread_id": "18c4e1", "has_attachments": has, "attachment_ids": ids}
	}
	file := func(shared bool) state.Record { return state.Record{"id": "1File1", "shared": shared} }
	grant := func(id, role, typ, email string) state.Record {
		r := state.Record{"id": id, "file_id": "1File1", "document_id": "1Doc1", "role": role, "type": typ}
		if email != "" {
			r["email_address"] = email
		}
		return r
	}
	doc := state.Record{"id": "1Doc1", "owner": "ana@acme.example"}
	for _, c := range []struct {
		name  string
		colls map[string][]state.Record
		field string // the field a violation names; "" for none
	}{
		{"a message and its attachment agree", map[string][]state.Record{
			"gmail.messages": {msg("18c4f1", true, "ANG1")}, "gmail.attachments": {{"id": "ANG1", "message_id": "18c4f1"}},
			"gmail.threads": {{"id": "18c4e1", "message_ids": []any{"18c4f1"}}}}, ""},
		{"an attachment on a message without attachments", map[string][]state.Record{
			"gmail.messages": {msg("18c4f1", false, "ANG1")}, "gmail.attachments": {{"id": "ANG1", "message_id": "18c4f1"}}}, "has_attachments"},
		{"an attachment the message does not list", map[string][]state.Record{
			"gmail.messages": {msg("18c4f1", true)}, "gmail.attachments": {{"id": "ANG1", "message_id": "18c4f1"}}}, "attachment_ids"},
		{"a message in two threads", map[string][]state.Record{
			"gmail.messages": {msg("18c4f1", false)},
			"gmail.threads":  {{"id": "18c4e1", "message_ids": []any{"18c4f1"}}, {"id": "18c4e2", "message_ids": []any{"18c4f1"}}}}, "message_ids"},
		{"a file shared with anyone", map[string][]state.Record{
			"google_drive.files": {file(true)}, "google_drive.permissions": {grant("p1", "owner", "user", "ana@acme.example"), grant("p2", "reader", "anyone", "")}}, ""},
		{"a file not shared that anyone reads", map[string][]state.Record{
			"google_drive.files": {file(false)}, "google_drive.permissions": {grant("p1", "owner", "user", "ana@acme.example"), grant("p2", "reader", "anyone", "")}}, "shared"},
		{"a shared file only its owner holds", map[string][]state.Record{
			"google_drive.files": {file(true)}, "google_drive.permissions": {grant("p1", "owner", "user", "ana@acme.example")}}, "shared"},
		{"anyone organizes a file", map[string][]state.Record{
			"google_drive.files": {file(true)}, "google_drive.permissions": {grant("p2", "fileOrganizer", "anyone", "")}}, "role"},
		{"a document owned as its permission says", map[string][]state.Record{
			"google_docs.documents": {doc}, "google_docs.permissions": {grant("p1", "owner", "user", "ana@acme.example"), grant("p2", "writer", "user", "bo@acme.example")}}, ""},
		{"a document with two owners", map[string][]state.Record{
			"google_docs.documents": {doc}, "google_docs.permissions": {grant("p1", "owner", "user", "ana@acme.example"), grant("p2", "owner", "user", "bo@acme.example")}}, "owner"},
		{"a document whose owner writes", map[string][]state.Record{
			"google_docs.documents": {doc}, "google_docs.permissions": {grant("p1", "writer", "user", "ana@acme.example")}}, "owner"},
		{"a domain owns a document", map[string][]state.Record{
			"google_docs.documents": {{"id": "1Doc1"}}, "google_docs.permissions": {grant("p1", "owner", "domain", "")}}, "role"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var colls []*state.Collection
			for name, recs := range c.colls {
				colls = append(colls, state.NewCollection(name, "id", recs))
			}
			var got []string
			for _, v := range CheckWorld("d", ss, state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), colls...)) {
				if v.Rule == RuleInvariant {
					got = append(got, v.Field)
					if v.Field != c.field {
						t.Errorf("unexpected: %s", v)
					}
				}
			}
			if c.field != "" && len(got) == 0 {
				t.Errorf("no violation of %s", c.field)
			}
		})
	}
}

// TestReferredSum: a Zoho Books contact's outstanding receivable is the
// balance its sent, overdue and partly paid invoices leave; a draft or a
// paid invoice adds nothing, and a receivable below or above its unpaid
// invoices breaks the rule the built-in atom declares.
func TestReferredSum(t *testing.T) {
	lib := testlib.Builtin(t)
	e, err := lib.Get(atom.KindServer, atom.Pin{ID: "zoho_books"})
	if err != nil {
		t.Fatal(err)
	}
	ss := map[string]*atom.Server{"zoho_books": e.MustServer()}
	invoices := []state.Record{
		{"invoice_id": "46021", "customer_id": "46001", "status": "overdue", "total": 500.0, "balance": 500.0},
		{"invoice_id": "46022", "customer_id": "46001", "status": "partially_paid", "total": 300.0, "balance": 120.5},
		{"invoice_id": "46023", "customer_id": "46001", "status": "draft", "total": 900.0, "balance": 900.0},
		{"invoice_id": "46024", "customer_id": "46001", "status": "paid", "total": 200.0, "balance": 0.0},
	}
	for _, c := range []struct {
		owed float64
		want bool // a violation
	}{{620.5, false}, {3926.54, true}, {214.14, true}, {0, true}} {
		contact := state.Record{"contact_id": "46001", "contact_type": "customer", "outstanding_receivable_amount": c.owed}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoho_books.contacts", "contact_id", []state.Record{contact}),
			state.NewCollection("zoho_books.invoices", "invoice_id", invoices))
		got := false
		for _, v := range CheckWorld("d", ss, w) {
			got = got || v.Rule == RuleInvariant && v.Field == "outstanding_receivable_amount"
		}
		if got != c.want {
			t.Errorf("receivable %v over unpaid balances of 620.50: violation %v, want %v", c.owed, got, c.want)
		}
	}
}
