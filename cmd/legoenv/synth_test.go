package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/llm/llmtest"
)

const synthGood = "```yaml\n" + `kind: intent
id: tag_ticket_vip
family: lookup_then_act
apps: [helpdesk]
instruction: Tag ticket {{ticket}} "vip" and set its priority to high.
slots:
  ticket: {handle: the_ticket}
goal:
  - exists: helpdesk.tickets
    where: {id: "{{ticket}}", tags: vip, priority: high}
  - unchanged: helpdesk.tickets
    except: {id: "{{ticket}}"}
plan:
  - tool: helpdesk_tag_ticket
    args: {id: "{{ticket}}", tag: vip}
  - tool: helpdesk_update_ticket
    args: {id: "{{ticket}}", priority: high}
` + "```"

const synthMet = "```yaml\n" + `kind: intent
id: keep_open
apps: [helpdesk]
instruction: Keep ticket {{ticket}} open.
slots:
  ticket: {handle: the_ticket}
goal:
  - exists: helpdesk.tickets
    where: {id: "{{ticket}}", status: open}
` + "```"

// copyExample writes the built-in example library to a directory.
func copyExample(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(corpus.Example(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(corpus.Example(), p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, p), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// treeHash hashes every file of a directory, names included.
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		h.Write([]byte(rel + "\x00"))
		h.Write(b)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))
}

func TestSynthIntent(t *testing.T) {
	lib := copyExample(t)
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text("no YAML here"), llmtest.Text(synthMet), llmtest.Text(synthGood)))
	code, out, errs := cli(t, "", "synth", "intent", "tag", "a", "VIP", "ticket", "--lib", lib, "--llm-base-url", srv.URL, "--llm-model", "scripted")
	if code != 0 {
		t.Fatalf("synth: %d %s %s", code, out, errs)
	}
	for _, want := range []string{"attempt 1 rejected: not a valid atom", "attempt 2 rejected: no environment verifies:\n  with data northwind_support: data.goal_already_met", "attempt 3 accepted: intent/tag_ticket_vip@"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "with 1 verified environments") {
		t.Errorf("stdout %s", out)
	}
	if _, err := os.Stat(filepath.Join(lib, "intents", "tag_ticket_vip.yaml")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(lib, "intents", "keep_open.yaml")); err == nil {
		t.Error("a rejected atom was written")
	}
	// The library still lints and now composes one more environment, which
	// verifies.
	if code, out, _ := cli(t, "", "lint", "--lib", lib); code != 0 || !strings.Contains(out, "6 intents, 8 recipes; 0 diagnostics") {
		t.Fatalf("lint after synth: %d %s", code, out)
	}
	if code, out, _ := cli(t, "", "verify", "--lib", lib); code != 0 || !strings.Contains(out, "8 environments, 8 verified") {
		t.Fatalf("verify after synth: %d %s", code, out)
	}
}

func TestSynthRejectedWritesNothing(t *testing.T) {
	lib := copyExample(t)
	before := treeHash(t, lib)
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text(synthMet)))
	code, _, errs := cli(t, "", "synth", "intent", "keep a ticket open", "--lib", lib, "--llm-base-url", srv.URL, "--llm-model", "scripted", "--attempts", "2")
	if code != 1 || !strings.Contains(errs, "every proposal was rejected") || !strings.Contains(errs, "nothing written") || strings.Count(errs, "rejected: no environment verifies") != 2 {
		t.Fatalf("synth: %d %s", code, errs)
	}
	if treeHash(t, lib) != before {
		t.Error("the library changed after every proposal was rejected")
	}
	// Bad usage.
	for _, args := range [][]string{
		{"synth", "rule", "x", "--llm-base-url", srv.URL, "--llm-model", "m"},
		{"synth", "intent", "x", "--llm-model", "m"},
		{"synth", "intent", "x", "--llm-base-url", srv.URL},
	} {
		if code, _, _ := cli(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestSynthBuiltInPrints(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text(synthGood)))
	code, out, errs := cli(t, "", "synth", "intent", "tag a VIP ticket", "--llm-base-url", srv.URL, "--llm-model", "scripted")
	if code != 0 || !strings.Contains(out, "id: tag_ticket_vip") || !strings.Contains(errs, "use --out DIR") {
		t.Fatalf("synth on the built-in library: %d %s %s", code, out, errs)
	}
	dir := filepath.Join(t.TempDir(), "mine")
	code, _, errs = cli(t, "", "synth", "intent", "tag a VIP ticket", "--out", dir, "--llm-base-url", srv.URL, "--llm-model", "scripted")
	if code != 0 {
		t.Fatalf("synth --out: %d %s", code, errs)
	}
	if code, out, _ := cli(t, "", "lint", "--lib", dir); code != 0 || !strings.Contains(out, "8 recipes") {
		t.Fatalf("lint of --out: %d %s", code, out)
	}
}

