package ground

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/internal/isotime"
)

// A text may name the period a report covers without writing its dates:
// "Q3 2026", "this quarter", "last month", "next week", "in the last 7
// days", "yesterday". Read against the data's clock (a quarter with its year needs
// none), each is a range of days that qualifies records by their date, as
// a range written out does (qualify.go). A week runs Monday to Sunday.

// periodUnits are the periods a text names by this, next or last.
var periodUnits = map[string]bool{"week": true, "month": true, "quarter": true, "year": true}

// dayPeriods are the days a text names as a period of one day ("the
// conversations opened today", "yesterday's tickets"), by their distance
// from today; "now" names a moment, no day's records, and "today is 27
// January" states the clock, no records either.
var dayPeriods = map[string]int{"today": 0, "yesterday": -1, "tomorrow": 1}

// statesDate says whether the word after a day's name makes the phrase a
// statement of the date ("today is", "yesterday was").
func statesDate(next string) bool { return next == "is" || next == "was" }

// namedPeriods reads the periods a loose text names, as ranges of days.
func namedPeriods(text string, clock time.Time) [][2]time.Time {
	toks := strings.Fields(text)
	tok := func(i int) string {
		if i >= 0 && i < len(toks) {
			return toks[i]
		}
		return ""
	}
	today := clock.Truncate(24 * time.Hour)
	var out [][2]time.Time
	for i, w := range toks {
		if q, ok := quarterWord(w); ok {
			if y, ok := atoiYear(tok(i + 1)); ok {
				out = append(out, quarterOf(y, q))
			} else if !clock.IsZero() {
				out = append(out, quarterOf(today.Year(), q))
			}
			continue
		}
		if clock.IsZero() {
			continue
		}
		if n, ok := dayPeriods[w]; ok && !statesDate(tok(i+1)) {
			day := today.AddDate(0, 0, n)
			out = append(out, wholeDays(day, day))
			continue
		}
		if shiftBy, ok := periodRefs[w]; ok && periodUnits[tok(i+1)] {
			out = append(out, periodRange(today, tok(i+1), shiftBy))
			continue
		}
		if w == "last" || w == "past" {
			if n, unit, ok := countUnit(tok(i+1), tok(i+2)); ok {
				out = append(out, [2]time.Time{clock.AddDate(0, 0, -n*unit), clock})
			}
		}
		if rg, ok := monthPeriod(tok(i-1), w, tok(i+1), today); ok {
			out = append(out, rg)
		}
	}
	return out
}

// monthPeriod reads a month named whole as a period ("during November",
// "in March 2026"): with a year after it, that year's; without, the
// latest such month that has begun by today (in December, "November" is
// last month's). A month's name beside a day's number is a date, no
// period ("November 14", "14 November"), and "may" names the month only
// before its year.
func monthPeriod(prev, w, next string, today time.Time) ([2]time.Time, bool) {
	m, ok := monthNamed(w)
	if !ok || len(w) == 3 || isDayNumber(prev) || isDayNumber(next) {
		return [2]time.Time{}, false
	}
	y, withYear := atoiYear(next)
	if w == "may" && !withYear {
		return [2]time.Time{}, false
	}
	if !withYear {
		y = today.Year()
		if m > today.Month() {
			y--
		}
	}
	first := time.Date(y, m, 1, 0, 0, 0, 0, today.Location())
	return [2]time.Time{first, first.AddDate(0, 1, 0).Add(-time.Nanosecond)}, true
}

// isDayNumber reports whether a loose word is a day of a month ("14",
// "14th", "1st").
func isDayNumber(w string) bool {
	w = strings.TrimRight(w, "stndrh")
	n, err := strconv.Atoi(w)
	return err == nil && n >= 1 && n <= 31 && len(w) <= 2
}

// quarterWord reads "q1" to "q4".
func quarterWord(w string) (int, bool) {
	if len(w) == 2 && w[0] == 'q' && w[1] >= '1' && w[1] <= '4' {
		return int(w[1] - '0'), true
	}
	return 0, false
}

// atoiYear reads a year written in four digits.
func atoiYear(w string) (int, bool) {
	if len(w) != 4 {
		return 0, false
	}
	y := 0
	for _, r := range w {
		if r < '0' || r > '9' {
			return 0, false
		}
		y = 10*y + int(r-'0')
	}
	return y, y >= 1900
}

// quarterOf is the range of days of quarter q of year y.
func quarterOf(y, q int) [2]time.Time {
	first := time.Date(y, time.Month(3*(q-1)+1), 1, 0, 0, 0, 0, time.UTC)
	return wholeDays(first, first.AddDate(0, 3, -1))
}

// wholeDays is the range from the start of day a to the end of day b.
func wholeDays(a, b time.Time) [2]time.Time {
	return [2]time.Time{a, b.Add(24*time.Hour - time.Nanosecond)}
}

// periodRange is the week, month, quarter or year today falls in, shifted
// by shiftBy of them.
func periodRange(today time.Time, unit string, shiftBy int) [2]time.Time {
	var first time.Time
	var next func(time.Time) time.Time
	switch unit {
	case "week":
		first = today.AddDate(0, 0, -((int(today.Weekday())+6)%7)+7*shiftBy)
		next = func(t time.Time) time.Time { return t.AddDate(0, 0, 7) }
	case "month":
		first = time.Date(today.Year(), today.Month()+time.Month(shiftBy), 1, 0, 0, 0, 0, today.Location())
		next = func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }
	case "quarter":
		q := (int(today.Month()) - 1) / 3
		first = time.Date(today.Year(), time.Month(3*(q+shiftBy)+1), 1, 0, 0, 0, 0, today.Location())
		next = func(t time.Time) time.Time { return t.AddDate(0, 3, 0) }
	default:
		first = time.Date(today.Year()+shiftBy, 1, 1, 0, 0, 0, 0, today.Location())
		next = func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }
	}
	return wholeDays(first, next(first).AddDate(0, 0, -1))
}

// countUnit reads "7 days", "two weeks": the count and the days in one
// unit.
func countUnit(n, unit string) (int, int, bool) {
	c, ok := countWords[n]
	if !ok {
		c, ok = atoiSmall(n)
	}
	u, known := dayUnits[unit]
	if !ok || !known || u == 0 {
		return 0, 0, false
	}
	return c, u, true
}

// monthRE is a month written as a year and a month (a sheet's "2026-07").
var monthRE = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// dateOrMonth reads a date, or a month as its first day.
func dateOrMonth(s string) (time.Time, bool) {
	if monthRE.MatchString(s) {
		t, err := time.Parse("2006-01", s)
		return t, err == nil
	}
	return isotime.Parse(s)
}
