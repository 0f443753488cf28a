package ground

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/verify/satisfy"
)

// A text may pick records by a comparison joined to a state: the won
// opportunities "that came in at more than $5,000", the invoices awaiting
// payment "over $5,000", the unresolved tickets "opened more than 30 days
// ago". The state is read as before (qualify.go); the comparison keeps
// the rows whose money field lies beyond the sum, or whose date lies
// before the day that many days back from the clock.

// amountBoundRE reads a sum a comparison bounds: "more than $5,000",
// "over £2.5k", "under $500".
var amountBoundRE = regexp.MustCompile(`(?i)\b(more than|over|above|greater than|exceeding|in excess of|at least|under|less than|below|at most)\s+[$£€]\s?(\d[\d,]*(?:\.\d+)?)\s*(k\b)?`)

// amountBound is a sum a text bounds records' amounts by.
type amountBound struct {
	word  string // the comparison's words, loose
	value float64
}

// keeps reports whether x lies within the bound.
func (b amountBound) keeps(x float64) bool {
	switch b.word {
	case "at least":
		return x >= b.value
	case "under", "less than", "below":
		return x < b.value
	case "at most":
		return x <= b.value
	}
	return x > b.value
}

// statedAmountBounds reads the sums a text bounds amounts by.
func statedAmountBounds(text string) []amountBound {
	var out []amountBound
	for _, m := range amountBoundRE.FindAllStringSubmatch(text, -1) {
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", ""), 64)
		if err != nil {
			continue
		}
		if m[3] != "" {
			v *= 1000
		}
		out = append(out, amountBound{word: strings.ToLower(m[1]), value: v})
	}
	return out
}

// wholeAmounts are the words of a record's whole sum, partAmounts those
// of a part of it: where the fields that split the rows keep different
// ones, a sum said of a record ("an invoice over $5,000") bounds its
// total (total, invoice_total, total_amt), not what is left due, paid or
// taxed of it.
var wholeAmounts, partAmounts = []string{"amount", "total", "value"}, []string{"due", "paid", "tax", "balance", "deposit", "discount"}

// wholeAmount reports whether field k names a record's whole sum.
func wholeAmount(k string) bool {
	ws := satisfy.FieldWords(k)
	return slices.ContainsFunc(ws, func(w string) bool { return slices.Contains(wholeAmounts, w) }) &&
		!slices.ContainsFunc(ws, func(w string) bool { return slices.Contains(partAmounts, w) })
}

// beyondAmount keeps the rows whose amount lies within a sum the text
// bounds, where some rows do and others not. The field is the one the
// text names by its words where one does; else every numeric field that
// splits the rows must keep the same ones, else the record's whole sum
// (wholeAmounts) does.
func beyondAmount(t *table, rows []tableRow, d ContextDoc) ([]tableRow, []string) {
	var why []string
	for _, b := range d.amountBounds {
		var kept, whole []tableRow
		var fields []string
		same := true
		for _, k := range t.fieldNames() {
			in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { x, ok := r.nums[k]; return !ok || !b.keeps(x) })
			if len(in) == len(rows) || len(in) == 0 {
				continue
			}
			if namesField(d.text, k) {
				kept, fields, same = in, []string{k}, true
				break
			}
			if wholeAmount(k) {
				whole = in
			}
			if kept != nil && !sameRows(kept, in) {
				same = false
			}
			if kept == nil {
				kept = in
			}
			fields = append(fields, k)
		}
		if !same && whole != nil {
			kept, fields, same = whole, slices.DeleteFunc(fields, func(k string) bool { return !wholeAmount(k) }), true
		}
		if kept == nil || !same {
			continue
		}
		rows = kept
		why = append(why, fmt.Sprintf("whose %s is %s %s", strings.Join(fields, " and "), b.word, strconv.FormatFloat(b.value, 'f', -1, 64)))
	}
	return rows, why
}

// namesField reports whether a loose text writes every word of field k.
func namesField(text, k string) bool {
	ws := satisfy.FieldWords(k)
	return len(ws) > 0 && !slices.ContainsFunc(ws, func(w string) bool { return !strings.Contains(text, " "+w+" ") })
}

// agoBounds are the words before "N days ago" that bound a record's age,
// and whether they keep the older records: "opened more than 30 days
// ago", "created within the last 30 days" is read elsewhere (periods.go).
var agoBounds = map[string]bool{"more than": true, "over": true, "longer than": true, "at least": true, "less than": false, "under": false, "fewer than": false}

// olderThan keeps the rows whose date lies before (or, for "less than",
// after) the day N days before the clock, where a loose text says "more
// than N days ago": the tickets opened more than 30 days ago. The date is
// the field whose words the text's verb names as a record's start
// (opened, created, raised, submitted: created_at), or the one date field.
func olderThan(t *table, rows []tableRow, text string, clock time.Time) ([]tableRow, string, bool) {
	if clock.IsZero() {
		return rows, "", false
	}
	r := newDayReader(text, time.Time{})
	for i := range r.toks {
		n, unit, next := r.count(i)
		if next == i || unit == 0 || r.tok(next) != "ago" {
			continue
		}
		head := " " + strings.Join(r.toks[:i], " ")
		for bound, older := range agoBounds {
			if !strings.HasSuffix(head, " "+bound) {
				continue
			}
			limit := clock.Truncate(24*time.Hour).AddDate(0, 0, -n*unit)
			for _, k := range startFields(t) {
				in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool {
					x, ok := r.dates[k]
					return !ok || x.Before(limit) != older
				})
				if len(in) < len(rows) && len(in) > 0 {
					return in, fmt.Sprintf("whose %s is %s %s (%s %d days ago)", k, map[bool]string{true: "before", false: "on or after"}[older], limit.Format(time.DateOnly), bound, n*unit), true
				}
			}
		}
	}
	return rows, "", false
}

// startFields lists the date fields of t that say when a record began
// (created_at, opened_at), else its one date field.
func startFields(t *table) []string {
	ds := dateFields(t)
	starts := slices.DeleteFunc(slices.Clone(ds), func(k string) bool {
		return !slices.ContainsFunc(satisfy.FieldWords(k), func(w string) bool { return w == "created" || w == "opened" || w == "submitted" })
	})
	if len(starts) > 0 || len(ds) != 1 {
		return starts
	}
	return ds
}
