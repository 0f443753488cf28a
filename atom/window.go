package atom

import (
	"fmt"
	"slices"
)

// validateWindows checks the two-sided bounds of c: a since rule and a
// within rule over one date and one reference keep the date between two
// dates of the referenced record (a time-off request between its
// employee's hire and termination), which the referenced collection
// orders by a before rule, so that there is a window to keep it in.
func validateWindows(e *Entry, s *Server, c *Collection, at string) Diagnostics {
	var ds Diagnostics
	for i, since := range c.Invariants {
		if since.Rule != "since" || len(since.Fields) != 3 {
			continue
		}
		for j, within := range c.Invariants {
			if within.Rule != "within" || len(within.Fields) != 3 || !slices.Equal(since.Fields[:2], within.Fields[:2]) {
				continue
			}
			fd, ok := c.Fields[since.Fields[1]]
			target := s.Collection(fd.Ref)
			if !ok || target == nil || target.orders(since.Fields[2], within.Fields[2]) {
				continue
			}
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.invariants[%d]", at, j), "invariants[%d] and this rule keep %s between %s and %s of %s, which orders them by no before rule", i, since.Fields[0], since.Fields[2], within.Fields[2], target.Name))
		}
	}
	return ds
}

// orders reports whether the collection declares date a before date b.
func (c *Collection) orders(a, b string) bool {
	return slices.ContainsFunc(c.Invariants, func(inv Invariant) bool {
		return inv.Rule == "before" && slices.Equal(inv.Fields, []string{a, b})
	})
}
