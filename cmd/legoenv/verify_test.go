package main

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

const failingLib = "../../verify/testdata/rule_conflict"

func keysOf(m map[string]json.RawMessage) string {
	ks := slices.Sorted(maps.Keys(m))
	return strings.Join(ks, ",")
}

func TestVerifyExample(t *testing.T) {
	code, out, errs := cli(t, "", "verify")
	if code != 0 {
		t.Fatalf("verify: exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "  verified  "); n != 7 {
		t.Errorf("%d verified lines, want 7:\n%s", n, out)
	}
	for _, want := range []string{"ID", "VERDICT", "ROOT CAUSE", "ATOM", "7 environments, 7 verified (100.0%)", "root causes: none"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestVerifyJSONShape(t *testing.T) {
	for _, lib := range []string{"", failingLib} {
		args := []string{"verify", "--json"}
		if lib != "" {
			args = append(args, "--lib", lib)
		}
		code, out, errs := cli(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &top); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if k := keysOf(top); k != "envs,share,total,unasked,verified" {
			t.Errorf("top-level keys %s", k)
		}
		var envs []map[string]json.RawMessage
		_ = json.Unmarshal(top["envs"], &envs)
		var total, verified int
		_ = json.Unmarshal(top["total"], &total)
		_ = json.Unmarshal(top["verified"], &verified)
		if total != len(envs) || total == 0 {
			t.Errorf("total %d, %d envs", total, len(envs))
		}
		n := 0
		for _, e := range envs {
			var verdict string
			_ = json.Unmarshal(e["verdict"], &verdict)
			switch verdict {
			case "verified":
				n++
				if k := keysOf(e); k != "checks,id,verdict" {
					t.Errorf("verified env keys %s", k)
				}
			case "failed":
				if k := keysOf(e); k != "checks,id,root_cause,verdict" {
					t.Errorf("failed env keys %s", k)
				}
				var rc map[string]json.RawMessage
				_ = json.Unmarshal(e["root_cause"], &rc)
				if k := keysOf(rc); k != "atom,code,evidence,suggested_fix" {
					t.Errorf("root cause keys %s", k)
				}
			default:
				t.Errorf("verdict %q", verdict)
			}
		}
		if n != verified {
			t.Errorf("verified %d, counted %d", verified, n)
		}
		if lib == failingLib && verified != 0 {
			t.Errorf("%s: %d verified, want 0", lib, verified)
		}
	}
}

func TestVerifyFailingLibraryAndMinShare(t *testing.T) {
	code, out, errs := cli(t, "", "verify", "--lib", failingLib)
	if code != 0 {
		t.Fatalf("exit %d (a run with failures still exits 0): %s", code, errs)
	}
	for _, want := range []string{"rule.conflicts_with_goal", "rule/internal_only@", "rule/no_delete@", "2 environments, 0 verified (0.0%)", "CUMULATIVE", "100.0%"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code, _, errs := cli(t, "", "verify", "--lib", failingLib, "--min-share", "0.5"); code != 1 || !strings.Contains(errs, "below --min-share") {
		t.Errorf("below --min-share: exit %d %s", code, errs)
	}
	if code, _, _ := cli(t, "", "verify", "--min-share", "1", "--jobs", "1"); code != 0 {
		t.Errorf("example at --min-share 1: exit %d", code)
	}
	for _, args := range [][]string{
		{"verify", "--min-share", "1.5"},
		{"verify", "--jobs", "-1"},
		{"verify", "--env", "env-nosuchthing"},
		{"verify", "--lib", "../../verify/testdata/missing_atom"},
		{"verify", "extra"},
	} {
		if code, _, _ := cli(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestVerifyOneEnvAndPlanFallback(t *testing.T) {
	ids := exampleEnvIDs(t)
	id := ids["email_account_owner/northwind_support"]
	code, out, errs := cli(t, "", "verify", "--json", "--env", id[:10])
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Total int `json:"total"`
		Envs  []struct {
			ID string `json:"id"`
		} `json:"envs"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Total != 1 || res.Envs[0].ID != id {
		t.Fatalf("--env %s: %v %s", id[:10], err, out)
	}
	// The intent has no reference plan: 'plan' asks the planner.
	code, out, errs = cli(t, "", "plan", id)
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"crm_find_accounts"`) || !strings.Contains(lines[1], `"mail_send_message"`) {
		t.Fatalf("plan:\n%s", out)
	}
	// The plan it prints passes when played.
	code, out, errs = cli(t, out, "play", id, "--calls", "-", "--json")
	if code != 0 || !strings.Contains(out, `"passed": true`) {
		t.Errorf("play of the planner's plan: exit %d %s %s", code, out, errs)
	}
}
