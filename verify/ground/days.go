package ground

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// The days a text names relatively are read by a small grammar over its
// loose words (satisfy.Loose), read against the data's clock:
//
//	day    := offset day | point | anchor
//	offset := count unit (after | before | from) | [the] day (after | before)
//	        | ordinal (business day | weekday) (after | before)
//	        | in count unit | count unit ago            (from today)
//	        | (next | following) business day             (from today)
//	point  := ordinal [weekday | day | business day] of period-month
//	                                                     (the second Monday, the first business day of next month)
//	        | (end | start | beginning) of period         (the end of next week)
//	        | [ref] (month | quarter) end                  (by month end, next month end)
//	        | the ordinal [of the month]                 (the 3rd: the next such day of a month)
//	        | (last | final | first) day of [the] quarter  (the final day of the current quarter)
//	terms  := net count | count day terms               (payment terms: days from today)
//	anchor := today | now | tomorrow | yesterday
//	        | [this | next | last | coming] weekday | a date written out
//
// An offset whose anchor the text does not name ("fifteen days after the
// invoice date") is kept open: the day is found through a day another
// text shows (findDayAfter).

// countWords are the numbers a person spells out before "days" or "weeks".
var countWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "fifteen": 15,
	"twenty": 20, "thirty": 30, "sixty": 60, "ninety": 90,
}

// dayUnits are the units an offset counts in, by the days in one; a
// business day (0) skips weekends.
var dayUnits = map[string]int{
	"day": 1, "days": 1, "week": 7, "weeks": 7,
	"business": 0, "working": 0,
}

// offsetSigns are the words that put an offset after or before its anchor.
var offsetSigns = map[string]int{"after": 1, "from": 1, "later": 1, "before": -1, "ago": -1, "prior": -1}

// casualDays are the anchors named by a word, by their distance from today.
var casualDays = map[string]int{"today": 0, "now": 0, "tomorrow": 1, "yesterday": -1, "tonight": 0}

// ordinals name the nth day or weekday of a month; last is -1.
var ordinals = map[string]int{
	"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
	"fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1, "final": -1,
}

// periodRefs shift a week or a month from the one today falls in.
var periodRefs = map[string]int{"this": 0, "current": 0, "next": 1, "last": -1, "previous": -1, "following": 1, "coming": 1}

// periodPoints name a day of a week or month: its start or its end.
var periodPoints = map[string]bool{"start": true, "beginning": true, "end": false, "close": false}

// dayReader reads the day phrases of one text.
type dayReader struct {
	toks     []string
	today    time.Time
	nextWeek bool        // the text names next week: a bare weekday may be its day
	open     []dayOffset // offsets from an anchor the text does not name
}

// dayOffset is an offset a text counts from a day: n units of unit days,
// signed; unit 0 counts business days.
type dayOffset struct{ n, unit int }

// from gives the day the offset counts to from base.
func (o dayOffset) from(base time.Time) time.Time { return shift(base, o.n, o.unit) }

