package ground

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// countWords are the numbers a person spells out before "days" or "weeks".
var countWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "fifteen": 15,
	"twenty": 20, "thirty": 30, "sixty": 60, "ninety": 90,
}

var (
	// "in three days", "in a week", "in 2 weeks".
	inOffset = regexp.MustCompile(` in (\w+) (day|days|week|weeks) `)
	// "30 days from today", "a week from now".
	fromOffset = regexp.MustCompile(` (\w+) (day|days|week|weeks) from (today|now) `)
	// "the end of this month", "the last day of the month", "end of next month".
	monthEnd = regexp.MustCompile(` (end|last day) of (this|the|next) month `)
	// "the first of next month", "the 1st of the month", "the first Friday
	// of next month".
	monthFirst = regexp.MustCompile(` (?:first|1st) (?:(day|monday|tuesday|wednesday|thursday|friday|saturday|sunday) )?of (this|the|next) month `)
	// "the next business day", "in three working days".
	businessDays = regexp.MustCompile(` (?:(next|following)|in (\w+)) (?:business|working) days? `)
)

// relativeDays gives the calendar days a text names by an offset from
// today ("in three days", "two weeks from today") or by the end of this or
// next month ("the last day of this month", "end of next month"), or by
// the first day or weekday of a month ("the first of next month"), or by
// business days ("the next business day", "in three working days"), read
// against clock. text is loose (satisfy.Loose) and padded with spaces.
func relativeDays(text string, clock time.Time) []time.Time {
	today := time.Date(clock.Year(), clock.Month(), clock.Day(), 0, 0, 0, 0, clock.Location())
	var out []time.Time
	for _, re := range []*regexp.Regexp{inOffset, fromOffset} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			n, ok := countWords[m[1]]
			if !ok {
				if n, ok = atoiSmall(m[1]); !ok {
					continue
				}
			}
			if m[2] == "week" || m[2] == "weeks" {
				n *= 7
			}
			out = append(out, today.AddDate(0, 0, n))
		}
	}
	for _, m := range monthEnd.FindAllStringSubmatch(text, -1) {
		months := 1
		if m[2] == "next" {
			months = 2
		}
		// Day 0 of a month is the last day of the one before it.
		out = append(out, time.Date(today.Year(), today.Month()+time.Month(months), 0, 0, 0, 0, 0, today.Location()))
	}
	out = append(out, monthFirsts(text, today)...)
	for _, m := range businessDays.FindAllStringSubmatch(text, -1) {
		n, ok := 1, m[1] != ""
		if !ok {
			if n, ok = countWords[m[2]]; !ok {
				n, ok = atoiSmall(m[2])
			}
		}
		if ok {
			out = append(out, addBusinessDays(today, n))
		}
	}
	return out
}

// monthFirsts gives the days a text names as the first day, or the first
// of a weekday, of this or next month ("the first of next month", "the
// first Friday of next month"); "of the month" is the next such day on or
// after today.
func monthFirsts(text string, today time.Time) []time.Time {
	var out []time.Time
	for _, m := range monthFirst.FindAllStringSubmatch(text, -1) {
		first := func(months int) time.Time {
			day := time.Date(today.Year(), today.Month()+time.Month(months), 1, 0, 0, 0, 0, today.Location())
			for m[1] != "" && m[1] != "day" && strings.ToLower(day.Weekday().String()) != m[1] {
				day = day.AddDate(0, 0, 1)
			}
			return day
		}
		day := first(0)
		if m[2] == "next" || (m[2] == "the" && day.Before(today)) {
			day = first(1)
		}
		out = append(out, day)
	}
	return out
}

// addBusinessDays counts n weekdays on from day, skipping Saturdays and
// Sundays.
func addBusinessDays(day time.Time, n int) time.Time {
	for n > 0 {
		day = day.AddDate(0, 0, 1)
		if wd := day.Weekday(); wd != time.Saturday && wd != time.Sunday {
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
