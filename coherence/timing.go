package coherence

import (
	"fmt"
	"math"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// States a record's dates must agree with at the world's clock: a
// finished record (an ended meeting, a completed call, a delivered or
// sent message) began in the past, a begun one (a started meeting) began
// in the past but may not have ended, an upcoming one (scheduled,
// planned, queued, pending) begins in the future, and an active one has
// not yet reached the date that ends it (an active employee's termination
// date, an active subscription's expiry), while an expired one has.
var (
	finishedStates = []string{"ended", "missed", "completed", "complete", "expired", "finished", "done", "no_show", "resolved",
		"delivered", "sent", "read"}
	begunStates    = []string{"started", "in_progress"}
	upcomingStates = []string{"scheduled", "upcoming", "planned", "not_started", "queued", "pending"}
	activeStates   = []string{"active", "enabled", "live", "running", "current"}
	// endedStates say the date that ends a record's life has passed.
	endedStates = []string{"expired", "ended", "terminated", "deactivated"}
)

// Words of a record's span: the date it starts and the one it ends.
var (
	spanStartWords = []string{"start", "starts", "begin", "begins", "scheduled"}
	spanEndWords   = []string{"end", "ends", "finish", "until"}
)

// endingWords name a date that ends a record's active life for good: an
// employee's termination, an account's expiry. A campaign's or a
// project's end date is a plan it may outrun, not among them.
var endingWords = []string{"termination", "terminated", "expire", "expires", "expiry", "expiration", "expired", "ended", "deactivated"}

// expiryWords name an ending the record is set to reach on its own (a
// watch's expireTime, a subscription's expiry): on an active record one
// already past is moved as far ahead of the clock, where a termination
// date, which is set only when the record ends, goes.
var expiryWords = []string{"expire", "expires", "expiry", "expiration"}

// sittingWords name collections of sittings, which last hours: a
// meeting, a call, a booking, an interview, a recording of one.
var sittingWords = []string{"meeting", "meetings", "event", "events", "call", "calls", "booking", "bookings", "interview", "interviews",
	"conference", "conferences", "recording", "recordings", "session", "sessions", "appointment", "appointments", "webinar", "webinars",
	"participant", "participants", "slot", "slots"}

// maxSitting is the longest a sitting lasts; sittingLength is how long
// one drawn out of order is made to last.
const (
	maxSitting    = 12 * time.Hour
	sittingLength = time.Hour
)

// IsSitting reports whether records of a collection are sittings that
// last hours (meetings, calls, bookings), not days.
func IsSitting(collection string) bool { return atom.HasWord(atom.Words(collection), sittingWords...) }

// span returns the fields of a record's start and end dates, or "".
// An end named for its end (end_time) wins over one named for a bound
// (recurrence_until); a field named both (scheduled_until) is an end.
func (sh *Shape) span() (start, end string) {
	bound := ""
	for _, f := range sh.names {
		fs, fd := sh.fields[f], sh.def.Fields[f]
		if fs.role != atom.RoleDate && fd.Format != "date" && fd.Format != "date-time" {
			continue
		}
		switch {
		case atom.HasWord(fs.words, "end", "ends"):
			if end == "" {
				end = f
			}
		case atom.HasWord(fs.words, spanEndWords...):
			if bound == "" {
				bound = f
			}
		case atom.HasWord(fs.words, spanStartWords...) && start == "":
			start = f
		}
	}
	if end == "" {
		end = bound
	}
	return start, end
}

// sittingSpan finds a sitting (a meeting, a call) that ends days after it
// starts, or before it: its end is set an hour after its start.
func sittingSpan(sh *Shape, rec map[string]any) []Contradiction {
	if !IsSitting(sh.def.Name) {
		return nil
	}
	start, end := sh.span()
	if start == "" || end == "" {
		return nil
	}
	a, aok := rec[start].(string)
	b, bok := rec[end].(string)
	if !aok || !bok || len(a) <= len("2006-01-02") || len(b) <= len("2006-01-02") {
		return nil // an all-day sitting, or none
	}
	at, aok := isotime.Parse(a)
	bt, bok := isotime.Parse(b)
	if !aok || !bok {
		return nil
	}
	if d := bt.Sub(at); d < 0 || d > maxSitting {
		why := fmt.Sprintf("%s %s is %s after %s %s; a sitting of %s lasts hours", end, b, roundDuration(d), start, a, sh.def.Name)
		return []Contradiction{{end, why, dateLike(b, at.Add(sittingLength)), nil}}
	}
	return nil
}

// roundDuration writes d in days or hours.
func roundDuration(d time.Duration) string {
	if d < 0 {
		return "before, not " + roundDuration(-d)
	}
	if d >= 48*time.Hour {
		return fmt.Sprintf("%d days", int(d.Hours()/24))
	}
	return fmt.Sprintf("%.0f hours", d.Hours())
}

// dateLike writes t in the layout of the date s: a date, or a date-time
// in UTC.
func dateLike(s string, t time.Time) string {
	if len(s) == len("2006-01-02") {
		return t.UTC().Format("2006-01-02")
	}
	return t.UTC().Format(time.RFC3339)
}

// Untimely lists the dates of rec that its states deny at the clock now,
// each with the date that agrees: a finished record (an ended or missed
// meeting, a completed call) that starts or ends after now moves back
// before it, an upcoming one (scheduled) that starts before now moves
// after it, both keeping their length; an active record's ending date
// (an active employee's termination date) that is past goes.
func (sh *Shape) Untimely(rec map[string]any, now time.Time) []Contradiction {
	if now.IsZero() {
		return nil
	}
	if out := sh.Clocked(rec, now); len(out) > 0 {
		return out
	}
	statuses, _ := stateFields(sh, sh.def, rec)
	var out []Contradiction
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		switch {
		case oneOf(cur, finishedStates):
			out = append(out, sh.shiftSpan(rec, now, sf, -1)...)
		case oneOf(cur, begunStates):
			out = append(out, sh.beginSpan(rec, now, sf)...)
		case oneOf(cur, upcomingStates):
			out = append(out, sh.shiftSpan(rec, now, sf, 1)...)
		case oneOf(cur, activeStates):
			out = append(out, sh.pastEndings(rec, now, sf)...)
		}
		if oneOf(cur, endedStates) {
			out = append(out, sh.futureEndings(rec, now, sf)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	return append(sh.closedAhead(rec, now), sh.activityAhead(rec, now)...)
}

// activityWords name measures of what a running record has done: a
// campaign's impressions, clicks, spend and leads and the rates made of
// them (its click-through rate, its cost per click), a post's views.
var activityWords = []string{"impressions", "clicks", "spend", "spent", "views", "conversions", "leads", "reach", "opens", "plays", "ctr", "cpc", "cpm"}

// activityAhead finds the measures of activity of a record that has not
// begun (a Google Ads campaign starting next week with 2,016 spent and
// 50 impressions): each is mended to zero, or else the record's start
// moves as far before now as it was after it.
func (sh *Shape) activityAhead(rec map[string]any, now time.Time) []Contradiction {
	start, _ := sh.span()
	a, _ := rec[start].(string)
	at, ok := isotime.Parse(a)
	if start == "" || !ok || !at.After(now) {
		return nil
	}
	var out []Contradiction
	for _, f := range sh.names {
		n, isNum := state.Number(rec[f])
		if !isNum || n == 0 || !atom.HasWord(sh.fields[f].words, activityWords...) {
			continue
		}
		why := fmt.Sprintf("%s is %v but %s %s is after the clock %s", f, rec[f], start, a, now.UTC().Format(time.RFC3339))
		out = append(out, Contradiction{f, why, SameKind(rec[f], 0), &Contradiction{start, why, dateLike(a, now.Add(-at.Sub(now))), nil}})
	}
	return out
}

// closedStates close a record for good: a deal won, lost or abandoned,
// an issue or a ticket closed. closeDateWords name the date a record closes
// or closed (a close_date, a date_won, a Closing_Date).
var (
	closedStates   = []string{"won", "lost", "abandoned", "closed", "closed_won", "closed_lost"}
	closeDateWords = []string{"close", "closed", "closing", "closes", "won", "lost"}
)

// closedAhead finds the close dates after now of a record whose status
// or stage says it is closed (Copper's won opportunity closing next
// month): each is mended to as long before now as it was after it, and
// not before the record was created.
func (sh *Shape) closedAhead(rec map[string]any, now time.Time) []Contradiction {
	sf := ""
	for f := range sh.declared(rec) {
		fs := sh.fields[f]
		if fs.role == atom.RoleStatus && len(sh.def.Fields[f].Enum) > 0 && atom.HasWord(fs.words, "status", "state", "stage") && oneOf(stateWord(rec[f]), closedStates) {
			sf = f
			break
		}
	}
	if sf == "" {
		return nil
	}
	return sh.pullBack(rec, now, sf, closeDateWords)
}

// beginSpan moves a begun record (a started meeting) that starts after
// now to be halfway through at now, keeping its length: it started, and
// has not necessarily ended. One with no end started half an hour ago.
func (sh *Shape) beginSpan(rec map[string]any, now time.Time, sf string) []Contradiction {
	start, end := sh.span()
	a, _ := rec[start].(string)
	at, ok := isotime.Parse(a)
	if start == "" || !ok || !at.After(now) {
		return nil
	}
	half := 30 * time.Minute
	b, _ := rec[end].(string)
	bt, hasEnd := isotime.Parse(b)
	hasEnd = hasEnd && end != "" && bt.After(at)
	if hasEnd {
		half = bt.Sub(at) / 2
	}
	shift := now.Add(-half).Sub(at)
	why := fmt.Sprintf("%s is %v but %s %s is after the clock %s", sf, rec[sf], start, a, now.UTC().Format(time.RFC3339))
	out := []Contradiction{{start, why, dateLike(a, at.Add(shift)), nil}}
	if hasEnd {
		out = append(out, Contradiction{end, why, dateLike(b, bt.Add(shift)), nil})
	}
	return out
}

// shiftSpan moves a record's span to the side of now its status sf says
// (dir -1: before it, finished; +1: after it, upcoming) by whole days.
func (sh *Shape) shiftSpan(rec map[string]any, now time.Time, sf string, dir int) []Contradiction {
	start, end := sh.span()
	a, aok := rec[start].(string)
	at, tok := isotime.Parse(a)
	if start == "" || !aok || !tok {
		return nil
	}
	edge, edgeField := at, start
	b, bok := rec[end].(string)
	bt, btok := isotime.Parse(b)
	hasEnd := end != "" && bok && btok
	if dir < 0 && hasEnd && bt.After(at) {
		edge, edgeField = bt, end
	}
	late := edge.Sub(now)
	if dir > 0 {
		late = now.Sub(edge)
	}
	if late <= 0 {
		return nil
	}
	days := dir * (int(math.Ceil(late.Hours()/24)) + 1)
	side := "after"
	if dir > 0 {
		side = "before"
	}
	why := fmt.Sprintf("%s is %v but %s %s is %s the clock %s", sf, rec[sf], edgeField, rec[edgeField], side, now.UTC().Format(time.RFC3339))
	out := []Contradiction{{start, why, dateLike(a, at.AddDate(0, 0, days)), nil}}
	if hasEnd {
		out = append(out, Contradiction{end, why, dateLike(b, bt.AddDate(0, 0, days)), nil})
	}
	return out
}

// pastEndings finds the dates that end a record's active life (a
// termination, an expiry) already past on a record whose status sf says
// it is active: an expiry is mended to as long after now as it was
// before it, a termination goes.
func (sh *Shape) pastEndings(rec map[string]any, now time.Time, sf string) []Contradiction {
	var out []Contradiction
	for f := range sh.declared(rec) {
		fs := sh.fields[f]
		if fs.role != atom.RoleDate || !atom.HasWord(fs.words, endingWords...) {
			continue
		}
		s, _ := rec[f].(string)
		t, ok := isotime.Parse(s)
		if !ok || !t.Before(now) {
			continue
		}
		var want any
		if atom.HasWord(fs.words, expiryWords...) {
			want = dateLike(s, now.Add(now.Sub(t)))
		}
		out = append(out, Contradiction{f, fmt.Sprintf("%s is %v but %s %s is past", sf, rec[sf], f, s), want, nil})
	}
	return out
}

// futureEndings finds the dates that end a record's life (an expiry, a
// termination) still ahead on a record whose status sf says it has ended
// (an expired vector store that expires next month): each is mended to as
// long before now as it was after it, and not before the record was
// created.
func (sh *Shape) futureEndings(rec map[string]any, now time.Time, sf string) []Contradiction {
	return sh.pullBack(rec, now, sf, endingWords)
}

// pullBack mends each date of rec named with one of words that is after
// now, though status sf says its event is past, to as long before now as
// it was after it, and not before the record was created.
func (sh *Shape) pullBack(rec map[string]any, now time.Time, sf string, words []string) []Contradiction {
	created, hasCreated := sh.createdAt(rec)
	var out []Contradiction
	for f := range sh.declared(rec) {
		if !isDateField(sh, f) || !atom.HasWord(sh.fields[f].words, words...) {
			continue
		}
		s, _ := rec[f].(string)
		t, ok := isotime.Parse(s)
		if !ok || !t.After(now) {
			continue
		}
		why := fmt.Sprintf("%s is %v but %s %s is after the clock %s", sf, rec[sf], f, s, now.UTC().Format(time.RFC3339))
		out = append(out, Contradiction{f, why, dateLike(s, mirrored(t, now, created, hasCreated)), nil})
	}
	return out
}

// createdAt is when rec came to be, by its created field.
func (sh *Shape) createdAt(rec map[string]any) (time.Time, bool) {
	cf := sh.CreatedField()
	if cf == "" {
		return time.Time{}, false
	}
	s, _ := rec[cf].(string)
	return isotime.Parse(s)
}

// mirrored is the date as long before now as t is after it, and not
// before the record was created (where it was, before now).
func mirrored(t, now, created time.Time, hasCreated bool) time.Time {
	want := now.Add(-t.Sub(now))
	if hasCreated && want.Before(created) && !created.After(now) {
		want = created
	}
	return want
}
