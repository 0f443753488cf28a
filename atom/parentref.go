package atom

import "fmt"

// A record that the product cannot create without a reference always
// holds one: a Slack message is in a channel, a ClickUp task in a list, a
// Box file in a folder. Where every tool that creates records of a
// collection requires the argument its reference is written from, the
// server's own tools say so, and the field is declared required, so that
// synthesis draws no record without it and coherence reports one.

// UndeclaredParentRefs lists the reference fields of c that every tool of
// s creating records of c requires, and that c does not mark required. A
// collection no tool creates has none: nothing says what its records
// need. Nor is a reference to c itself (a top-level folder has no parent)
// or one whose collection its record names (ref_by: a Salesforce note's
// parent is of the type it says).
func UndeclaredParentRefs(s *Server, c *Collection) []string {
	var creates []*Tool
	for i := range s.Tools {
		if ef := s.Tools[i].Effect; ef.Kind == "create" && ef.Collection == c.Name {
			creates = append(creates, &s.Tools[i])
		}
	}
	if len(creates) == 0 {
		return nil
	}
	var out []string
	for _, name := range sortedFieldNames(c.Fields) {
		f := c.Fields[name]
		if f.Role != RoleRef || f.Required || f.Ref == "" || f.Ref == c.Name {
			continue
		}
		if everyRequires(creates, name) {
			out = append(out, name)
		}
	}
	return out
}

// everyRequires says whether each tool requires an argument that writes
// the field.
func everyRequires(tools []*Tool, field string) bool {
	for _, t := range tools {
		held := false
		for arg := range InputRequired(t.Input) {
			if t.Effect.FieldOf(arg) == field {
				held = true
				break
			}
		}
		if !held {
			return false
		}
	}
	return true
}

// validateParentRefs warns of a reference every create tool requires that
// the collection leaves optional.
func validateParentRefs(e *Entry, s *Server) Diagnostics {
	var ds Diagnostics
	for i := range s.Collections {
		c := &s.Collections[i]
		for _, name := range UndeclaredParentRefs(s, c) {
			ds = append(ds, e.Diag(Warning, fmt.Sprintf("collections[%d].fields.%s", i, name),
				"every tool that creates %s requires %s: declare required: true, so that every record names its %s", c.Name, name, c.Fields[name].Ref))
		}
	}
	return ds
}
