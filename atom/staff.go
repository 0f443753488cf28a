package atom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// Staff says a collection's records are the workspace's own people (its
// users, agents, teammates, employees), not its customers: they work at
// the company the world is about, so their work addresses share one
// domain, its own. Where only some records are (Zendesk's agents and
// admins among its users), Field and Values say which.
type Staff struct {
	// Email lists the fields holding a work address; empty, every field
	// of the collection with the email role.
	Email  []string `json:"email,omitempty"`
	Field  string   `json:"field,omitempty"`  // the field telling staff from others, if not all are
	Values []string `json:"values,omitempty"` // the values of Field a member of staff holds
	// Via names a reference of the collection: Field is then the
	// referenced record's (a Google Chat membership is of the company's
	// own people where its space allows no outside users).
	Via string `json:"via,omitempty"`
}

// AddressFields are the fields of c holding a staff member's work
// address.
func (st *Staff) AddressFields(c *Collection) []string {
	if len(st.Email) > 0 {
		return st.Email
	}
	var out []string
	for _, f := range sortedFieldNames(c.Fields) {
		if c.Fields[f].Role == RoleEmail {
			out = append(out, f)
		}
	}
	return out
}

// Holds reports whether rec is a member of staff. Where Field is read on
// the record a reference names (Via), rec alone does not say: HoldsVia.
func (st *Staff) Holds(rec map[string]any) bool {
	return st.Via == "" && (st.Field == "" || slices.Contains(st.Values, state.Text(rec[st.Field])))
}

// HoldsVia reports whether rec is a member of staff, where target is the
// record its reference Via names (nil where it names none): its Field
// holds one of Values. Without Via it is Holds.
func (st *Staff) HoldsVia(rec, target map[string]any) bool {
	if st.Via == "" {
		return st.Holds(rec)
	}
	return target != nil && slices.Contains(st.Values, state.Text(target[st.Field]))
}

// Addresses are the work addresses of the members of staff among recs,
// records of c, in their order: a mailbox's owner's where it is owned by c
// (Mailbox.OwnedBy).
func (st *Staff) Addresses(c *Collection, recs []map[string]any) []string {
	var out []string
	for _, rec := range recs {
		if !st.Holds(rec) {
			continue
		}
		for _, f := range st.AddressFields(c) {
			if a := state.Text(rec[f]); strings.Contains(a, "@") {
				out = append(out, a)
			}
		}
	}
	return out
}

// holdsAddress reports whether f holds one email address: a field of the
// email role, or a key that is an address (Expensify's employeeEmail, a
// policy member by their address).
func holdsAddress(f Field) bool {
	return f.Role == RoleEmail || f.Type == "string" && f.Format == "email"
}

// validateStaff checks a staff declaration names address fields of the
// collection and, where it has one, a field and values of it.
func validateStaff(e *Entry, s *Server, c *Collection, at string) Diagnostics {
	st := c.Staff
	var ds Diagnostics
	fields := st.AddressFields(c)
	if len(fields) == 0 {
		ds = append(ds, e.Diag(Error, at, "collection %s has no email field to hold its staff's work addresses", c.Name))
	}
	for i, f := range fields {
		if !holdsAddress(c.Fields[f]) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.email[%d]", at, i), "%q is not a field of %s holding one address", f, c.Name))
		}
	}
	if (st.Field == "") != (len(st.Values) == 0) {
		return append(ds, e.Diag(Error, at, "field and values go together: the field telling staff from others and its values on staff"))
	}
	on := c
	if st.Via != "" {
		if on = s.Collection(c.Fields[st.Via].Ref); on == nil || st.Field == "" {
			return append(ds, e.Diag(Error, at+".via", "via names a ref field of %s whose record holds field", c.Name))
		}
	}
	fd, ok := on.Fields[st.Field]
	if st.Field != "" && !ok {
		return append(ds, e.Diag(Error, at+".field", "no field %q in collection %s", st.Field, on.Name))
	}
	for i, v := range st.Values {
		if len(fd.Enum) > 0 && !slices.ContainsFunc(fd.Enum, func(x any) bool { return fmt.Sprint(x) == v }) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.values[%d]", at, i), "%q is not a value %s can hold", v, st.Field))
		}
	}
	return ds
}
