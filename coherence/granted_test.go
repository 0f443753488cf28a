package coherence

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// builtinServer loads one built-in server atom.
func builtinServer(t *testing.T, id string) *atom.Server {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "corpus", "builtin", "servers", id+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	lib, ds, err := atom.Load(fstest.MapFS{id + ".yaml": {Data: b}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	return lib.Head(atom.KindServer, id).MustServer()
}

// TestCommentByOneTheDocumentLetsIn: a Google Docs comment is written by
// someone the document lets comment (the built-in atom's granted rule):
// its owner, a user granted commenter or more, anyone where anyone is, a
// person of the owner's domain where the domain is; a comment by a person
// granted nothing, or only reader, is a violation. And a document holds one
// grant to anyone (unique with values).
func TestCommentByOneTheDocumentLetsIn(t *testing.T) {
	ss := map[string]*atom.Server{"google_docs": builtinServer(t, "google_docs")}
	doc := state.Record{"id": "1Doc1001", "title": "Renewal for Acme", "owner": "ana.ruiz@acme.example"}
	for _, c := range []struct {
		name   string
		author string
		perms  []state.Record
		want   int // violations on the comment's author
	}{
		{"owner", "ana.ruiz@acme.example", nil, 0},
		{"nobody granted", "li.wu@globex.example", nil, 1},
		{"user commenter", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "email_address": "li.wu@globex.example", "role": "commenter", "type": "user"}}, 0},
		{"user reader", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "email_address": "li.wu@globex.example", "role": "reader", "type": "user"}}, 1},
		{"another's grant", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "email_address": "bo.kim@globex.example", "role": "writer", "type": "user"}}, 1},
		{"anyone writer", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "role": "writer", "type": "anyone"}}, 0},
		{"anyone reader", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "role": "reader", "type": "anyone"}}, 1},
		{"owner's domain, insider", "sam.lee@acme.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "role": "commenter", "type": "domain"}}, 0},
		{"owner's domain, outsider", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc1001", "role": "writer", "type": "domain"}}, 1},
		{"grant on another document", "li.wu@globex.example", []state.Record{{"id": "perm1", "document_id": "1Doc2002", "email_address": "li.wu@globex.example", "role": "writer", "type": "user"}}, 1},
	} {
		comment := state.Record{"id": "AAAB1001", "document_id": "1Doc1001", "content": "Looks right.", "author": c.author}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("google_docs.documents", "id", []state.Record{doc, {"id": "1Doc2002", "title": "Other", "owner": "ana.ruiz@acme.example"}}),
			state.NewCollection("google_docs.comments", "id", []state.Record{comment}),
			state.NewCollection("google_docs.permissions", "id", c.perms))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == "google_docs.comments" && v.Field == "author" {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations on the author, want %d", c.name, got, c.want)
		}
	}
	twice := []state.Record{
		{"id": "perm1", "document_id": "1Doc1001", "role": "commenter", "type": "anyone"},
		{"id": "perm2", "document_id": "1Doc1001", "role": "writer", "type": "anyone"},
		{"id": "perm3", "document_id": "1Doc2002", "role": "writer", "type": "anyone"},
		{"id": "perm4", "document_id": "1Doc1001", "email_address": "li.wu@globex.example", "role": "writer", "type": "user"},
		{"id": "perm5", "document_id": "1Doc1001", "email_address": "bo.kim@globex.example", "role": "writer", "type": "user"},
	}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("google_docs.documents", "id", []state.Record{doc, {"id": "1Doc2002", "title": "Other", "owner": "ana.ruiz@acme.example"}}),
		state.NewCollection("google_docs.permissions", "id", twice))
	var keys []string
	for _, v := range CheckWorld("d", ss, w) {
		if v.Rule == RuleInvariant && v.Collection == "google_docs.permissions" {
			keys = append(keys, v.Key)
		}
	}
	if len(keys) != 1 || keys[0] != "perm2" {
		t.Errorf("violations on %v, want the second grant to anyone of one document, perm2", keys)
	}
}

