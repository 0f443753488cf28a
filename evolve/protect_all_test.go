package evolve

import (
	"context"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// TestOneRoundProtectsEveryCollection: an intent whose over-actions on two
// collections keep full reward is repaired in one round, with an unchanged
// assertion for each (the verifier's one fix carries both).
func TestOneRoundProtectsEveryCollection(t *testing.T) {
	lib := loadDir(t, "../verify/testdata/over_action")
	res, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	in := res.Library.Head(atom.KindIntent, "urgent_and_comment").MustIntent()
	protected := map[string]bool{}
	for _, a := range in.Goal {
		if a.IsNegative() {
			protected[a.Target] = true
		}
	}
	if !protected["desk.tickets"] || !protected["desk.comments"] {
		t.Fatalf("goal after one round protects %v, want desk.tickets and desk.comments", protected)
	}
	for _, rep := range res.Report.Rounds[0].Repairs {
		if rep.Atom == "intent/urgent_and_comment" && !rep.Accepted {
			t.Fatalf("repair refused: %s", rep.Reason)
		}
	}
}

// TestOneRoundCapsARecordMadeAgain: a log entry that the look-alike's
// twin matches in every way the goal can say is fixed in one round by the
// count the verifier suggests (the entry is made once), accepted by the
// gate; the goal keeps what it had.
func TestOneRoundCapsARecordMadeAgain(t *testing.T) {
	lib := loadDir(t, "../verify/testdata/weak_negatives")
	old := lib.Head(atom.KindIntent, "log_once").MustIntent()
	res, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Report.Rounds[0]; r.VerifiedBefore != 1 || r.VerifiedAfter != 2 {
		t.Fatalf("round: verified %d -> %d, want 1 -> 2 (%+v)", r.VerifiedBefore, r.VerifiedAfter, r.Repairs)
	}
	in := res.Library.Head(atom.KindIntent, "log_once").MustIntent()
	if len(in.Goal) != len(old.Goal)+1 {
		t.Fatalf("goal after one round: %v", in.Goal)
	}
	a := in.Goal[len(old.Goal)]
	if a.Type != assert.Count || a.Bound.Max == nil || *a.Bound.Max != 1 {
		t.Fatalf("added %s, want a count of at most 1", a.String())
	}
}
