package atom

import (
	"slices"
	"time"

	"github.com/legoenv/legoenv/state"
)

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
	case "referred_by", "agrees", "since", "within":
		return n == 4 || inv.ParentGated() || inv.GatedThrough()
	case "granted":
		return n == 5
	}
	return inv.OnClock() && n >= 2 // one date alone binds in every state
}

// ClockBinds reports whether a past_when or future_when rule binds rec:
// always for a rule of one field (a Whereby recording or participant is
// of a session held, whatever its state), else where rec's second field
// holds one of In.
func (inv Invariant) ClockBinds(rec map[string]any) bool {
	return inv.OnClock() && (len(inv.Fields) == 1 || slices.Contains(inv.In, state.Text(rec[inv.Fields[1]])))
}

// OnClock reports whether the rule puts a date to one side of the world's
// clock in some states: past_when, future_when.
func (inv Invariant) OnClock() bool { return inv.Rule == "past_when" || inv.Rule == "future_when" }

// TooFarAhead reports whether t lies further after now than a future_when
// rule with days lets it (a Google Forms watch expiring in a month).
func (inv Invariant) TooFarAhead(t, now time.Time) bool {
	return inv.Rule == "future_when" && inv.Days > 0 && t.Sub(now) > time.Duration(inv.Days)*24*time.Hour
}

// TooFarBehind reports whether t lies further before now than a
// past_when rule with hours, or with a third field of days, lets it on
// rec (a Plivo call still ringing or in progress was placed minutes ago,
// not days; a Zoho Sign request still in progress was sent no more than
// its expiration_days ago).
func (inv Invariant) TooFarBehind(rec map[string]any, t, now time.Time) bool {
	limit := inv.BehindLimit(rec)
	return limit > 0 && now.Sub(t) > limit
}

// BehindLimit is how far before the clock a past_when rule lets its date
// lie on rec: its hours, or the days rec holds in the rule's third field
// (none where it holds no positive count); 0 for no bound.
func (inv Invariant) BehindLimit(rec map[string]any) time.Duration {
	if inv.Rule != "past_when" {
		return 0
	}
	if len(inv.Fields) < 3 {
		return time.Duration(inv.Hours) * time.Hour
	}
	var days float64
	switch v := rec[inv.Fields[2]].(type) {
	case int:
		days = float64(v)
	case int64:
		days = float64(v)
	case float64:
		days = v
	}
	return time.Duration(max(days, 0) * float64(24*time.Hour))
}

// Behind is how far before the clock a date a past_when rule with hours
// (or days on rec) moves lands, for a date d before it: d wrapped into
// the bound (more than none, at most the bound).
func (inv Invariant) Behind(rec map[string]any, d time.Duration) time.Duration {
	limit := inv.BehindLimit(rec)
	if limit <= 0 {
		return d
	}
	if d = d % limit; d <= 0 {
		d += limit
	}
	return d
}

// Ahead is how far after the clock a date the rule moves ahead of it
// lands, for a move of d: d itself, or, where the rule bounds the date by
// days, d wrapped into them (more than none, at most the days).
func (inv Invariant) Ahead(d time.Duration) time.Duration {
	limit := time.Duration(inv.Days) * 24 * time.Hour
	if inv.Rule != "future_when" || limit <= 0 {
		return d
	}
	if d = d % limit; d <= 0 {
		d += limit
	}
	return d
}

// validateClockDate checks that a past_when or future_when rule's first
// field is a date, that only future_when bounds by days how far ahead it
// is, and only past_when by hours how far behind.
func validateClockDate(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if inv.Days < 0 || inv.Days > 0 && inv.Rule != "future_when" {
		ds = append(ds, e.Diag(Error, at+".days", "days is a positive count of days, and only for the rule future_when"))
	}
	if inv.Hours < 0 || inv.Hours > 0 && inv.Rule != "past_when" {
		ds = append(ds, e.Diag(Error, at+".hours", "hours is a positive count of hours, and only for the rule past_when"))
	}
	if inv.OnClock() && len(inv.Fields) == 3 {
		if d, ok := c.Fields[inv.Fields[2]]; inv.Rule != "past_when" || inv.Hours > 0 || ok && d.Type != "integer" && d.Type != "number" {
			ds = append(ds, e.Diag(Error, at+".fields[2]", "a third field is a count of days, for the rule past_when without hours"))
		}
	}
	f, ok := c.Fields[inv.Fields[0]]
	if !inv.OnClock() || !ok || f.Format == "date" || f.Format == "date-time" {
		return ds
	}
	return append(ds, e.Diag(Error, at+".fields[0]", "%s puts a date to one side of the clock; %s is not a date", inv.Rule, inv.Fields[0]))
}
