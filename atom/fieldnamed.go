package atom

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/internal/inflect"
)

// A field may name another collection's record by a field of it other
// than its key: a Jira comment's issue_key holds the key
// ("ISS-2278"), not its id. Its name says so: the collection's name, then
// the field's.

// keyLikeRoles are the roles of a field that names its record as a key
// does without being the key: a code (an issue key, an invoice number),
// an id kept beside the key.
var keyLikeRoles = []string{RoleCode, RoleID}

// FieldNamed is the other collection of s, and its field other than its
// key, that field name of c holds by its name alone: issue_key, an
// issue's key; project_key, a project's. The field must name its record
// as a key does (a code, an id). Nil where no collection's is.
func FieldNamed(s *Server, c *Collection, name string) (*Collection, string) {
	ws := Words(name)
	for i := range s.Collections {
		o := &s.Collections[i]
		if o == c {
			continue
		}
		head := Words(inflect.Singular(strings.Join(Words(o.Name), " ")))
		if len(ws) <= len(head) || strings.Join(ws[:len(head)], " ") != strings.Join(head, " ") {
			continue
		}
		tail := strings.Join(ws[len(head):], " ")
		for _, f := range sortedFieldNames(o.Fields) {
			if f != o.KeyField() && strings.Join(Words(f), " ") == tail && slices.Contains(keyLikeRoles, o.Fields[f].Role) {
				return o, f
			}
		}
	}
	return nil, ""
}

// validateFieldNamed warns of a field whose name says it holds another
// collection's non-key field (FieldNamed) but which is declared no
// reference to it, or a reference by its key.
func validateFieldNamed(e *Entry, s *Server, c *Collection, name, at string) Diagnostics {
	f := c.Fields[name]
	if name == c.KeyField() || f.Type == "array" || f.RefBy != "" {
		return nil
	}
	o, by := FieldNamed(s, c, name)
	switch {
	case o == nil:
		return nil
	case f.Role != RoleRef:
		return Diagnostics{e.Diag(Warning, at+".role", "the field holds the %s field of a record of %s: declare role ref, ref %s, ref_field %s", by, o.Name, o.Name, by)}
	case f.Ref == o.Name && f.RefField == "":
		return Diagnostics{e.Diag(Warning, at+".ref_field", "the field holds the %s field of a record of %s, not its %s: declare ref_field %s", by, o.Name, o.KeyField(), by)}
	}
	return nil
}
