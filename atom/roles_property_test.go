package atom

import "testing"

// A field named for a property of a text (its type, its hash) is not the
// text: content_type holds a MIME type, content_hash a digest.
func TestTextPropertyIsNoText(t *testing.T) {
	s := &Server{ID: "x", Collections: []Collection{{Name: "files", Fields: map[string]Field{
		"content_type": {Type: "string"}, "ContentType": {Type: "string"}, "content_hash": {Type: "string"},
		"content": {Type: "string"}, "body_html": {Type: "string"}, "description": {Type: "string"},
	}}}}
	for f, want := range map[string]string{"content_type": "", "ContentType": "", "content_hash": "", "content": RoleText, "body_html": RoleText, "description": RoleText} {
		if got, _ := RoleOf(s, &s.Collections[0], f); got != want {
			t.Errorf("%s: role %q, want %q", f, got, want)
		}
	}
}
