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
