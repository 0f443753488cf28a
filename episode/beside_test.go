package episode

import (
	"encoding/json"
	"testing"
)

const besideServer = `kind: server
id: drive
collections:
  - name: files
    fields:
      name: {type: string}
  - name: comments
    fields:
      file_id: {type: string}
      message: {type: string}
tools:
  - name: drive_comment
    description: Comment on a file.
    input: {type: object, properties: {file_id: {type: string}, message: {type: string}}, required: [file_id, message]}
    effect: {kind: create, collection: comments}
`

// TestMentionIsNotALookAlikes: a goal that a comment names the file "Q3
// pricing sheet" is not met by a comment naming only its look-alike "Q3
// pricing sheet 2", which holds the name; naming the file, alone or
// beside the look-alike, meets it. A negative goal that the comment
// leaves out "Q3 pricing" (another file, whose name both hold) is not
// broken by naming the sheet.
func TestMentionIsNotALookAlikes(t *testing.T) {
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  drive:\n" +
		"    files: [{id: f1, name: Q3 pricing sheet}, {id: f2, name: Q3 pricing sheet 2}, {id: f3, name: Q3 pricing}, {id: f4, name: Budget}]\n" +
		"handles:\n  t: {app: drive, collection: files, key: f1}\n  o: {app: drive, collection: files, key: f3}\n"
	head := "kind: intent\nid: i\napps: [drive]\ninstruction: Comment.\nslots:\n  t: {handle: t}\n  o: {handle: o}\ngoal:\n"
	names := head + "  - exists: drive.comments\n    where: {file_id: {equals: f4}, message: {icontains: '{{t.name}}'}}\n"
	leaves := head + "  - exists: drive.comments\n    where: {file_id: {equals: f4}}\n" +
		"  - not_exists: drive.comments\n    where: {message: {icontains: '{{o.name}}'}}\n"
	for _, c := range []struct {
		name, intent, message string
		pass                  bool
	}{
		{"the file", names, "See Q3 pricing sheet.", true},
		{"the file, case aside", names, "See q3 PRICING SHEET.", true},
		{"the look-alike only", names, "See Q3 pricing sheet 2.", false},
		{"the file beside the look-alike", names, "Q3 pricing sheet, not Q3 pricing sheet 2.", true},
		{"a file whose name holds the one left out", leaves, "See Q3 pricing sheet 2.", true},
		{"the file left out", leaves, "See Q3 pricing sheet and Q3 pricing.", false},
	} {
		s := yamlSession(t, besideServer, data, c.intent)
		args, _ := json.Marshal(map[string]string{"file_id": "f4", "message": c.message})
		if o := s.Call(ToolCall{Name: "drive_comment", Args: args}); o.IsError {
			t.Fatalf("%s: %s", c.name, o.Content)
		}
		if got := s.Evaluate().Passed; got != c.pass {
			t.Errorf("%s: passed %v, want %v", c.name, got, c.pass)
		}
	}
}
