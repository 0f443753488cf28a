package atom

import (
	"testing"
	"time"
)

// TestDaysSince: a days_until rule by since counts the whole days from its
// date to the clock (a lead's days since its last activity), 0 while the
// date is ahead; without it, the days from the clock to the date.
func TestDaysSince(t *testing.T) {
	clock := time.Date(2026, 5, 15, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		by, date string
		want     int
	}{
		{DaysSince, "2026-04-18T10:30:00Z", 27},
		{DaysSince, "2026-05-15T23:00:00Z", 0},
		{DaysSince, "2026-05-20", 0},
		{"", "2026-05-20", 5},
		{"", "2026-04-18T10:30:00Z", 0},
	} {
		inv := Invariant{Rule: "days_until", By: c.by, Fields: []string{"n", "d"}}
		if got, ok := inv.DaysUntil(map[string]any{"d": c.date}, clock); !ok || got != c.want {
			t.Errorf("days_until by %q to %s: %d, want %d", c.by, c.date, got, c.want)
		}
	}
}

// TestDayCountAndEpochLint: days_until takes by since and no other way; a
// soon_after rule compares date-times or times in milliseconds since the
// epoch (Gmail's date and internal_date), not other numbers.
func TestDayCountAndEpochLint(t *testing.T) {
	const src = `kind: server
id: mail
collections:
  - name: messages
    fields:
      date: {type: integer, unit: epoch_ms}
      internal_date: {type: integer, unit: epoch_ms}
      size: {type: integer}
      last_seen: {type: string, format: date-time}
      days_since: {type: integer}
    invariants:
      - {rule: soon_after, fields: [date, internal_date]}
      - {rule: days_until, by: since, fields: [days_since, last_seen]}
tools:
  - name: mail_send
    description: Send a message.
    input: {type: object, properties: {size: {type: integer}}, required: [size]}
    effect: {kind: create, collection: messages}
`
	for _, c := range []struct{ old, new, want string }{
		{"", "", ""},
		{"fields: [date, internal_date]", "fields: [date, size]", "size is not a date-time nor a time in epoch_ms"},
		{"date: {type: integer, unit: epoch_ms}", "date: {type: string, unit: epoch_ms}", "a time in epoch_ms since the epoch is a whole number"},
		{"by: since", "by: until", "value must be one of"},
		{"by: since", "by: slug", "days_until counts to its date, or with by since from it"},
		{"rule: soon_after, fields", "rule: soon_after, by: since, fields", "by and sep are for the rule derived"},
	} {
		lintEdit(t, src, c.old, c.new, c.want)
	}
}
