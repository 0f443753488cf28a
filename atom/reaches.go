package atom

import (
	"fmt"

	"github.com/legoenv/legoenv/state"
)

// Reached is, for a reaches rule, what its flag Fields[0] should hold on
// rec: true exactly where the number Fields[1] has come to the number
// Fields[2], above nothing (a Stripe charge is refunded once its
// amount_refunded is its amount); false where either number is unset.
func (inv Invariant) Reached(rec map[string]any) (want, ok bool) {
	part, pok := state.Number(rec[inv.Fields[1]])
	whole, wok := state.Number(rec[inv.Fields[2]])
	if !pok || !wok {
		return false, false
	}
	return whole > 0 && part >= whole, true
}

// reachesProblem is how rec breaks a reaches rule: a flag that says
// otherwise than its two numbers.
func (inv Invariant) reachesProblem(rec map[string]any) (Problem, bool) {
	b, set := rec[inv.Fields[0]].(bool)
	want, ok := inv.Reached(rec)
	if !set || !ok || b == want {
		return Problem{}, false
	}
	return Problem{inv.Fields[0], fmt.Sprintf("%s is %v but %s %v of %s %v", inv.Fields[0], b, inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], rec[inv.Fields[2]])}, true
}

// validateReaches checks a reaches rule: a flag, then two numbers.
func validateReaches(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if fd, ok := c.Fields[inv.Fields[0]]; ok && fd.Type != "boolean" {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "reaches sets a flag; %s is a %s", inv.Fields[0], fd.Type))
	}
	for _, j := range []int{1, 2} {
		if fd, ok := c.Fields[inv.Fields[j]]; ok && fd.Type != "integer" && fd.Type != "number" {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "reaches compares two numbers; %s is a %s", inv.Fields[j], fd.Type))
		}
	}
	return ds
}
