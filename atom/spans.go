package atom

import (
	"fmt"
	"math"
	"time"

	"github.com/legoenv/legoenv/state"
)

// SpanDays is, for a spans rule, the count of days Fields[0] of rec and
// the calendar days its dates Fields[1] to Fields[2] take, both ends
// counted (a request from 3 May to 4 May takes 2 days); false where one
// of the three is unset or the end comes before the start, which the
// rule before judges.
func (inv Invariant) SpanDays(rec map[string]any) (count, days float64, ok bool) {
	count, cok := state.Number(rec[inv.Fields[0]])
	start, sok := Time(rec[inv.Fields[1]])
	end, eok := Time(rec[inv.Fields[2]])
	if !cok || !sok || !eok || end.Before(start) {
		return 0, 0, false
	}
	from := time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, time.UTC)
	to := time.Date(end.Year(), end.Month(), end.Day(), 0, 0, 0, 0, time.UTC)
	return count, math.Round(to.Sub(from).Hours()/24) + 1, true
}

// spansProblem is how rec breaks a spans rule: more days asked than its
// dates take.
func (inv Invariant) spansProblem(rec map[string]any) (Problem, bool) {
	count, days, ok := inv.SpanDays(rec)
	if !ok || count <= days {
		return Problem{}, false
	}
	return Problem{inv.Fields[0], fmt.Sprintf("%s %v days is more than the %v calendar days from %s %v to %s %v", inv.Fields[0], count, days, inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], rec[inv.Fields[2]])}, true
}

// validateSpans checks a spans rule: a number of the record, then two of
// its dates.
func validateSpans(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if fd, ok := c.Fields[inv.Fields[0]]; ok && fd.Type != "integer" && fd.Type != "number" {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "spans bounds a number of days; %s is a %s", inv.Fields[0], fd.Type))
	}
	for _, j := range []int{1, 2} {
		if fd, ok := c.Fields[inv.Fields[j]]; ok && fd.Role != RoleDate {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "spans reads dates at both ends; %s has role %q", inv.Fields[j], fd.Role))
		}
	}
	return ds
}
