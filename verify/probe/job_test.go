package probe

import "testing"

// TestDiscriminatingWithoutEnvironment: a Job with no environment is
// probed for nothing, without a panic, and with no failure.
func TestDiscriminatingWithoutEnvironment(t *testing.T) {
	ds := Discriminating(&Job{})
	if len(ds) != 1 || ds[0].Cause != nil {
		t.Fatalf("got %+v, want one note", ds)
	}
}
