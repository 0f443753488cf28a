package ground

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/verify/satisfy"
)

// A text may qualify records against the clock: "invoices past their due
// date", "overdue bills", "whose due date has passed" are the records
// whose due date lies before today.

// pastDuePhrases are the loose phrases that name records due before today.
var pastDuePhrases = []string{" overdue ", " past due ", " past their due date ", " past its due date ", " past the due date ", " due date has passed ", " due dates have passed "}

// namesPastDue says whether a loose text asks for the records past due.
func namesPastDue(text string) bool {
	return slices.ContainsFunc(pastDuePhrases, func(p string) bool { return strings.Contains(" "+text+" ", p) })
}

// dueFields lists the date fields of t whose name says due (due_date).
func dueFields(t *table) []string {
	return slices.DeleteFunc(dateFields(t), func(k string) bool {
		return !slices.Contains(satisfy.FieldWords(k), "due")
	})
}

// overdueBounds are the words before a count that bound the time a
// record is past due, and whether the bound is strict: "more than 30
// days overdue", "at least two weeks past due".
var overdueBounds = map[string]bool{"more than": true, "over": true, "longer than": true, "at least": false}

// overdueThreshold reads a bound on the time past due in a loose text: the
// days of "more than 30 days overdue" (strict) or "at least two weeks
// overdue" (not strict); ok is false where the text bounds none. A count
// in business days bounds nothing here.
func overdueThreshold(text string) (days int, strict, ok bool) {
	r := newDayReader(text, time.Time{})
	for i := range r.toks {
		n, unit, next := r.count(i)
		if next == i || unit == 0 {
			continue
		}
		rest := " " + strings.Join(r.toks[next:], " ") + " "
		if !slices.ContainsFunc(pastDuePhrases, func(p string) bool { return strings.HasPrefix(rest, p) }) {
			continue
		}
		for bound, s := range overdueBounds {
			if strings.HasSuffix(" "+strings.Join(r.toks[:i], " "), " "+bound) {
				return n * unit, s, true
			}
		}
	}
	return 0, false, false
}

// pastDue keeps the rows whose due date lies before today, where a text
// asks for them and some rows are not; ok says it qualified. A bound on
// the time past due ("more than 30 days overdue") moves the day the due
// date must lie before back by that time.
func pastDue(t *table, rows []tableRow, text string, clock time.Time) ([]tableRow, string, bool) {
	if clock.IsZero() || !namesPastDue(text) {
		return rows, "", false
	}
	today := clock.Truncate(24 * time.Hour)
	limit, why := today, "today ("+today.Format(time.DateOnly)+")"
	if days, strict, ok := overdueThreshold(text); ok {
		bound := "more than " + strconv.Itoa(days) + " days"
		limit = today.AddDate(0, 0, -days)
		if !strict {
			limit, bound = limit.AddDate(0, 0, 1), strconv.Itoa(days)+" days or more"
		}
		why = limit.Format(time.DateOnly) + " (" + bound + " past due on " + today.Format(time.DateOnly) + ")"
	}
	for _, k := range dueFields(t) {
		in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool {
			x, ok := r.dates[k]
			return !ok || !x.Before(limit)
		})
		if len(in) < len(rows) && len(in) > 0 {
			return in, "whose " + k + " is before " + why, true
		}
	}
	return rows, "", false
}
