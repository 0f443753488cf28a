package atom

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestRefFieldNeedsItsField: ref_field names a field of the collection
// the reference names, of each one a kind names where ref_by says which,
// and needs ref or ref_by; ref_per, with ref_field, names a field both
// collections have.
func TestRefFieldNeedsItsField(t *testing.T) {
	const head = "kind: server\nid: t\ntools: []\ncollections:\n  - name: issues\n    fields:\n      key: {type: string, role: code}\n  - name: comments\n    fields:\n"
	for _, c := range []struct{ field, want string }{
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: key}", ""},
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: code}", `no field "code" in collection issues`},
		{"issue_key: {type: string, ref_field: key}", "ref_field needs ref"},
		{"parent_id: {type: string, role: ref, ref_by: parent_type, refs: {issue: issues}, ref_field: key}\n      parent_type: {type: string, enum: [issue, comment]}", ""},
		{"parent_id: {type: string, role: ref, ref_by: parent_type, refs: {issue: issues, comment: comments}, ref_field: key}\n      parent_type: {type: string, enum: [issue, comment]}", `no field "key" in collection comments`},
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: key, ref_per: key}\n      key: {type: string, role: code}", ""},
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: key, ref_per: project_id}\n      project_id: {type: string}", `no field "project_id" in collection issues`},
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: key, ref_per: project_id}", `no field "project_id" in collection comments`},
		{"issue_key: {type: string, role: ref, ref: issues, ref_per: key}\n      key: {type: string, role: code}", "ref_per needs ref_field"},
	} {
		_, ds, err := Load(fstest.MapFS{"servers/t.yaml": {Data: []byte(head + "      " + c.field + "\n")}})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if ds.HasErrors() {
			got = ds.Err().Error()
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: diagnostics %q, want %q", c.field, got, c.want)
		}
	}
}

// TestFieldNamedForAnotherCollection: a field named for another
// collection and a field of it that names its records as a key does (an
// issue's key, an invoice's number) is a reference by that field; lint
// warns until it is declared so. A field of a role that names no record
// (a title) is not one, nor a field that only shares another's name (a
// bill's own invoice_number is no invoice's).
func TestFieldNamedForAnotherCollection(t *testing.T) {
	s := &Server{Kind: KindServer, ID: "t", Collections: []Collection{
		{Name: "issues", Fields: map[string]Field{"key": {Type: "string", Role: RoleCode}, "title": {Type: "string", Role: RoleTitle}}},
		{Name: "invoices", Fields: map[string]Field{"invoice_number": {Type: "string", Role: RoleCode}}},
		{Name: "comments", Fields: map[string]Field{
			"issue_key":   {Type: "string", Role: RoleRef, Ref: "issues"},
			"issue_title": {Type: "string", Role: RoleTitle},
		}},
		{Name: "payments", Fields: map[string]Field{
			"invoice_number": {Type: "string", Role: RoleCode},
			"issue_key":      {Type: "string", Role: RoleRef, Ref: "issues", RefField: "key"},
		}},
		{Name: "tickets", Fields: map[string]Field{"issue_key": {Type: "string", Role: RoleCode}}},
	}}
	e := &Entry{Kind: KindServer, ID: "t"}
	var warned []string
	for _, d := range validateRoles(e, s) {
		if d.Severity == Warning {
			warned = append(warned, d.Field)
		}
	}
	want := "collections[2].fields.issue_key.ref_field collections[4].fields.issue_key.role"
	if strings.Join(warned, " ") != want {
		t.Errorf("warnings at %v, want %s", warned, want)
	}
}

// TestSelfNamedField: a field named for a relation to another record of
// its own collection (a parent, the message replied to), or for its
// collection's record and "reference", names a record of that collection;
// lint warns while it is declared an id. A field named for another kind
// of record, the collection's own key, or an id that mirrors the key is
// none.
func TestSelfNamedField(t *testing.T) {
	c := &Collection{Name: "mail_folders", Fields: map[string]Field{"id": {Type: "string", Role: RoleID}}}
	msgs := &Collection{Name: "messages", Key: "message_id"}
	for _, x := range []struct {
		c    *Collection
		name string
		want bool
	}{
		{c, "parent_id", true},
		{c, "parentFolderId", true},
		{c, "parent_ids", true},
		{msgs, "reply_to_message_id", true},
		{msgs, "in_reply_to_message_id", true},
		{msgs, "replyToId", true},
		{msgs, "message_reference", true},
		{msgs, "message_id", false},
		{msgs, "user_id", false},
		{msgs, "chat_id", false},
		{msgs, "parent_chat_id", false},
		{c, "folder_id", false},
		{c, "id", false},
	} {
		if got := SelfNamed(x.c, x.name); got != x.want {
			t.Errorf("%s.%s: SelfNamed %v, want %v", x.c.Name, x.name, got, x.want)
		}
	}
	s := &Server{Kind: KindServer, ID: "t", Collections: []Collection{
		{Name: "folders", Fields: map[string]Field{"parent_id": {Type: "string", Role: RoleID}}},
		{Name: "pages", Fields: map[string]Field{"parent_id": {Type: "string", Role: RoleRef, Ref: "pages"}}},
	}}
	var warned []string
	for _, d := range validateRoles(&Entry{Kind: KindServer, ID: "t"}, s) {
		if d.Severity == Warning {
			warned = append(warned, d.Field)
		}
	}
	if strings.Join(warned, " ") != "collections[0].fields.parent_id.role" {
		t.Errorf("warned %v, want the folders' parent_id declared an id", warned)
	}
}
