package atom

import (
	"testing"
	"time"
)

// TestEpochUnits: a time kept as a count since the epoch is written and
// read in its field's unit, "$now" fits such a field, a count in another
// unit is no time in it, and the unit needs a whole-number field.
func TestEpochUnits(t *testing.T) {
	at := time.Date(2026, 5, 3, 16, 0, 0, 0, time.UTC)
	us := Field{Type: "integer", Unit: UnitEpochMicros}
	for unit, want := range map[string]float64{UnitEpochSeconds: 1777824000, UnitEpochMillis: 1777824000000, UnitEpochMicros: 1777824000000000} {
		f := Field{Type: "integer", Unit: unit}
		if got := f.Now(at); got != want {
			t.Errorf("%s: now is %v, want %v", unit, got, want)
		}
		if back, ok := f.EpochTime(want); !ok || !back.Equal(at) {
			t.Errorf("%s: %v reads as %v", unit, want, back)
		}
		if p := f.EpochProblem(want); p != "" {
			t.Errorf("%s: %v: %s", unit, want, p)
		}
	}
	if got := (Field{Type: "string", Format: "date-time"}).Now(at); got != "2026-05-03T16:00:00Z" {
		t.Errorf("a date-time field's now is %v", got)
	}
	if p := us.EpochProblem(float64(at.UnixMilli())); p == "" {
		t.Error("milliseconds read as a time in microseconds")
	}
	if err := constantFits(us, "$now"); err != nil {
		t.Errorf("$now into microseconds: %v", err)
	}
	for _, f := range []Field{{Type: "string", Unit: UnitEpochMicros}, {Type: "integer", Format: "date-time", Unit: UnitEpochMillis}} {
		s := &Server{Kind: KindServer, ID: "t", Collections: []Collection{{Name: "messages", Fields: map[string]Field{"created_usec": f}}}}
		if ds := validateBehaviour(&Entry{Kind: KindServer, ID: "t"}, s); !ds.HasErrors() {
			t.Errorf("unit %q on %s %s: no error", f.Unit, f.Type, f.Format)
		}
	}
}
