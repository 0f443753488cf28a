package atom

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestRefFieldNeedsItsField: ref_field names a field of the collection
// the reference names, and needs ref.
func TestRefFieldNeedsItsField(t *testing.T) {
	const head = "kind: server\nid: t\ntools: []\ncollections:\n  - name: issues\n    fields:\n      key: {type: string, role: code}\n  - name: comments\n    fields:\n"
	for _, c := range []struct{ field, want string }{
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: key}", ""},
		{"issue_key: {type: string, role: ref, ref: issues, ref_field: code}", `no field "code" in collection issues`},
		{"issue_key: {type: string, ref_field: key}", "ref_field needs ref"},
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
