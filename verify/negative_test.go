package verify

import (
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// TestCountCapsARecordMadeAgain: the same log entry for the look-alike
// ticket matches every exception the goal gives (it says what the entry
// says, not which ticket it is about), so the suggested negative is a cap
// on their number; with it the goal verifies (fixture log_once_capped).
func TestCountCapsARecordMadeAgain(t *testing.T) {
	ex := explainFixture(t, "weak_negatives", 0)
	add := addAssertionFix(t, ex)
	a := add.Assertion
	if a.Type != assert.Count || a.Bound.Max == nil || *a.Bound.Max != 1 || a.Target != "log.entries" {
		t.Fatalf("suggested %s, want a count of log.entries <= 1", a.String())
	}
	if v := explainFixture(t, "weak_negatives", 1).Verdict; !v.Verified {
		t.Fatalf("with the cap: %+v, want verified", v.RootCause)
	}
}
