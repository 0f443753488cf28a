package atom

// HasStates reports whether the rule lists states of its second field
// (In): only_when, set_when, past_when, future_when and full_when; refers_to and
// flag_of list those of the referenced record's, a referred_by rule of
// four fields those of the referring records', and a granted rule of five
// fields those of the grants'; a remaining rule of three fields lists
// those of its third, in which nothing has been paid.
func (inv Invariant) HasStates() bool {
	n := len(inv.Fields)
	switch inv.Rule {
	case "only_when", "set_when", "full_when", "refers_to", "flag_of":
		return true
	case "remaining", "before":
		return n == 3
	case "team":
		return n == 2
	case "referred_by", "agrees", "since":
		return n == 4 || inv.ParentGated()
	case "granted":
		return n == 5
	}
	return inv.OnClock()
}

// OnClock reports whether the rule puts a date to one side of the world's
// clock in some states: past_when, future_when.
func (inv Invariant) OnClock() bool { return inv.Rule == "past_when" || inv.Rule == "future_when" }

// validateClockDate checks that a past_when or future_when rule's first
// field is a date.
func validateClockDate(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	f, ok := c.Fields[inv.Fields[0]]
	if !ok || f.Format == "date" || f.Format == "date-time" {
		return nil
	}
	return Diagnostics{e.Diag(Error, at+".fields[0]", "%s puts a date to one side of the clock; %s is not a date", inv.Rule, inv.Fields[0])}
}
