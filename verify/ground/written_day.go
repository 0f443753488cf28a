package ground

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/legoenv/legoenv/internal/isotime"
)

// writtenDayLayouts are the ways a person writes a day out in full: "1
// July 2026", "July 1, 2026", with the weekday before or the month cut
// short.
var writtenDayLayouts = []string{
	"2 January 2006", "January 2, 2006", "January 2 2006", "2 Jan 2006", "Jan 2, 2006", "Jan 2 2006",
	"Monday, 2 January 2006", "Monday, January 2, 2006", "Monday 2 January 2006",
}

// writtenDay reads a day written out in full ("1 July 2026").
func writtenDay(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range writtenDayLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// dayOf reads a value that names a calendar day: an ISO date or time, or
// a day written out in full.
func dayOf(s string) (time.Time, bool) {
	if t, ok := isotime.Parse(strings.TrimSpace(s)); ok {
		return t, true
	}
	return writtenDay(s)
}

// dayAfter matches "fifteen days after", "2 weeks after": an offset from
// a day the text names next ("after the invoice date").
var dayAfter = regexp.MustCompile(` (\w+) (day|days|week|weeks) after `)

// offsetsAfter gives the offsets, in days, that a text counts after some
// day it names.
func offsetsAfter(text string) []int {
	var out []int
	for _, m := range dayAfter.FindAllStringSubmatch(text, -1) {
		n, ok := countWords[m[1]]
		if !ok {
			if n, ok = atoiSmall(m[1]); !ok {
				continue
			}
		}
		if m[2] == "week" || m[2] == "weeks" {
			n *= 7
		}
		out = append(out, n)
	}
	return out
}

// findDayAfter finds a day v that one text counts from another day the
// agent saw: "due fifteen days after the invoice date" and a mail dated
// "2 April 2026" ground 2026-04-17. The source names both texts.
func (ctx *Visible) findDayAfter(v any) string {
	s, ok := v.(string)
	if !ok {
		return ""
	}
	t, ok := dayOf(s)
	if !ok {
		return ""
	}
	for _, d := range ctx.Docs {
		for _, n := range offsetsAfter(d.text) {
			base := t.AddDate(0, 0, -n)
			for _, e := range ctx.Docs {
				if e.hasDate(base, time.Time{}) {
					return fmt.Sprintf("%s (%d days after %s in %s)", d.Name, n, base.Format("2006-01-02"), e.Name)
				}
			}
		}
	}
	return ""
}