// bases gives the days the offset counts to t from: one for days and
// weeks; for business days, every day whose count lands on t (a Friday,
// a Saturday and a Sunday are each one business day before Monday).
func (o dayOffset) bases(t time.Time) []time.Time {
	if o.unit > 0 {
		return []time.Time{t.AddDate(0, 0, -o.n*o.unit)}
	}
	span := 2*abs(o.n) + 4
	var out []time.Time
	for d := t.AddDate(0, 0, -span); !d.After(t.AddDate(0, 0, span)); d = d.AddDate(0, 0, 1) {
		if o.from(d).Equal(t) {
			out = append(out, d)
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func newDayReader(text string, clock time.Time) *dayReader {
	return &dayReader{
		toks:     strings.Fields(text),
		today:    time.Date(clock.Year(), clock.Month(), clock.Day(), 0, 0, 0, 0, clock.Location()),
		nextWeek: strings.Contains(" "+text+" ", " next week "),
	}
}

// namedDays gives every calendar day a text names relatively, read
// against clock. text is loose (satisfy.Loose).
func namedDays(text string, clock time.Time) []time.Time {
	r := newDayReader(text, clock)
	var out []time.Time
	r.each(func(ds []time.Time) { out = append(out, ds...) })
	return out
}

// each reads the text's day phrases in turn, a phrase's words read once:
// the Tuesday of "next Tuesday" is no bare Tuesday too.
func (r *dayReader) each(f func([]time.Time)) {
	for i := 0; i < len(r.toks); {
		ds, next := r.day(i)
		if next == i {
			i++
			continue
		}
		f(ds)
		i = next
	}
}

// openOffsets gives the offsets a text counts from a day it does not name
// itself ("fifteen days after the invoice date": 15 days; "two days
// before the launch": -2 days; "the day after the kickoff": 1 day; "two
// business days before go-live": -2 business days).
func openOffsets(text string) []dayOffset {
	r := newDayReader(text, time.Time{})
	r.each(func([]time.Time) {})
	return r.open
}

func (r *dayReader) tok(i int) string {
	if i < 0 || i >= len(r.toks) {
		return ""
	}
	return r.toks[i]
}

// day reads a day phrase at token i: the days it names and the index
// after it; none where no phrase starts there.
func (r *dayReader) day(i int) ([]time.Time, int) {
	for _, read := range []func(int) ([]time.Time, int){r.offset, r.point, r.unitEnd, r.dayOfMonth, r.anchor} {
		if ds, next := read(i); next > i {
			return ds, next
		}
	}
	return nil, i
}

// offset reads an offset and applies it to its anchor.
func (r *dayReader) offset(i int) ([]time.Time, int) {
	if r.tok(i) == "in" || r.tok(i) == "within" {
		if n, unit, next := r.count(i + 1); next > i+1 {
			return []time.Time{shift(r.today, n, unit)}, next
		}
	}
	if r.tok(i) == "net" {
		// payment terms: "net 15" is due fifteen days from today
		if n, ok := countWords[r.tok(i+1)]; ok {
			return r.terms(n, 1), i + 2
		}
		if n, ok := atoiSmall(r.tok(i + 1)); ok {
			return r.terms(n, 1), i + 2
		}
	}
	if unit, ok := dayUnits[r.tok(i+1)]; ok && unit == 0 && (r.tok(i) == "next" || r.tok(i) == "following") && isDayWord(r.tok(i+2)) {
		return []time.Time{addBusinessDays(r.today, 1)}, i + 3
	}
	n, unit, next := r.count(i)
	if next == i {
		n, next = r.nthBusinessDay(i)
		unit = 0
	}
	if next == i {
		j := i
		if r.tok(j) == "the" {
			j++
		}
		if r.tok(j) != "day" {
			return nil, i
		}
		n, unit, next = 1, 1, j+1
	}
	if unit > 0 && r.tok(next) == "terms" {
		// payment terms: "sixty day terms" are due sixty days from today
		return r.terms(n, unit), next + 1
	}
	sign, ok := offsetSigns[r.tok(next)]
	if !ok {
		return nil, i
	}
	if r.tok(next) == "ago" {
		return []time.Time{shift(r.today, -n, unit)}, next + 1
	}
	if r.tok(next) == "from" && (r.tok(next+1) == "today" || r.tok(next+1) == "now") {
		return []time.Time{shift(r.today, n, unit)}, next + 2
	}
	anchors, end := r.day(next + 1)
	if end == next+1 {
		r.open = append(r.open, dayOffset{sign * n, unit})
		return nil, next + 1
	}
	var out []time.Time
	for _, a := range anchors {
		out = append(out, shift(a, sign*n, unit))
	}
	return out, end
}

// terms reads payment terms of n units of unit days: the day they fall due
// counted from today, for a document made today. Terms count their days
// from the document's own date (QuickBooks' Term, DueDays:
// https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/term),
// so for a document the agent saw dated another day they are also an
// offset from a day the text does not name: that document's date.
func (r *dayReader) terms(n, unit int) []time.Time {
	r.open = append(r.open, dayOffset{n, unit})
	return []time.Time{shift(r.today, n, unit)}
}

// nthBusinessDay reads "first business day", "second working day",
// "last weekday" at i where after or before follows: the nth business day
// on from or back from a day is n business days from it, and the last one
// before a day is the one just before it. It gives the count and the
// index of the word after or before; none where no such phrase starts at
// i, or where an ordinal names a day of a period ("the first business day
// of next month", read by point).
func (r *dayReader) nthBusinessDay(i int) (int, int) {
	nth, ok := ordinals[r.tok(i)]
	if !ok {
		return 0, i
	}
	j := i + 1
	if unit, known := dayUnits[r.tok(j)]; known && unit == 0 && r.tok(j+1) == "day" {
		j += 2
	} else if r.tok(j) == "weekday" {
		j++
	} else {
		return 0, i
	}
	switch {
	case r.tok(j) != "after" && r.tok(j) != "before":
		return 0, i
	case nth < 0 && r.tok(j) != "before":
		return 0, i
	case nth < 0:
		nth = 1
	}
	return nth, j
}

// count reads "three days", "2 weeks", "two business days" at i: the
// count, the unit's days (0: business days) and the index after.
func (r *dayReader) count(i int) (int, int, int) {
	n, ok := countWords[r.tok(i)]
	if !ok {
		if n, ok = atoiSmall(r.tok(i)); !ok {
			return 0, 0, i
		}
	}
	unit, ok := dayUnits[r.tok(i+1)]
	if !ok {
		return 0, 0, i
	}
	if unit == 0 {
		if !isDayWord(r.tok(i + 2)) {
			return 0, 0, i
		}
		return n, 0, i + 3
	}
	return n, unit, i + 2
}

func isDayWord(s string) bool { return s == "day" || s == "days" }

// shift moves day by n units of unit days; unit 0 counts business days.
func shift(day time.Time, n, unit int) time.Time {
	if unit == 0 {
		return addBusinessDays(day, n)
	}
	return day.AddDate(0, 0, n*unit)
}

// point reads a day of a week or a month: the nth (or last) day or
// weekday of a month, or the start or end of a week or a month.
func (r *dayReader) point(i int) ([]time.Time, int) {
	if nth, ok := ordinals[r.tok(i)]; ok {
		wd, hasWeekday := weekdayNamed(r.tok(i + 1))
		unit, known := dayUnits[r.tok(i+1)]
		business := known && unit == 0 && r.tok(i+2) == "day"
		j := i + 1
		switch {
		case business:
			j += 2
		case hasWeekday || r.tok(j) == "day":
			j++
		}
		if r.tok(j) != "of" {
			return nil, i
		}
		month, next, ok := r.period(j+1, "month")
		if !ok && !business && !hasWeekday && r.tok(i+1) == "day" && (nth == 1 || nth < 0) {
			if q, qnext, qok := r.period(j+1, "quarter"); qok {
				return periodDays(q, "quarter", nth == 1), qnext
			}
		}
		if !ok {
			return nil, i
		}
		pick := func(m time.Time) time.Time { return nthDay(m, nth, wd, hasWeekday) }
		if business {
			pick = func(m time.Time) time.Time { return nthBusinessDay(m, nth) }
		}
		day := pick(month)
		if r.tok(j+1) == "the" && r.tok(j+2) == "month" && day.Before(r.today) {
			day = pick(month.AddDate(0, 1, 0))
		}
		return []time.Time{day}, next
	}
	start, ok := periodPoints[r.tok(i)]
	if !ok || r.tok(i+1) != "of" {
		return nil, i
	}
	for _, unit := range []string{"week", "month", "quarter"} {
		if first, next, ok := r.period(i+2, unit); ok {
			return periodDays(first, unit, start), next
		}
	}
	return nil, i
}

// unitEnd reads a month's or a quarter's end written after its unit at
// i ("by month end", "next month end", "quarter-end"): the last day of
// this one, or of the one its reference names.
func (r *dayReader) unitEnd(i int) ([]time.Time, int) {
	j, shiftBy := i, 0
	if s, ok := periodRefs[r.tok(i)]; ok {
		j, shiftBy = i+1, s
	}
	unit := r.tok(j)
	if unit != "month" && unit != "quarter" || r.tok(j+1) != "end" {
		return nil, i
	}
	return periodDays(r.monthFirst(unit, shiftBy), unit, false), j + 2
}

// monthFirst is the first day of the month or quarter shiftBy from the
// one today falls in.
func (r *dayReader) monthFirst(unit string, shiftBy int) time.Time {
	if unit == "quarter" {
		q := time.Date(r.today.Year(), r.today.Month()-(r.today.Month()-1)%3, 1, 0, 0, 0, 0, r.today.Location())
		return q.AddDate(0, 3*shiftBy, 0)
	}
	return time.Date(r.today.Year(), r.today.Month()+time.Month(shiftBy), 1, 0, 0, 0, 0, r.today.Location())
}

// dayOfMonth reads a day of the month named by its ordinal alone ("on
// the 3rd", "the 21st of the month"): the next such day from today, this
// month's where it is still ahead, else next month's.
func (r *dayReader) dayOfMonth(i int) ([]time.Time, int) {
	if r.tok(i) != "the" {
		return nil, i
	}
	w := r.tok(i + 1)
	if len(w) < 3 || !slices.Contains([]string{"st", "nd", "rd", "th"}, w[len(w)-2:]) {
		return nil, i
	}
	n, ok := atoiSmall(w[:len(w)-2])
	if !ok || n < 1 || n > 31 {
		return nil, i
	}
	next := i + 2
	if r.tok(next) == "of" && r.tok(next+1) == "the" && r.tok(next+2) == "month" {
		next += 3
	} else if _, wd := weekdayNamed(r.tok(next)); wd || isDayWord(r.tok(next)) || r.tok(next) == "of" || r.tok(next) == "business" {
		return nil, i // the 3rd Monday, the 2nd of next month: point's
	}
	for k := 0; k < 3; k++ {
		first := time.Date(r.today.Year(), r.today.Month()+time.Month(k), 1, 0, 0, 0, 0, r.today.Location())
		day := first.AddDate(0, 0, n-1)
		if day.Month() == first.Month() && !day.Before(r.today) {
			return []time.Time{day}, next
		}
	}
	return nil, i
}

// period reads "this month", "next week", "the month" at i: the first day
// of that week or month. A week is named only by this, next or last.
func (r *dayReader) period(i int, unit string) (time.Time, int, bool) {
	if r.tok(i) == "the" && r.tok(i+1) != unit {
		i++
	}
	shiftBy, ok := periodRefs[r.tok(i)]
	if r.tok(i) == "the" && (unit == "month" || unit == "quarter") {
		shiftBy, ok = 0, true
	}
	if !ok || r.tok(i+1) != unit {
		return time.Time{}, i, false
	}
	if unit == "week" {
		monday := r.today.AddDate(0, 0, -((int(r.today.Weekday()) + 6) % 7))
		return monday.AddDate(0, 0, 7*shiftBy), i + 2, true
	}
	return r.monthFirst(unit, shiftBy), i + 2, true
}

// periodDays names the start of a week (Monday), a month or a quarter
// (its first day), or its end: a week's Friday or Sunday, people mean
// either, or a month's or a quarter's last day.
func periodDays(first time.Time, unit string, start bool) []time.Time {
	switch {
	case start:
		return []time.Time{first}
	case unit == "week":
		return []time.Time{first.AddDate(0, 0, 4), first.AddDate(0, 0, 6)}
	case unit == "quarter":
		return []time.Time{first.AddDate(0, 3, -1)}
	}
	return []time.Time{first.AddDate(0, 1, -1)}
}

// nthDay gives the nth day of the month starting at first, or its nth
// weekday wd; nth -1 is the last.
func nthDay(first time.Time, nth int, wd time.Weekday, byWeekday bool) time.Time {
	if nth < 0 {
		last := first.AddDate(0, 1, -1)
		if !byWeekday {
			return last
		}
		return last.AddDate(0, 0, -((int(last.Weekday()) - int(wd) + 7) % 7))
	}
	if !byWeekday {
		return first.AddDate(0, 0, nth-1)
	}
	ahead := (int(wd) - int(first.Weekday()) + 7) % 7
	return first.AddDate(0, 0, ahead+7*(nth-1))
}

// nthBusinessDay gives the nth weekday from Monday to Friday of the month
// starting at first; nth -1 is the last.
func nthBusinessDay(first time.Time, nth int) time.Time {
	if nth < 0 {
		last := first.AddDate(0, 1, -1)
		for isWeekend(last) {
			last = last.AddDate(0, 0, -1)
		}
		return last
	}
	day := first.AddDate(0, 0, -1)
	return addBusinessDays(day, nth)
}

func isWeekend(d time.Time) bool { return d.Weekday() == time.Saturday || d.Weekday() == time.Sunday }

// anchor reads a day named by a word (today, tomorrow), by a weekday, or
// written out.
func (r *dayReader) anchor(i int) ([]time.Time, int) {
	if n, ok := casualDays[r.tok(i)]; ok {
		return []time.Time{r.today.AddDate(0, 0, n)}, i + 1
	}
	if d, next, ok := r.written(i); ok {
		return []time.Time{d}, next
	}
	mod := r.tok(i)
	wd, ok := weekdayNamed(r.tok(i + 1))
	if _, isMod := periodRefs[mod]; !isMod || !ok {
		if wd, ok = weekdayNamed(mod); !ok {
			return nil, i
		}
		return r.weekday(wd, ""), i + 1
	}
	return r.weekday(wd, mod), i + 2
}

// weekday gives the days a weekday names: "this Friday" or a bare
// "Friday" is the first Friday on or after today; "next Tuesday" is the
// first Tuesday after today or the Tuesday of next week (people mean
// either); "last Monday" the last before today; a bare weekday in a text
// that names next week may be that day of next week. Weeks start on
// Monday.
func (r *dayReader) weekday(wd time.Weekday, mod string) []time.Time {
	ahead := (int(wd) - int(r.today.Weekday()) + 7) % 7
	monday := r.today.AddDate(0, 0, 7-(int(r.today.Weekday())+6)%7)
	ofNextWeek := monday.AddDate(0, 0, (int(wd)+6)%7)
	switch mod {
	case "next", "following":
		if ahead == 0 {
			ahead = 7
		}
		return []time.Time{r.today.AddDate(0, 0, ahead), ofNextWeek}
	case "last", "previous":
		back := (int(r.today.Weekday()) - int(wd) + 7) % 7
		if back == 0 {
			back = 7
		}
		return []time.Time{r.today.AddDate(0, 0, -back)}
	}
	out := []time.Time{r.today.AddDate(0, 0, ahead)}
	if mod == "" && r.nextWeek {
		out = append(out, ofNextWeek)
	}
	return out
}

// weekdayNamed reads a weekday's name.
func weekdayNamed(s string) (time.Weekday, bool) {
	for wd := time.Sunday; wd <= time.Saturday; wd++ {
		if strings.ToLower(wd.String()) == s {
			return wd, true
		}
	}
	return 0, false
}

// written reads a day written out at i: "14 may 2026", "may 14 2026",
// "2026 05 14" (an ISO date's or time's loose words), or "14 may" and
// "may 14" in the year of today.
func (r *dayReader) written(i int) (time.Time, int, bool) {
	if y, err := strconv.Atoi(r.tok(i)); err == nil && len(r.tok(i)) == 4 {
		m, errM := strconv.Atoi(r.tok(i + 1))
		dayTok, _, _ := strings.Cut(r.tok(i+2), "t") // 2026-05-14T09:00 gives "14t09"
		d, errD := strconv.Atoi(dayTok)
		if errM != nil || errD != nil {
			return time.Time{}, i, false
		}
		return r.date(y, time.Month(m), d, i+3)
	}
	if m, ok := monthNamed(r.tok(i + 1)); ok {
		if d, ok := dayNumber(r.tok(i)); ok {
			return r.dateWithYear(d, m, i+2)
		}
	}
	if m, ok := monthNamed(r.tok(i)); ok {
		if d, ok := dayNumber(r.tok(i + 1)); ok {
			return r.dateWithYear(d, m, i+2)
		}
	}
	return time.Time{}, i, false
}

// dayNumber reads a day of a month: "14", "14th", "1st".
func dayNumber(s string) (int, bool) {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		s = strings.TrimSuffix(s, suf)
	}
	d, err := strconv.Atoi(s)
	return d, err == nil && d >= 1 && d <= 31
}

// dateWithYear reads a year after a day and month, or takes today's.
func (r *dayReader) dateWithYear(d int, m time.Month, i int) (time.Time, int, bool) {
	if y, err := strconv.Atoi(r.tok(i)); err == nil && len(r.tok(i)) == 4 {
		return r.date(y, m, d, i+1)
	}
	return r.date(r.today.Year(), m, d, i)
}

// date checks a day exists (no 31 April) before giving it.
func (r *dayReader) date(y int, m time.Month, d, next int) (time.Time, int, bool) {
	t := time.Date(y, m, d, 0, 0, 0, 0, r.today.Location())
	if m < 1 || m > 12 || d < 1 || t.Day() != d {
		return time.Time{}, next, false
	}
	return t, next, true
}

// monthNamed reads a month's name, whole or cut to three letters.
func monthNamed(s string) (time.Month, bool) {
	for m := time.January; m <= time.December; m++ {
		if name := strings.ToLower(m.String()); s == name || (len(s) == 3 && name[:3] == s) {
			return m, true
		}
	}
	return 0, false
}

// addBusinessDays counts n weekdays on from day, skipping Saturdays and
// Sundays; a negative n counts back.
func addBusinessDays(day time.Time, n int) time.Time {
	step := 1
	if n < 0 {
		step, n = -1, -n
	}
	for n > 0 {
		day = day.AddDate(0, 0, step)
		if !isWeekend(day) {
			n--
		}
	}
	return day
}

// atoiSmall reads a count written in digits, up to a year of days.
func atoiSmall(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0 && n <= 366
}

// String writes the offset as a person would: "-2 business days".
func (o dayOffset) String() string {
	unit := map[int]string{0: "business days", 1: "days", 7: "weeks"}[o.unit]
	return strconv.Itoa(o.n) + " " + unit
}
