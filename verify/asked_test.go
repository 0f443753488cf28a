package verify

import (
	"context"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
)

// strippedExample is the example library with email_account_owner's
// instruction cut to "The {{account}} account is in the CRM." and no
// plan, and the recipes of that intent.
func strippedExample(t *testing.T) (*atom.Library, []atom.Recipe) {
	lib := testlib.Example(t)
	old := lib.Head(atom.KindIntent, "email_account_owner")
	in := *old.Atom.(*atom.Intent)
	in.Instruction = "The {{account}} account is in the CRM."
	in.Plan = nil
	if _, err := lib.Put(&in, old.File, true); err != nil {
		t.Fatal(err)
	}
	var rs []atom.Recipe
	for _, r := range lib.Recipes() {
		if r.Intent.ID == in.ID {
			r.Intent.Version = ""
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		t.Fatal("no recipe of email_account_owner")
	}
	return lib, rs
}

// An instruction that asks for nothing is caught by the instruction-
// ablation self-check: cut to its names it grounds the plan as well as
// whole, so the verdict is marked Unasked and counted; the example's own
// instruction, which asks for the reminder, is not marked.
func TestAblationFlagsAnInstructionThatAsksNothing(t *testing.T) {
	lib, rs := strippedExample(t)
	vs := VerifyAll(context.Background(), lib, rs, Options{})
	for _, v := range vs {
		if v.Verified && !v.Unasked {
			t.Errorf("%s/%s: verified and not flagged by the ablation self-check", v.Intent, v.Data)
		}
	}
	if s := Summarize(vs); s.Verified == 0 || s.Unasked != s.Verified {
		t.Errorf("summary counts %d unasked of %d verified", s.Unasked, s.Verified)
	}
	whole := testlib.Example(t)
	for _, v := range VerifyAll(context.Background(), whole, whole.Recipes(), Options{}) {
		if v.Unasked {
			t.Errorf("%s/%s: the example's own instruction is flagged", v.Intent, v.Data)
		}
	}
}
