package atom

import (
	"strings"
	"testing"
)

const driveServer = `kind: server
id: drive
collections:
  - name: files
    fields:
      name: {type: string, role: title}
      mime_type: {type: string}
      size: {type: integer, role: count}
    invariants:
      - {rule: media_type, fields: [mime_type, name], values: [application/vnd.google-apps.document, application/vnd.google-apps.spreadsheet]}
tools:
  - name: drive_list_files
    description: List files.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: files}
`

// TestMediaType: a file is of the type its name's extension says, and a
// file whose name ends in none is of one of the rule's types (a "renewal
// proposal" is a Google Docs file, not an image or a CSV); a name's
// extension is read without regard to case, a full stop inside a name or
// before a number is no extension, and an extension it does not know
// leaves the file unchecked. The rule reads text fields only.
func TestMediaType(t *testing.T) {
	c := &Collection{Name: "files", Invariants: []Invariant{{Rule: "media_type", Fields: []string{"mime_type", "name"}, Values: []string{"application/vnd.google-apps.document", "application/vnd.google-apps.spreadsheet"}}}}
	for _, tc := range []struct {
		name, mime, want string
	}{
		{"Initech LLC renewal proposal", "application/vnd.google-apps.document", ""},
		{"Hooli Q3 budget forecast", "application/vnd.google-apps.spreadsheet", ""},
		{"Initech LLC renewal proposal", "text/csv", "not the type of a file named"},
		{"Compliance fixes for opportunities", "image/png", "not the type of a file named"},
		{"Maple Analytics agreement", "application/json", "not the type of a file named"},
		{"logo.PNG", "image/png", ""},
		{"brief.pdf", "application/pdf", ""},
		{"brief.pdf", "application/vnd.google-apps.document", "application/pdf"},
		{"figures.csv", "image/png", "text/csv"},
		{"Acme Inc. proposal", "image/jpeg", "not the type of a file named"},
		{"archive.tar.xyz", "image/png", ""},
		{"Release notes 2.1", "image/png", "not the type of a file named"},
		{"", "image/png", ""},
		{"Roadmap", "", ""},
	} {
		got := ""
		for _, p := range c.RecordProblems(map[string]any{"name": tc.name, "mime_type": tc.mime}) {
			got += p.Message
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%q as %q: %q, want %q", tc.name, tc.mime, got, tc.want)
		}
	}
	noValues := Invariant{Rule: "media_type", Fields: []string{"mime_type", "name"}}
	if _, ok := noValues.MediaTypes(map[string]any{"name": "Roadmap"}); ok {
		t.Errorf("a rule without values knows the type of a name with no extension")
	}
	expectDiag(t, driveServer, "", "", "")
	expectDiag(t, strings.Replace(driveServer, "[mime_type, name]", "[size, name]", 1), "collections[0].invariants[0].fields[0]", "media_type reads a media type", "")
	expectDiag(t, strings.Replace(driveServer, "rule: media_type", "rule: differs", 1), "collections[0].invariants[0].values", "values lists", "")
}
