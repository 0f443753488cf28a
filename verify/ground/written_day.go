package ground

import (
	"fmt"
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

// findDayAfter finds a day v that one text counts from another day the
// agent saw: "due fifteen days after the invoice date" and a mail dated
// "2 April 2026" ground 2026-04-17; "two days before the launch" counts
// back, and "two business days after the case was opened" skips a
// weekend. The source names both texts.
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
		for _, o := range openOffsets(d.text) {
			for _, base := range o.bases(t) {
				for _, e := range ctx.Docs {
					if e.hasDate(base, time.Time{}) {
						return fmt.Sprintf("%s (%s from %s in %s)", d.Name, o, base.Format("2006-01-02"), e.Name)
					}
				}
			}
		}
	}
	return ""
}
