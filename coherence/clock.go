package coherence

import (
	"fmt"
	"slices"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// Clocked lists the dates of rec that a past_when or future_when rule of
// its collection denies at the clock now, each with the date that agrees:
// a campaign being sent (Brevo's in_process) was scheduled before now and
// moves as far before it as it was after; a queued one moves as far after.
// A future_when rule with days keeps the date within that many days after
// now (a Google Forms watch expires seven days after it is made or
// renewed): one further ahead, or behind, moves into them. A past_when
// rule with hours, or with a third field of days, keeps the date within
// that many hours (or days) before now (a Plivo call still ringing was
// placed minutes ago; a Zoho Sign request in progress was sent within its
// expiration_days): one further behind moves into them.
// The other date of the record's span moves with it, keeping its length,
// but where the state wants the span around now (an ACTIVE meeting began
// and has not ended) the span is centred on now.
func (sh *Shape) Clocked(rec map[string]any, now time.Time) []Contradiction {
	if now.IsZero() {
		return nil
	}
	for _, inv := range sh.def.Invariants {
		past := inv.Rule == "past_when"
		if !inv.ClockBinds(rec) {
			continue
		}
		f := inv.Fields[0]
		s, _ := rec[f].(string)
		t, ok := isotime.Parse(s)
		far := !past && inv.TooFarAhead(t, now) || past && inv.TooFarBehind(rec, t, now)
		if !ok || past != t.After(now) && !far {
			continue
		}
		side, want := "after", now.Add(inv.Ahead(now.Sub(t)+24*time.Hour))
		switch {
		case past && far:
			side, want = fmt.Sprintf("within %s before", behindWords(inv, rec)), now.Add(-inv.Behind(rec, now.Sub(t)))
		case past:
			floor, hasFloor := sh.floorOf(rec, f, now)
			side, want = "before", mirrored(t, now, floor, hasFloor)
			if inv.TooFarBehind(rec, want, now) {
				want = now.Add(-inv.Behind(rec, now.Sub(want)))
			}
		case far:
			side, want = fmt.Sprintf("within %d days after", inv.Days), now.Add(inv.Ahead(t.Sub(now)))
		}
		why := fmt.Sprintf("%s %s is not %s the clock %s", f, s, side, now.UTC().Format(time.RFC3339))
		if len(inv.Fields) > 1 {
			why = fmt.Sprintf("%s is %v but %s", inv.Fields[1], rec[inv.Fields[1]], why)
		}
		return sh.moveSpan(rec, now, f, want.Sub(t), why)
	}
	return nil
}

// behindWords says how far before the clock a past_when rule lets its
// date lie on rec: "6 hours", or "19 days (expiration_days)".
func behindWords(inv atom.Invariant, rec map[string]any) string {
	if len(inv.Fields) < 3 {
		return fmt.Sprintf("%d hours", inv.Hours)
	}
	return fmt.Sprintf("%v days (%s)", rec[inv.Fields[2]], inv.Fields[2])
}

// moveSpan moves the date f of rec by d, and the other date of its span
// with it; where the record's state wants its start before now and its
// end after it, the span is centred on now instead.
func (sh *Shape) moveSpan(rec map[string]any, now time.Time, f string, d time.Duration, why string) []Contradiction {
	start, end := sh.span()
	a, _ := rec[start].(string)
	b, _ := rec[end].(string)
	at, aok := isotime.Parse(a)
	bt, bok := isotime.Parse(b)
	if f != start && f != end || !aok || !bok || start == "" || end == "" {
		t, _ := isotime.Parse(state.Text(rec[f]))
		return []Contradiction{{f, why, dateLike(state.Text(rec[f]), t.Add(d)), nil}}
	}
	if sh.spansNow(rec, start, end) {
		half := bt.Sub(at) / 2
		if half <= 0 {
			half = sittingLength / 2
		}
		at, bt = now.Add(-half), now.Add(half)
	} else {
		at, bt = at.Add(d), bt.Add(d)
	}
	return []Contradiction{{start, why, dateLike(a, at), nil}, {end, why, dateLike(b, bt), nil}}
}

// spansNow reports whether rec's state is one in which, by its rules, its
// span's start is past and its end is not: an ACTIVE meeting.
func (sh *Shape) spansNow(rec map[string]any, start, end string) bool {
	return sh.clockRule(rec, "past_when", start) && sh.clockRule(rec, "future_when", end)
}

// clockRule reports whether a rule of the collection puts date f to one
// side of the clock in rec's state.
func (sh *Shape) clockRule(rec map[string]any, rule, f string) bool {
	return slices.ContainsFunc(sh.def.Invariants, func(inv atom.Invariant) bool {
		return inv.Rule == rule && inv.Fields[0] == f && inv.ClockBinds(rec)
	})
}

// floorOf is the latest date before now that rec's date f may not precede:
// when the record was created, and the dates its before rules put ahead
// of f (a maintenance resolved no earlier than it was scheduled for).
func (sh *Shape) floorOf(rec map[string]any, f string, now time.Time) (time.Time, bool) {
	floor, ok := sh.createdAt(rec)
	if ok && floor.After(now) {
		floor, ok = time.Time{}, false
	}
	for _, inv := range sh.def.Invariants {
		if !inv.Orders(rec) || inv.Fields[1] != f {
			continue
		}
		s, _ := rec[inv.Fields[0]].(string)
		if t, tok := isotime.Parse(s); tok && !t.After(now) && (!ok || t.After(floor)) {
			floor, ok = t, true
		}
	}
	return floor, ok
}
