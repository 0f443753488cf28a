package serve

import (
	"context"
	"testing"
	"time"
)

// A short soak: whole episodes answer without errors, every session is
// closed at the end, and the goroutines come back to where they started.
func TestSoakSmoke(t *testing.T) {
	cat := exampleCatalog(t)
	rep, err := Soak(context.Background(), cat, SoakOptions{Sessions: 4, Duration: time.Second, Episode: 5, Samples: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Requests == 0 || rep.Episodes == 0 || rep.Errors != 0 {
		t.Fatalf("%d requests, %d episodes, %d errors", rep.Requests, rep.Episodes, rep.Errors)
	}
	if rep.End.OpenSessions != 0 {
		t.Errorf("%d sessions left open", rep.End.OpenSessions)
	}
	if rep.End.Goroutines > rep.Start.Goroutines+4 {
		t.Errorf("goroutines %d at the start, %d at the end", rep.Start.Goroutines, rep.End.Goroutines)
	}
	if len(rep.Samples) == 0 || rep.PerSecond <= 0 {
		t.Errorf("samples %v, %f/s", rep.Samples, rep.PerSecond)
	}
}
