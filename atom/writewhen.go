package atom

import (
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// WriteWhen keeps the changes to a record to where the record its
// reference names holds one of In in its field Field: a Google Calendar
// event is changed only on a calendar whose accessRole for the user is
// writer or owner; a reader or a freeBusyReader changes none of its
// events, and the product refuses the call with Error
// (https://developers.google.com/calendar/api/v3/reference/calendarList).
// A task changes no record the rule keeps unchangeable, and a tool that
// updates or deletes one is refused.
type WriteWhen struct {
	Field string   `json:"field"` // the field of the referenced record telling what the user may do
	In    []string `json:"in"`    // its values that let the user change the records under it
	Error string   `json:"error"` // the product's refusal
}

// Writable reports whether a record under target may be changed: target
// holds one of In in Field. A target that holds no value there is not
// judged.
func (ww *WriteWhen) Writable(target map[string]any) bool {
	if ww == nil {
		return true
	}
	v := state.Text(target[ww.Field])
	return v == "" || slices.Contains(ww.In, v)
}

// validateWriteWhen checks a write gate: on a single reference whose
// collection has the field, with values of its enum and an error.
func validateWriteWhen(e *Entry, s *Server, f Field, at string) Diagnostics {
	ww := f.WriteWhen
	target := s.Collection(f.Ref)
	if f.Role != RoleRef || target == nil || f.Type == "array" {
		return Diagnostics{e.Diag(Error, at, "write_when is declared on a single reference")}
	}
	fd, ok := target.Fields[ww.Field]
	switch {
	case !ok:
		return Diagnostics{e.Diag(Error, at+".field", "no field %q in collection %s", ww.Field, target.Name)}
	case len(ww.In) == 0:
		return Diagnostics{e.Diag(Error, at+".in", "in lists the values of %s that let the user change the records under it", ww.Field)}
	case ww.Error == "":
		return Diagnostics{e.Diag(Error, at+".error", "error gives the product's refusal of a change under a record that does not let one")}
	}
	var ds Diagnostics
	for i, v := range ww.In {
		if len(fd.Enum) > 0 && !slices.ContainsFunc(fd.Enum, func(x any) bool { return fmt.Sprint(x) == v }) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.in[%d]", at, i), "%q is not one of %s's values", v, ww.Field))
		}
	}
	return ds
}
