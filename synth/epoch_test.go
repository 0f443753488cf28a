package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestEpochTimesDrawn: a time its field keeps as a count since the epoch
// is drawn in the field's unit: Quip's created_usec and updated_usec are
// whole microseconds, of a time before the world's clock, and coherence
// finds no value of the wrong type or form in them.
func TestEpochTimesDrawn(t *testing.T) {
	c, servers := readWorld(t, 54, "quip")
	n := 0
	for _, d := range c.Data {
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatal(err)
		}
		for coll, f := range map[string]string{"messages": "created_usec", "threads": "updated_usec"} {
			fd := servers["quip"].Collection(coll).Fields[f]
			for _, r := range d.Records["quip"][coll] {
				v, ok := r[f]
				if !ok {
					continue
				}
				n++
				at, ok := fd.EpochTime(v)
				if !ok || at.Year() < 2000 || at.After(clock) {
					t.Errorf("%s: quip.%s %v %s is %v (%T), not microseconds since the epoch before %s", d.ID, coll, r["id"], f, v, v, d.Clock)
				}
			}
		}
		for _, rule := range []string{coherence.RuleType, coherence.RuleFormat} {
			for _, v := range violationsOf(d, servers, rule, "") {
				t.Errorf("%s", v)
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d quip times drawn", n)
	}
	if _, ok := (atom.Field{Unit: atom.UnitEpochMicros}).EpochTime("2026-05-03T16:00:00Z"); ok {
		t.Error("an ISO date reads as microseconds")
	}
}