// TestEvolveLLMRepairer: with --llm-base-url, 'legoenv evolve' asks the
// model for the root causes no deterministic repairer fixes (here two rules
// that forbid what the goals need); the answers go through the same gate.
func TestEvolveLLMRepairer(t *testing.T) {
	src := filepath.Join("..", "..", "verify", "testdata", "rule_conflict")
	lib := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(lib, e.Name()), b, 0o644)
	}
	internal := "```yaml\nkind: rule\nid: internal_only\ntext: Never send confidential information outside acme.example.\napps: [mail]\nchecks:\n  - not_exists: mail.messages\n    where: {folder: sent, to: {not_contains: \"@acme.example\"}, body: {icontains: confidential}}\n```"
	noDelete := "```yaml\nkind: rule\nid: no_delete\ntext: Never delete contacts.\napps: [desk, crm]\nchecks:\n  - not_called: crm_delete_contact\n```"
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		prompt := r.Messages[1].Content
		switch {
		case r.Turn() == 0 && strings.Contains(prompt, "rule/internal_only@"):
			return llmtest.Text("Relax it to what matters.")
		case strings.Contains(prompt, "rule/internal_only@"):
			return llmtest.Text(internal)
		case strings.Contains(prompt, "rule/no_delete@"):
			return llmtest.Text(noDelete)
		}
		return llmtest.Text("?")
	})
	out := filepath.Join(t.TempDir(), "evolved")
	code, stdout, errs := cli(t, "", "evolve", "--lib", lib, "--out", out, "--db", "", "--json", "--llm-base-url", srv.URL, "--llm-model", "scripted")
	if code != 0 {
		t.Fatalf("evolve: %d %s %s", code, stdout, errs)
	}
	var rep struct {
		Rounds []struct {
			VerifiedBefore int `json:"verified_before"`
			VerifiedAfter  int `json:"verified_after"`
			Repairs        []struct {
				Atom, Repairer string
				Accepted       bool
			} `json:"repairs"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	r := rep.Rounds[0]
	if r.VerifiedBefore != 0 || r.VerifiedAfter != 2 || len(r.Repairs) != 2 {
		t.Fatalf("round %+v", r)
	}
	for _, rp := range r.Repairs {
		if rp.Repairer != "llm" || !rp.Accepted {
			t.Errorf("repair %+v", rp)
		}
	}
	if !strings.Contains(errs, "llm repairer: rule.conflicts_with_goal rule/internal_only@") || !strings.Contains(errs, "answer 1 rejected: not a valid atom") {
		t.Errorf("stderr lacks the rejected answer:\n%s", errs)
	}
	if code, out, _ := cli(t, "", "verify", "--lib", out); code != 0 || !strings.Contains(out, "2 environments, 2 verified") {
		t.Fatalf("verify evolved: %d %s", code, out)
	}
	// Without the flag nothing repairs these causes.
	code, stdout, _ = cli(t, "", "evolve", "--lib", lib, "--db", "", "--json", "--in-place")
	if code != 0 || strings.Contains(stdout, `"repairer": "llm"`) {
		t.Fatalf("evolve without a model: %d %s", code, stdout)
	}
}
