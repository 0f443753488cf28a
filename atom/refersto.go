package atom

import (
	"slices"

	"github.com/legoenv/legoenv/state"
)

// RefersToKind reports whether a refers_to rule holds for the record its
// reference names (target): the field Fields[1] of that record is one of
// In (an invoice's customer is a contact of type customer, not a vendor).
// A target that holds no value for the field is not judged, but under a
// rule of three fields, where the referring record's own state says what
// the target has become: an order with no fulfillment status has none
// fulfilled, so a successful fulfillment's order holds one. On a list (a
// Gmail message's labels) one of its values is one of In, and an empty
// list holds none (a draft's message is labelled DRAFT).
func (inv Invariant) RefersToKind(target map[string]any) bool {
	switch l := target[inv.Fields[1]].(type) {
	case []any, []string:
		return slices.ContainsFunc(ReferenceKeys(l), func(v string) bool { return slices.Contains(inv.In, v) })
	}
	v := state.Text(target[inv.Fields[1]])
	return v == "" && len(inv.Fields) < 3 || slices.Contains(inv.In, v)
}

// RefersFrom reports whether a refers_to rule holds for rec: always, or,
// with a third field, where rec holds one of Values in it (a membership
// of a manager).
func (inv Invariant) RefersFrom(rec map[string]any) bool {
	return inv.Rule != "refers_to" || len(inv.Fields) < 3 || slices.Contains(inv.Values, state.Text(rec[inv.Fields[2]]))
}

// RefersFollow is the way of a refers_to rule of three fields whose third
// field follows the record the reference names: the referring record's
// value is drawn, and kept, as one the target's kind allows, and the
// reference and the target never move for it. A Linear issue's estimate
// is a point of its team's estimate scale (https://linear.app/docs/estimates).
const RefersFollow = "follows"

// Follows reports whether a refers_to rule's third field follows the
// record its reference names (by follows).
func (inv Invariant) Follows() bool {
	return inv.Rule == "refers_to" && inv.By == RefersFollow && len(inv.Fields) == 3
}

// FollowRefused is the error of a follows rule that a write of rec's
// third field leaves naming a target of a kind the rule does not allow
// (Linear refuses an estimate off its team's scale); "" where the rule
// holds, has no error, the call wrote no such value, or the target
// records no kind to judge it by.
func (inv Invariant) FollowRefused(rec, target map[string]any, written map[string]any) string {
	if !inv.Follows() || inv.Error == "" || target == nil || !IsSet(target[inv.Fields[1]]) || !inv.RefersFrom(rec) || inv.RefersToKind(target) {
		return ""
	}
	if _, wrote := written[inv.Fields[2]]; !wrote {
		return ""
	}
	return inv.Error
}

// validateRefersTo checks that a refers_to rule's first field is a
// reference, and that the record it names has the second field, with In
// among its values.
func validateRefersTo(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	target := s.Collection(c.Fields[inv.Fields[0]].Ref)
	if target == nil {
		return Diagnostics{e.Diag(Error, at+".fields[0]", "refers_to needs a ref field as its first field")}
	}
	if _, ok := target.Fields[inv.Fields[1]]; !ok {
		return Diagnostics{e.Diag(Error, at+".fields[1]", "no field %q in collection %s", inv.Fields[1], target.Name)}
	}
	ds := valuesOf(e, target, inv.Fields[1], inv.In, at+".in")
	if inv.Rule == "refers_to" && len(inv.Fields) == 3 {
		ds = append(ds, valuesOf(e, c, inv.Fields[2], inv.Values, at+".values")...)
	}
	if inv.Rule == "refers_to" && inv.By == RefersFollow && len(inv.Fields) != 3 {
		ds = append(ds, e.Diag(Error, at+".by", "by %s is for a refers_to rule of three fields, whose third field follows the record referred to", RefersFollow))
	}
	return ds
}

// FlagOf is what a flag_of rule's flag should be on a record whose
// reference names target: true exactly where the field Fields[2] of
// target is one of In (a Shortcut story is completed where its workflow
// state is of type done); ok is false where target holds no value there.
func (inv Invariant) FlagOf(target map[string]any) (want, ok bool) {
	v := state.Text(target[inv.Fields[2]])
	return slices.Contains(inv.In, v), v != ""
}

// validateFlagOf checks that a flag_of rule's first field is a flag, its
// second a reference, and that the record it names has the third field,
// with In among its values.
func validateFlagOf(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if c.Fields[inv.Fields[0]].Type != "boolean" {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "flag_of sets a flag; %s is not a boolean", inv.Fields[0]))
	}
	rest := inv
	rest.Fields = inv.Fields[1:]
	return append(ds, validateRefersTo(e, s, c, rest, at)...)
}
