package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	code, out, _ := cli(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "legoenv ") || !strings.Contains(out, "go1.") {
		t.Fatalf("--version: %d %q", code, out)
	}
}

// TestArgumentErrorsShowUsageAndExample: a wrong argument count names the
// usage line and the command's first example, on every command that has
// one, including nested ones.
func TestArgumentErrorsShowUsageAndExample(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"plan"}, []string{"accepts 1 arg(s), received 0", "Usage: legoenv plan ENV_ID", "Example: legoenv plan env-"}},
		{[]string{"show", "a", "b"}, []string{"Usage: legoenv show ENV_ID", "Example: legoenv show env-"}},
		{[]string{"atoms", "history"}, []string{"Usage: legoenv atoms history ATOM", "Example: legoenv atoms history helpdesk"}},
		{[]string{"import", "automationbench"}, []string{"Example: legoenv import automationbench --schemas testdata/automationbench/schemas --out"}},
		{[]string{"lint", "extra"}, []string{"Usage: legoenv lint", "Run 'legoenv lint --help'"}},
	} {
		code, _, errs := cli(t, "", c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: no %q in\n%s", c.args, w, errs)
			}
		}
	}
}

func TestLibraryErrorsKeepTheUsersLib(t *testing.T) {
	bad := filepath.Join("..", "..", "atom", "testdata", "badlib")
	code, _, errs := cli(t, "", "envs", "--lib", bad)
	if code != 2 || !strings.Contains(errs, "Run 'legoenv lint --lib "+bad+"'") {
		t.Fatalf("envs on a bad library: %d %s", code, errs)
	}
}

func TestPluralOfOne(t *testing.T) {
	id := exampleEnvIDs(t)["escalate_ticket/northwind_support"]
	code, out, errs := cli(t, "", "verify", "--env", id)
	if code != 0 || !strings.Contains(out, "\n1 environment, 1 verified (100.0%)") {
		t.Fatalf("verify --env: %d %s %s", code, out, errs)
	}
	for n, want := range map[int]string{0: "0 environments", 1: "1 environment", 2: "2 environments"} {
		if got := plural(n, "environment"); got != want {
			t.Errorf("plural(%d) = %q", n, got)
		}
	}
}

// TestUnknownEnvironmentSaysWhereItLooked: the error names where the id
// was looked for, how to list what is there with the user's own flags, and
// the environments a build wrote when they exist.
func TestUnknownEnvironmentSaysWhereItLooked(t *testing.T) {
	dir := t.TempDir()
	lib, err := filepath.Abs(filepath.Join("..", "..", "corpus", "example"))
	if err != nil {
		t.Fatal(err)
	}
	envs := filepath.Join(dir, "envs.jsonl")
	os.WriteFile(envs, []byte(`{"id":"env-aaaaaaaaaaaa","recipe":{"intent":"escalate_ticket","data":"northwind_support"}}`+"\n"), 0o644)
	t.Chdir(dir)
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"plan", "env-000000"}, []string{`unknown environment "env-000000" in the built-in example library`, "run 'legoenv envs'", "pass --envs FILE"}},
		{[]string{"play", "env-000000", "--calls", "-", "--lib", lib}, []string{"in library " + lib, "run 'legoenv envs --lib " + lib + "'"}},
		{[]string{"show", "env-000000", "--envs", envs}, []string{"in " + envs, "run 'legoenv envs --envs " + envs + "'"}},
		{[]string{"verify", "--env", "env-000000", "--envs", envs, "--lib", lib}, []string{"run 'legoenv envs --envs " + envs + " --lib " + lib + "'"}},
		{[]string{"mcp", "env-000000", "--envs", envs, "--lib", lib}, []string{"unknown environment"}},
	}
	check := func(when string) {
		for _, c := range cases {
			code, _, errs := cli(t, "", c.args...)
			if code != 2 {
				t.Errorf("%s: %v: exit %d, want 2", when, c.args, code)
			}
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("%s: %v: no %q in %s", when, c.args, w, errs)
				}
			}
		}
	}
	check("no out/")
	os.MkdirAll("out", 0o755)
	os.WriteFile(filepath.Join("out", "envs.jsonl"), nil, 0o644)
	cases[0].want = append(cases[0].want[:2], "built environments: pass --envs out/envs.jsonl")
	check("with out/envs.jsonl")
}

// TestShowFailingEnvironment: show gives the verdict, root cause, blamed
// atom and suggested fix of an environment that does not verify, and its
// reference plan.
func TestShowFailingEnvironment(t *testing.T) {
	lib := filepath.Join("..", "..", "verify", "testdata", "not_discriminating")
	code, list, errs := cli(t, "", "envs", "--lib", lib)
	// The second, whose goal forgot the tag the plan adds, is now caught
	// by the whole-world fence as an unasked change.
	if code != 0 || strings.Count(list, "failed (verifier.not_discriminating)") != 1 || strings.Count(list, "failed (intent.unasked_change)") != 1 {
		t.Fatalf("envs: %d %s %s", code, list, errs)
	}
	id := strings.Fields(strings.Split(list, "\n")[1])[0]
	code, out, errs := cli(t, "", "show", id, "--lib", lib)
	for _, want := range []string{"verdict: failed", "discriminating fail", "root cause: verifier.not_discriminating, blamed on intent/", "suggested fix: tighten_assertion", "plan (reference, "} {
		if !strings.Contains(out, want) {
			t.Errorf("show: no %q in\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("show exit %d: %s", code, errs)
	}
}

// TestRecipeThatDoesNotCompose: an id whose recipe does not compose is
// found (ids are hashes of pinned recipes, composing or not), and the error
// points to verify with the user's own --lib.
func TestRecipeThatDoesNotCompose(t *testing.T) {
	lib := filepath.Join("..", "..", "verify", "testdata", "missing_app")
	code, out, _ := cli(t, "", "verify", "--lib", lib, "--json")
	var res struct {
		Envs []verifyEnvJSON `json:"envs"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Envs) != 1 {
		t.Fatalf("verify: %d %s", code, out)
	}
	id := res.Envs[0].ID
	code, _, errs := cli(t, "", "plan", id, "--lib", lib)
	if code != 2 || !strings.Contains(errs, "environment "+id+" does not compose") || !strings.Contains(errs, "legoenv verify --env "+id+" --lib "+lib) {
		t.Fatalf("plan: %d %s", code, errs)
	}
	if code, out, _ := cli(t, "", "verify", "--lib", lib, "--env", id); code != 0 || !strings.Contains(out, id) || !strings.Contains(out, "1 environment, 0 verified") {
		t.Fatalf("verify --env: %d %s", code, out)
	}
}
