package atom

import "testing"

// TestNameOfLength: a name stating a length is made to state the minutes
// of its type, in the unit it reads in where that still reads right.
func TestNameOfLength(t *testing.T) {
	for _, c := range []struct {
		name string
		min  int
		want string
	}{
		{"30 Minute Meeting", 15, "15 Minute Meeting"},
		{"30 Minute Meeting", 30, "30 Minute Meeting"},
		{"Check-in (20 min)", 45, "Check-in (45 min)"},
		{"1 Hour Consultation", 120, "120 Minute Consultation"},
		{"2 Hours Workshop", 180, "3 Hours Workshop"},
		{"2 hours workshop", 90, "90 min workshop"},
		{"Intro call", 15, "Intro call"},
	} {
		inv := Invariant{Rule: "derived", By: DeriveLength, Fields: []string{"name", "duration"}}
		rec := map[string]any{"name": c.name, "duration": c.min}
		if got, _ := inv.Derive(rec); got != c.want {
			t.Errorf("%q of %d minutes: %q, want %q", c.name, c.min, got, c.want)
		}
		if agrees := inv.Agrees(rec); agrees != (c.name == c.want) {
			t.Errorf("%q of %d minutes: agrees %v", c.name, c.min, agrees)
		}
	}
}
