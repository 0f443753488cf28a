package atom

import (
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// RoleWhen gives a field another role on the records of some kinds: a
// Confluence space's name is what people call the space by (a title),
// but a personal space is one person's and is named by its owner's name
// (person_name), whatever it holds.
type RoleWhen struct {
	Field string   `json:"field"` // the field telling the kind
	In    []string `json:"in"`    // the kinds, values of Field, the role holds on
	Role  string   `json:"role"`
}

// Holds reports whether rec is of one of the kinds rw names.
func (rw *RoleWhen) Holds(rec map[string]any) bool {
	return rw != nil && slices.Contains(rw.In, state.Text(rec[rw.Field]))
}

// RoleOn is the role field f of c takes on rec: its RoleWhen's where rec
// is of one of its kinds, else its declared role.
func (c *Collection) RoleOn(f string, rec map[string]any) string {
	fd := c.Fields[f]
	if fd.RoleWhen.Holds(rec) {
		return fd.RoleWhen.Role
	}
	return fd.Role
}

// validateRoleWhen checks a role by kind: a known role other than the
// field's own, a field of the collection and kinds of its enum.
func validateRoleWhen(e *Entry, c *Collection, name string, at string) Diagnostics {
	rw := c.Fields[name].RoleWhen
	fd, ok := c.Fields[rw.Field]
	if _, known := FieldRoleDoc(rw.Role); !known || rw.Role == c.Fields[name].Role {
		return Diagnostics{e.Diag(Error, at+".role", "%q is not a role %s could take besides its own", rw.Role, name)}
	}
	switch {
	case !ok || rw.Field == name:
		return Diagnostics{e.Diag(Error, at+".field", "no other field %q in collection %s", rw.Field, c.Name)}
	case len(rw.In) == 0:
		return Diagnostics{e.Diag(Error, at+".in", "in lists the values of %s on whose records %s is a %s", rw.Field, name, rw.Role)}
	}
	var ds Diagnostics
	for i, v := range rw.In {
		if len(fd.Enum) > 0 && !slices.ContainsFunc(fd.Enum, func(x any) bool { return fmt.Sprint(x) == v }) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.in[%d]", at, i), "%q is not one of %s's values", v, rw.Field))
		}
	}
	return ds
}
