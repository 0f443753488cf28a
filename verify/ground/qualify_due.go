package ground

import (
	"slices"
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

// pastDue keeps the rows whose due date lies before today, where a text
// asks for them and some rows are not; ok says it qualified.
func pastDue(t *table, rows []tableRow, text string, clock time.Time) ([]tableRow, string, bool) {
	if clock.IsZero() || !namesPastDue(text) {
		return rows, "", false
	}
	today := clock.Truncate(24 * time.Hour)
	for _, k := range dueFields(t) {
		in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool {
			x, ok := r.dates[k]
			return !ok || !x.Before(today)
		})
		if len(in) < len(rows) && len(in) > 0 {
			return in, "whose " + k + " is before today (" + today.Format(time.DateOnly) + ")", true
		}
	}
	return rows, "", false
}
