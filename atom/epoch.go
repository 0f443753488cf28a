package atom

import (
	"fmt"
	"math"
	"time"
)

// The units of a time kept as a whole count since the Unix epoch
// (Field.Unit): Quip's created_usec in microseconds, Gmail's internalDate
// in milliseconds, a Unix timestamp in seconds.
const (
	UnitEpochSeconds = "epoch_s"
	UnitEpochMillis  = "epoch_ms"
	UnitEpochMicros  = "epoch_us"
)

// epochPerSecond is how many of each epoch unit make a second.
var epochPerSecond = map[string]int64{UnitEpochSeconds: 1, UnitEpochMillis: 1e3, UnitEpochMicros: 1e6}

// units are the units a field may declare.
var units = []string{UnitBytes, UnitEpochSeconds, UnitEpochMillis, UnitEpochMicros, UnitMinor, UnitMinutes}

// IsEpoch reports whether the field holds a time as a count since the
// epoch in its unit.
func (f Field) IsEpoch() bool { _, ok := epochPerSecond[f.Unit]; return ok }

// Epoch is t as a count since the epoch in the field's unit (a JSON
// number, as a record holds it); false where the field holds no such count.
func (f Field) Epoch(t time.Time) (float64, bool) {
	per, ok := epochPerSecond[f.Unit]
	if !ok {
		return 0, false
	}
	return float64(t.Unix()*per + int64(t.Nanosecond())/(1e9/per)), true
}

// EpochTime reads a count since the epoch in the field's unit; false where
// the field holds no such count or v is no whole number.
func (f Field) EpochTime(v any) (time.Time, bool) {
	per, ok := epochPerSecond[f.Unit]
	var x float64
	switch n := v.(type) {
	case float64:
		x = n
	case int:
		x = float64(n)
	case int64:
		x = float64(n)
	default:
		return time.Time{}, false
	}
	if !ok || x != math.Trunc(x) {
		return time.Time{}, false
	}
	i := int64(x)
	return time.Unix(i/per, (i%per)*(1e9/per)).UTC(), true
}

// Now is the clock as the field holds a time: a count since the epoch in
// its unit, else an RFC 3339 string (what "$now" writes).
func (f Field) Now(t time.Time) any {
	if x, ok := f.Epoch(t); ok {
		return x
	}
	return t.UTC().Format(time.RFC3339)
}

// epochSpan bounds the times a count since the epoch may name: a count
// outside it is in another unit (milliseconds where microseconds are
// due) or no time at all (a day of the month).
var epochSpan = [2]time.Time{time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}

// EpochProblem says why v is not a time in the field's epoch unit, or ""
// where it is (or the field keeps no such count, or v is no number, which
// the type check reports).
func (f Field) EpochProblem(v any) string {
	if !f.IsEpoch() {
		return ""
	}
	switch v.(type) {
	case float64, int, int64:
	default:
		return ""
	}
	t, ok := f.EpochTime(v)
	if !ok || t.Before(epochSpan[0]) || !t.Before(epochSpan[1]) {
		return fmt.Sprintf("%v is not a time in %s since the epoch (one from %d to %d)", v, epochUnitWord[f.Unit], epochSpan[0].Year(), epochSpan[1].Year()-1)
	}
	return ""
}

var epochUnitWord = map[string]string{UnitEpochSeconds: "seconds", UnitEpochMillis: "milliseconds", UnitEpochMicros: "microseconds"}
