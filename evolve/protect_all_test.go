package evolve

import (
	"context"
	"testing"

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
