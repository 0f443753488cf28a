package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// 'verify --explain' shows where each checked value came from and every
// probe with its reward; the stripped instruction shows the value no one
// told the agent.
func TestVerifyExplain(t *testing.T) {
	code, out, errs := cli(t, "", "verify", "--lib", "../../verify/testdata/over_action", "--json")
	if code != 0 {
		t.Fatalf("verify: %d %s", code, errs)
	}
	var vs struct {
		Envs []struct{ ID string }
	}
	if err := json.Unmarshal([]byte(out), &vs); err != nil || len(vs.Envs) == 0 {
		t.Fatalf("verify --json: %v %s", err, out)
	}
	code, out, errs = cli(t, "", "verify", "--lib", "../../verify/testdata/over_action", "--explain", vs.Envs[0].ID)
	if code != 0 {
		t.Fatalf("explain: %d %s", code, errs)
	}
	for _, want := range []string{"verifier.not_discriminating", "the instruction", "sibling", "PASSES", "perturb"} {
		if !strings.Contains(out, want) {
			t.Errorf("explain lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = cli(t, "", "verify", "--lib", "../../verify/testdata/stripped_instruction", "--explain", envIDOf(t, "../../verify/testdata/stripped_instruction"), "--json")
	var ex struct {
		Grounding []struct{ Value, Source string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &ex) != nil {
		t.Fatalf("explain --json: %d %s", code, out)
	}
	found := false
	for _, g := range ex.Grounding {
		if g.Value == "urgent" && g.Source == "" {
			found = true
		}
	}
	if !found {
		t.Errorf("the ungrounded value is not in the trace: %+v", ex.Grounding)
	}
}

func envIDOf(t *testing.T, lib string) string {
	t.Helper()
	_, out, _ := cli(t, "", "verify", "--lib", lib, "--json")
	var vs struct {
		Envs []struct{ ID string }
	}
	if json.Unmarshal([]byte(out), &vs) != nil || len(vs.Envs) == 0 {
		t.Fatalf("no environment in %s", lib)
	}
	return vs.Envs[0].ID
}