// TestManagersOfNamedSpacesOnly: a Google Chat membership is a manager's
// only in a named space (the built-in atom's refers_to rule of three
// fields); a member of a direct message is no violation, nor a manager of
// a space.
func TestManagersOfNamedSpacesOnly(t *testing.T) {
	ss := map[string]*atom.Server{"google_chat": builtinServer(t, "google_chat")}
	spaces := []state.Record{
		{"name": "spaces/AAA1", "displayName": "Launch", "spaceType": "SPACE"},
		{"name": "spaces/DM1", "spaceType": "DIRECT_MESSAGE"},
		{"name": "spaces/GC1", "spaceType": "GROUP_CHAT"},
	}
	for _, c := range []struct {
		space, role string
		want        int
	}{
		{"spaces/AAA1", "ROLE_MANAGER", 0},
		{"spaces/DM1", "ROLE_MANAGER", 1},
		{"spaces/GC1", "ROLE_MANAGER", 1},
		{"spaces/DM1", "ROLE_MEMBER", 0},
	} {
		m := state.Record{"name": "spaces/members-1", "space": c.space, "member_email": "ana@acme.example", "role": c.role, "state": "JOINED"}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("google_chat.spaces", "name", spaces),
			state.NewCollection("google_chat.memberships", "name", []state.Record{m}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == "google_chat.memberships" {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s in %s: %d violations, want %d", c.role, c.space, got, c.want)
		}
	}
}

// TestMembersOfClosedSpacesAtHome: a member of a Google Chat space that
// allows no outside users is one of the company's own people, on its
// domain (the atom's staff declaration via the space); a space allowing
// them may hold an outsider.
func TestMembersOfClosedSpacesAtHome(t *testing.T) {
	ss := map[string]*atom.Server{"google_chat": builtinServer(t, "google_chat")}
	spaces := []state.Record{
		{"name": "spaces/AAA1", "displayName": "Launch", "spaceType": "SPACE", "externalUserAllowed": false},
		{"name": "spaces/AAA2", "displayName": "Partners", "spaceType": "SPACE", "externalUserAllowed": true},
	}
	for _, c := range []struct {
		space string
		want  int
	}{
		{"spaces/AAA1", 1},
		{"spaces/AAA2", 0},
	} {
		ms := []state.Record{
			{"name": "spaces/members-1", "space": "spaces/AAA1", "member_email": "ana@acme.example", "role": "ROLE_MEMBER"},
			{"name": "spaces/members-2", "space": "spaces/AAA1", "member_email": "bo@acme.example", "role": "ROLE_MEMBER"},
			{"name": "spaces/members-3", "space": c.space, "member_email": "li@globex.example", "role": "ROLE_MEMBER"},
		}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("google_chat.spaces", "name", spaces),
			state.NewCollection("google_chat.memberships", "name", ms))
		var got []string
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleIdentity && v.Collection == "google_chat.memberships" {
				got = append(got, v.Key)
			}
		}
		if len(got) != c.want || c.want == 1 && got[0] != "spaces/members-3" {
			t.Errorf("an outsider in %s: violations on %v, want %d", c.space, got, c.want)
		}
	}
}

// TestInvitedMembersDoNotPost: a Google Chat message's sender holding an
// INVITED membership of the message's space, and none JOINED, is a
// violation (the atom's granted rule by named, a handle read as its
// address's local part); a joined sender, one invited elsewhere, and a
// sender no membership names are not.
func TestInvitedMembersDoNotPost(t *testing.T) {
	ss := map[string]*atom.Server{"google_chat": builtinServer(t, "google_chat")}
	spaces := []state.Record{{"name": "spaces/AAA1", "displayName": "Launch", "spaceType": "SPACE"}, {"name": "spaces/AAA2", "displayName": "Ops", "spaceType": "SPACE"}}
	for _, c := range []struct {
		name, sender, space, state string
		want                       int
	}{
		{"invited, by handle", "ana.ruiz", "spaces/AAA1", "INVITED", 1},
		{"invited, by address", "ana.ruiz@acme.example", "spaces/AAA1", "INVITED", 1},
		{"joined", "ana.ruiz", "spaces/AAA1", "JOINED", 0},
		{"invited to another space", "ana.ruiz", "spaces/AAA2", "INVITED", 0},
		{"no membership", "bo.kim", "spaces/AAA1", "INVITED", 0},
	} {
		m := state.Record{"name": "spaces/members-1", "space": c.space, "member_email": "ana.ruiz@acme.example", "role": "ROLE_MEMBER", "state": c.state}
		msg := state.Record{"name": "spaces/msg-1", "space": "spaces/AAA1", "sender": c.sender, "text": "Shipping on Friday."}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("google_chat.spaces", "name", spaces),
			state.NewCollection("google_chat.messages", "name", []state.Record{msg}),
			state.NewCollection("google_chat.memberships", "name", []state.Record{m}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == "google_chat.messages" && v.Field == "sender" {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations on the sender, want %d", c.name, got, c.want)
		}
	}
}

// TestZohoSystemFoldersByTheirNames: a Zoho Mail folder of a system type
// (Inbox, Sent, ...) is named by it (the atom's only_when rules); one of
// another name is a violation, a user's folder (Custom) of any name is not.
func TestZohoSystemFoldersByTheirNames(t *testing.T) {
	ss := map[string]*atom.Server{"zoho_mail": builtinServer(t, "zoho_mail")}
	for _, c := range []struct {
		name, typ string
		want      int
	}{
		{"Inbox", "Inbox", 0},
		{"Sent", "Sent", 0},
		{"Invoices", "Sent", 1},
		{"Clients", "Inbox", 1},
		{"Sent", "Inbox", 1},
		{"Invoices", "Custom", 0},
	} {
		f := state.Record{"folderId": "9902101", "folderName": c.name, "folderType": c.typ}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection("zoho_mail.folders", "folderId", []state.Record{f}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == "zoho_mail.folders" {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s of type %s: %d violations, want %d", c.name, c.typ, got, c.want)
		}
	}
}
