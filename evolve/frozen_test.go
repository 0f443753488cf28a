package evolve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// TestFrozenAtomsAreReportedNotRepaired: an imported benchmark's data is
// ground truth; its fault stays visible and the other faults are still fixed.
func TestFrozenAtomsAreReportedNotRepaired(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	d := *lib.Head(atom.KindData, "initech_sales").MustData()
	d.Frozen = true
	if _, err := lib.Put(&d, "data/initech_sales.yaml", true); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report.Rounds[0]
	if r.VerifiedAfter != 9 || r.Accepted != 2 {
		t.Fatalf("verified after %d, accepted %d; want 9 and 2", r.VerifiedAfter, r.Accepted)
	}
	for _, rep := range r.Repairs {
		if rep.Atom == "data/initech_sales" {
			if rep.Accepted || rep.RootCause != verify.DataMissingEntity || !strings.Contains(rep.Reason, "frozen") {
				t.Fatalf("frozen data repair: %+v", rep)
			}
		}
	}
	if got := res.Library.Head(atom.KindData, "initech_sales").MustData(); !got.Frozen || len(res.Library.Versions(atom.KindData, "initech_sales")) != 2 {
		t.Fatalf("the frozen atom changed")
	}
}

// A frozen intent takes only added negative assertions: a proposal that
// adds a positive one, loosens or drops one of the source's, or changes
// anything else of the intent is refused.
func TestOnlyStrengthensAFrozenIntent(t *testing.T) {
	old := &atom.Intent{ID: "t", Instruction: "Post v9.1 to #eng.", Frozen: true,
		Goal: []assert.Assertion{{Type: assert.Exists, Target: "slack.messages",
			Where: []assert.Predicate{{Field: "text", Op: assert.OpIContains, Value: "v9.1"}}}}}
	edit := func(f func(in *atom.Intent)) *atom.Intent {
		b, _ := json.Marshal(old)
		var in atom.Intent
		if err := json.Unmarshal(b, &in); err != nil {
			t.Fatal(err)
		}
		f(&in)
		return &in
	}
	guard := assert.Assertion{Type: assert.Unchanged, Target: "slack.messages",
		Except: []assert.Predicate{{Field: "channel_id", Op: assert.OpEquals, Value: "C_ENG"}}}
	if err := onlyStrengthens(old, edit(func(in *atom.Intent) { in.Goal = append(in.Goal, guard) })); err != nil {
		t.Errorf("an added unchanged assertion is refused: %v", err)
	}
	for name, f := range map[string]func(in *atom.Intent){
		"nothing added":  func(in *atom.Intent) {},
		"positive added": func(in *atom.Intent) { in.Goal = append(in.Goal, in.Goal[0]) },
		"loosened": func(in *atom.Intent) {
			in.Goal[0].Where = nil
			in.Goal = append(in.Goal, guard)
		},
		"dropped":             func(in *atom.Intent) { in.Goal = []assert.Assertion{guard, guard} },
		"instruction changed": func(in *atom.Intent) { in.Instruction = "Post."; in.Goal = append(in.Goal, guard) },
	} {
		if err := onlyStrengthens(old, edit(f)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
