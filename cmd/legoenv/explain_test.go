package main

import (
	"encoding/json"
	"path/filepath"
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

// 'verify --explain --fence' explains the environment as '--fence'
// verifies it: an imported task whose own goals let a wrong plan pass is
// verified once the whole-world fence stands beside them.
func TestVerifyExplainUnderTheFence(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "ab")
	task := filepath.Join(abTestdata, "tasks", "simple_buffer_facebook_blog_post.json")
	if code, _, errs := cli(t, "", "import", "automationbench", "--schemas", filepath.Join(abTestdata, "schemas"), "--out", lib, task); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	id := envIDOf(t, lib)
	_, plain, _ := cli(t, "", "verify", "--lib", lib, "--explain", id)
	_, fenced, _ := cli(t, "", "verify", "--lib", lib, "--explain", id, "--fence")
	if !strings.Contains(firstLine(plain), "verifier.not_discriminating") {
		t.Errorf("without the fence: %s", firstLine(plain))
	}
	if !strings.HasSuffix(firstLine(fenced), ": verified") {
		t.Errorf("under the fence: %s", firstLine(fenced))
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
