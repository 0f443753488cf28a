// Package isotime reads the ISO 8601 dates and times that records,
// benchmarks and instructions write.
package isotime

import "time"

// layouts are the forms Parse accepts. time.RFC3339 takes fractional
// seconds too; no string fits two layouts, so their order does not matter.
var layouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02"}

// Parse reads s as an RFC 3339 date-time, a date-time without a zone (to
// the second or the minute after a T, or to the second after a space,
// read as UTC) or a date; ok is false for anything else.
func Parse(s string) (t time.Time, ok bool) {
	// Every layout starts with a date: anything shorter, or without its
	// dashes, fits none (and costs no failed parse).
	if len(s) < len("2006-01-02") || s[4] != '-' || s[7] != '-' {
		return time.Time{}, false
	}
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
