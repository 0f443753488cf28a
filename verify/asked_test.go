package verify

import (
	"context"
	"slices"
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

// An instruction that asks for nothing (case 4 of the whole-world issue)
// fails: its plan's mail is asked for by no word of the instruction or of
// the account it names, so the intent is intent.not_asked. The example's
// own instruction, which asks for the reminder, verifies, and none of its
// environments is flagged by the instruction-ablation self-check: cut to
// their names, they ask for nothing.
func TestAnInstructionThatAsksNothingFails(t *testing.T) {
	lib, rs := strippedExample(t)
	vs := VerifyAll(context.Background(), lib, rs, Options{})
	for _, v := range vs {
		if v.Verified {
			t.Errorf("%s/%s: verified on an instruction that asks nothing", v.Intent, v.Data)
			continue
		}
		if c := v.RootCause; c == nil || c.Code != IntentNotAsked || c.Atom.Kind != atom.KindIntent || c.Atom.ID != "email_account_owner" {
			t.Errorf("%s/%s: root cause %+v, want intent.not_asked on the intent", v.Intent, v.Data, v.RootCause)
		}
	}
	whole := testlib.Example(t)
	for _, v := range VerifyAll(context.Background(), whole, whole.Recipes(), Options{}) {
		if v.Unasked {
			t.Errorf("%s/%s: the example's own instruction is flagged", v.Intent, v.Data)
		}
		if c := v.RootCause; c != nil && c.Code == IntentNotAsked {
			t.Errorf("%s/%s: the example's own instruction is not asked: %s", v.Intent, v.Data, c.Evidence.Message)
		}
	}
}

// A write is asked by a form of a verb for its kind, whole words only.
func TestAskWords(t *testing.T) {
	for _, c := range []struct {
		text, verb string
		want       bool
	}{
		{"Set that ticket to pending.", "set", true},
		{"Let the owner know by email.", "email", true},
		{"Remind them: renewals were posted.", "post", true},
		{"The Acme account is in the CRM.", "email", false},
		{"The Acme account is in the CRM.", "send", false},
		{"Postal code 10115 only.", "post", false},
		{"Reassigned last week.", "assign", false},
	} {
		if got := wordsOfAsk(c.text).has(c.verb); got != c.want {
			t.Errorf("%q has %q: %v, want %v", c.text, c.verb, got, c.want)
		}
	}
}

// An app's name, or a word of its tool's name, asks for its message when
// the instruction uses it as a verb: at a clause's start, its object
// after it. As a noun it asks for nothing.
func TestAppNameAsVerb(t *testing.T) {
	for _, c := range []struct {
		text, word string
		want       bool
	}{
		{"Freezer 3 is back at -18C. Slack the night shift so they stop checking it.", "slack", true},
		{"Ask the supplier, then WhatsApp its owner the tracking number.", "whatsapp", true},
		{"PO-4471 is approved. Slack Marcus Obi so he can order the parts.", "slack", true},
		{"Zoom with Ortega Logistics next Tuesday at 15:00.", "zoom", true},
		{"Please slack #ops the figure.", "slack", true},
		{"Post the figure in the Slack channel.", "slack", false},
		{"Slack is down today; the team uses mail.", "slack", false},
		{"The owner's WhatsApp number is in the sheet.", "whatsapp", false},
		{"Our Zoom account renews in May.", "zoom", false},
	} {
		if got := namedAsVerb(c.text, c.word); got != c.want {
			t.Errorf("%q uses %q as a verb: %v, want %v", c.text, c.word, got, c.want)
		}
	}
	// "Give the landlord a ring" asks for a call.
	if !wordsOfAsk("Give the landlord of the Brixton depot a ring.").has("ring") || !slices.Contains(askVerbs[atom.ToolSend], "ring") {
		t.Error("a ring does not ask for a call")
	}
}
