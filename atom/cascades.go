package atom

import (
	"fmt"
	"maps"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// Cascade is what an update does to the records that name the one it
// writes, where the product says so: cancelling a Calendly scheduled
// event cancels it for every invitee, whose status becomes canceled
// (https://developer.calendly.com/api-docs/, "Cancel Event"; Invitee
// object, status). Where the update brings the written record to When (it
// held those values of its fields after the call and not before), each
// record of Collection whose reference Ref names it, and that holds
// Only where given, takes Set; "$now" is the clock. A record that already
// holds Set's constants is left as it is, and one not holding Only is
// not reached: terminating a Rippling employee cancels their pending
// leave requests, not those already approved or rejected.
type Cascade struct {
	Collection string         `json:"collection"`     // the collection whose records name the written one
	Ref        string         `json:"ref"`            // their reference to it
	When       map[string]any `json:"when"`           // the values of the written record that set it off
	Set        map[string]any `json:"set"`            // the fields written to each record naming it
	Only       map[string]any `json:"only,omitempty"` // the values a record naming it holds to be reached
}

// Reaches reports whether r, a record naming the written one, is one the
// cascade writes: it holds every value of Only.
func (c Cascade) Reaches(r map[string]any) bool { return holdsValues(r, c.Only) }

// Starts reports whether an update from old to rec sets the cascade
// off: rec holds every value of When and old did not.
func (c Cascade) Starts(old, rec map[string]any) bool {
	return holdsValues(rec, c.When) && !holdsValues(old, c.When)
}

// Holds reports whether r already holds every constant Set writes (the
// clock aside): an invitee cancelled before its event is left as it is.
func (c Cascade) Holds(r map[string]any) bool {
	for f, v := range c.Set {
		if s, ok := v.(string); ok && s == "$now" {
			continue
		}
		if state.Text(r[f]) != state.Text(v) {
			return false
		}
	}
	return true
}

// holdsValues reports whether r holds each field of want at its value.
func holdsValues(r, want map[string]any) bool {
	for f, v := range want {
		if r == nil || state.Text(r[f]) != state.Text(v) {
			return false
		}
	}
	return true
}

// CascadedFields is, by the collection each names, the fields an
// effect's cascades write (an invitee's status, which cancelling its
// event moves): fields a call may change beside the record it writes.
func (s *Server) CascadedFields(ef Effect) map[string][]string {
	if len(ef.Cascades) == 0 {
		return nil
	}
	out := map[string][]string{}
	for _, c := range ef.Cascades {
		out[c.Collection] = append(out[c.Collection], slices.Sorted(maps.Keys(c.Set))...)
	}
	return out
}

// validateCascades checks an effect's cascades: an update's, each on a
// collection whose single reference Ref names the collection the update
// writes, set off by values that fit the written collection's fields and
// writing constants that fit the referring collection's.
func validateCascades(e *Entry, s *Server, c *Collection, ef Effect, at string) Diagnostics {
	var ds Diagnostics
	for i, cs := range ef.Cascades {
		cat := fmt.Sprintf("%s.cascades[%d]", at, i)
		if ef.Kind != "update" {
			ds = append(ds, e.Diag(Error, cat, "cascades are what an update does to the records naming the one it writes; the effect is %s", ef.Kind))
			continue
		}
		from := s.Collection(cs.Collection)
		if from == nil {
			ds = append(ds, e.Diag(Error, cat+".collection", "no collection %q in server %s", cs.Collection, s.ID))
			continue
		}
		ref := from.Fields[cs.Ref]
		if ref.Role != "ref" || ref.Ref != c.Name || ref.Type == "array" {
			ds = append(ds, e.Diag(Error, cat+".ref", "%q is not a single reference of collection %s to %s", cs.Ref, from.Name, c.Name))
			continue
		}
		if len(cs.When) == 0 || len(cs.Set) == 0 {
			ds = append(ds, e.Diag(Error, cat, "a cascade is set off by at least one value (when) and sets at least one field (set)"))
		}
		ds = append(ds, markFits(e, c, cs.When, cat+".when")...)
		ds = append(ds, markFits(e, from, cs.Set, cat+".set")...)
		ds = append(ds, markFits(e, from, cs.Only, cat+".only")...)
	}
	return ds
}
