package profile

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func TestVariety(t *testing.T) {
	ms := []Env{
		{ID: "1", Instruction: "Hi, could you close the ticket for Acme today?"},
		{ID: "2", Instruction: "hi could you close the ticket for Acme today"},
		{ID: "3", Instruction: "Please archive every stale lead in the CRM."},
	}
	v := measureVariety(ms)
	if v.TopOpening != "hi could you" || v.TopOpeningShare != 2.0/3 || v.Openings != 2 {
		t.Errorf("opening %q %v %d, want \"hi could you\" 2/3 2", v.TopOpening, v.TopOpeningShare, v.Openings)
	}
	// 6 + 6 + 5 four-grams; the second instruction repeats the first's 6.
	if want := 11.0 / 17; v.Ngram4Ratio != want || v.Ngram4RatioSample != want {
		t.Errorf("4-gram ratio %v (sample %v), want %v", v.Ngram4Ratio, v.Ngram4RatioSample, want)
	}
}

// The sampled ratio compares corpora of different sizes: a large corpus of
// one repeated sentence scores low, one of distinct sentences high, and
// the figure is the same on every run.
func TestVarietySample(t *testing.T) {
	same, distinct := make([]Env, 400), make([]Env, 400)
	for i := range same {
		same[i] = Env{ID: fmt.Sprint(i), Instruction: "update the record and tell the team about it"}
		distinct[i] = Env{ID: fmt.Sprint(i), Instruction: fmt.Sprintf("w%d a%d b%d c%d d%d e%d", i, i, i, i, i, i)}
	}
	a, b := measureVariety(same), measureVariety(distinct)
	if a.Ngram4RatioSample > 0.05 || b.Ngram4RatioSample != 1 {
		t.Errorf("sampled ratios %v (repeated) %v (distinct), want about 0.02 and 1", a.Ngram4RatioSample, b.Ngram4RatioSample)
	}
	if again := measureVariety(same); again != a {
		t.Errorf("variety differs between runs: %+v %+v", a, again)
	}
}

func TestFamilyTable(t *testing.T) {
	ms := []Env{
		{Family: "deep", Calls: 8, Assertions: 12, Apps: 3, Negatives: 2, Instruction: "a b c d"},
		{Family: "deep", Calls: 6, Assertions: 10, Apps: 4, Instruction: "a b c e"},
		{Family: "deep", Calls: 7, Assertions: 14, Apps: 3, Negatives: 1, Instruction: "x y z"},
		{Family: "flat", Calls: 2, Assertions: 3, Apps: 1, Negatives: 1, Instruction: "q"},
	}
	p := Summarize("c", ms, 4)
	if len(p.FamilyTable) != 2 || p.FamilyTable[0].Family != "deep" || p.FamilyTopShare != 0.75 {
		t.Fatalf("families %+v top %v", p.FamilyTable, p.FamilyTopShare)
	}
	d := p.FamilyTable[0]
	if d.CallsMedian != 7 || d.AssertionsMed != 12 || d.AppsMedian != 3 || d.NegativeShare != 2.0/3 || d.OpeningTopShare != 2.0/3 {
		t.Errorf("deep family %+v", d)
	}
	var b bytes.Buffer
	if err := WriteFamilies(&b, p); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "deep") || !strings.Contains(b.String(), "75.0%") {
		t.Errorf("family table:\n%s", b.String())
	}
}

// Policies worded as a business writes them read as policies.
func TestPolicyText(t *testing.T) {
	for text, want := range map[string]bool{
		"Sign-off rules (finance): a invoice whose amount exceeds 5,000 must have its status set to 'approved'.": true,
		"Only these rules decide what is in scope, whatever a ticket's notes say.":                               true,
		"Effective immediately, use 'q3-review'.":                                                                true,
		"Can we move the review to Thursday? Thanks for the detailed feedback.":                                  false,
	} {
		if got := policyText(map[string]any{"body": text}) != ""; got != want {
			t.Errorf("policyText(%q) = %v, want %v", text, got, want)
		}
	}
}

// The anchors that skip the policy expression never skip a text it
// matches: every alternative, in any case, still reads as a policy.
func TestPolicyAnchorsKeepEveryMatch(t *testing.T) {
	for _, text := range []string{
		"Our POLICY is clear here.", "Refunds over the Threshold wait.", "EFFECTIVE IMMEDIATELY, stop.",
		"This Supersedes the old line.", "See the guideline.", "Follow the Procedure.", "Staff MUST NOT reply.",
		"Do Not approve it.", "Never close these.", "Keep the target margin range.", "Approval is required above 10.",
		"A limit of 300 applies.", "Triage rules first.", "This is Out of Scope now.",
	} {
		if !policyRE.MatchString(text) {
			t.Fatalf("test text %q does not match policyRE", text)
		}
		if policyText(map[string]any{"body": text + " padding words"}) == "" {
			t.Errorf("policyText(%q) skipped a text the expression matches", text)
		}
	}
}
