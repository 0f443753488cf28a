package atom

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// Total is what a sum rule's first field should hold on rec: the others'
// values added, and Plus (ServiceNow's default priority lookup makes an
// incident's priority its impact plus its urgency less one); false where
// the first field or one of the others is not a number.
func (inv Invariant) Total(rec map[string]any) (float64, bool) {
	if _, ok := state.Number(rec[inv.Fields[0]]); !ok {
		return 0, false
	}
	total := float64(inv.Plus)
	for _, f := range inv.Fields[1:] {
		x, ok := state.Number(rec[f])
		if !ok {
			return 0, false
		}
		total += x
	}
	return total, true
}

// Computed reports whether a record rule makes its first field from the
// record's others, as the product computes it on every write: a sum, a
// ratio, a flag that one number reaches another. The session keeps such
// fields after each call, and the whole-world fence lets them move with
// their inputs.
func (inv Invariant) Computed() bool {
	switch inv.Rule {
	case "sum", "reaches":
		return true
	case "ratio":
		return len(inv.Fields) >= 2
	}
	return false
}

// mustNumber is v as a number, 0 where it is none.
func mustNumber(v any) float64 {
	x, _ := state.Number(v)
	return x
}

// sumText names what a sum rule adds: "impact + urgency - 1".
func (inv Invariant) sumText() string {
	s := strings.Join(inv.Fields[1:], " + ")
	switch {
	case inv.Plus > 0:
		s += fmt.Sprintf(" + %d", inv.Plus)
	case inv.Plus < 0:
		s += fmt.Sprintf(" - %d", -inv.Plus)
	}
	return s
}

// validateSum checks a sum rule: numeric fields, and plus only on it.
func validateSum(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if inv.Plus != 0 && inv.Rule != "sum" {
		ds = append(ds, e.Diag(Error, at+".plus", "plus is for the rule sum, and only for it"))
	}
	if inv.Rule != "sum" {
		return ds
	}
	for j, f := range inv.Fields {
		if fd, ok := c.Fields[f]; ok && fd.Type != "integer" && fd.Type != "number" {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "sum adds numbers; %s is %s", f, fd.Type))
		}
	}
	return ds
}
