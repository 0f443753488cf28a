package tau2

import (
	"context"
	"testing"

	"github.com/legoenv/legoenv/verify"
)

// TestVerify runs legoenv's verification on a few imported tasks: an
// exchange, a two-order modification whose ids the grounded plan reads,
// and a task whose gold changes nothing, which verification rightly
// reports as a trivial goal (tau2 scores it by LLM-judged assertions).
func TestVerify(t *testing.T) {
	_, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]verify.Code{IntentID("0"): "", IntentID("36"): "", IntentID("57"): verify.IntentTrivialGoal}
	for _, r := range res.Recipes {
		cause, ok := want[r.Intent.ID]
		if !ok {
			continue
		}
		v := verify.Verify(context.Background(), lib, r)
		var got verify.Code
		if v.RootCause != nil {
			got = v.RootCause.Code
		}
		if got != cause || v.Verified != (cause == "") {
			t.Errorf("%s: verified %v, root cause %q, want %q", r.Intent.ID, v.Verified, got, cause)
		}
	}
}
