package ground

import (
	"strings"
	"time"
)

// weekdayDays gives the calendar days a text names by a weekday, read
// against clock: "this Friday" or a bare "Friday" is the first Friday on or
// after today; "next Tuesday" is the first Tuesday after today or the
// Tuesday of next week (people mean either); a weekday beside "next week"
// ("all of next week, Monday to Friday") is that day of next week, weeks
// starting on Monday. text is loose (satisfy.Loose) and padded with spaces.
func weekdayDays(text string, clock time.Time) []time.Time {
	today := time.Date(clock.Year(), clock.Month(), clock.Day(), 0, 0, 0, 0, clock.Location())
	nextWeek := strings.Contains(text, " next week ")
	// Monday of next week.
	monday := today.AddDate(0, 0, 7-(int(today.Weekday())+6)%7)
	var out []time.Time
	for wd := time.Sunday; wd <= time.Saturday; wd++ {
		name := " " + strings.ToLower(wd.String()) + " "
		if !strings.Contains(text, name) {
			continue
		}
		ahead := (int(wd) - int(today.Weekday()) + 7) % 7
		ofNextWeek := monday.AddDate(0, 0, (int(wd)+6)%7)
		if strings.Contains(text, " next"+name) {
			after := ahead
			if after == 0 {
				after = 7
			}
			out = append(out, today.AddDate(0, 0, after), ofNextWeek)
			continue
		}
		out = append(out, today.AddDate(0, 0, ahead))
		if nextWeek {
			out = append(out, ofNextWeek)
		}
	}
	return out
}
