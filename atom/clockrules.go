package atom

// HasStates reports whether the rule lists states of its second field
// (In): only_when, set_when, past_when, future_when and full_when; refers_to and
// flag_of list those of the referenced record's, a referred_by rule of
// four fields those of the referring records', and a granted rule of five
// fields those of the grants'.
func (inv Invariant) HasStates() bool {
	return inv.Rule == "only_when" || inv.Rule == "set_when" || inv.OnClock() || inv.Rule == "full_when" || inv.Rule == "refers_to" || inv.Rule == "flag_of" || inv.Rule == "team" && len(inv.Fields) == 2 || (inv.Rule == "referred_by" || inv.Rule == "agrees" || inv.Rule == "since") && len(inv.Fields) == 4 || inv.ParentGated() || inv.Rule == "granted" && len(inv.Fields) == 5
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
