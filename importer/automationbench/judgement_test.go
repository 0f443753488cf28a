package automationbench

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// verifyImported imports sources whole, writes the library, loads it back
// and verifies every environment: the verdicts by intent id, and the
// library as loaded.
func verifyImported(t *testing.T, s *Schemas, srcs []Source) (map[string]verify.Verdict, *atom.Library) {
	t.Helper()
	res := Import(s, srcs)
	if res.Report.Failed > 0 {
		t.Fatalf("import failed: %v", res.Report.Errors)
	}
	dir := t.TempDir()
	if err := res.Write(dir); err != nil {
		t.Fatal(err)
	}
	lib, ds, err := atom.LoadDir(dir)
	if err != nil || ds.HasErrors() {
		t.Fatalf("load: %v %v", err, ds.Err())
	}
	vs := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{Jobs: 2})
	out := map[string]verify.Verdict{}
	for _, v := range vs {
		out[v.Recipe.Intent.ID] = v
	}
	return out, lib
}

// Whether a task can be solved as written is verification's judgement
// alone: a task the benchmark made unsolvable fails verification with the
// cause, and its solvable twin verifies.
func TestUnsolvableJudgedByVerify(t *testing.T) {
	s := testSchemas(t)
	named := func(name string, checks ...map[string]any) Source {
		b := synthTaskNamed(t, name, checks...)
		return Source{File: name + ".json", Data: b}
	}
	srcs := []Source{
		// No listed tool writes Salesforce cases.
		named("no_tool", map[string]any{"type": "salesforce_case_exists", "subject_contains": "billing"}),
		// Any mail to a@x.example with "hello" is a mail to a@x.example.
		named("contradiction",
			map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "a@x.example", "body_contains": "hello"},
			map[string]any{"type": "gmail_message_not_sent_to", "to": "a@x.example"}),
		// Solvable: lead 00Q1 exists, a search finds it by email and the
		// update tool is listed (and takes an email too).
		// The prompt says what the goal checks (grounding).
		withPrompt(t, withTools(t, named("solvable", map[string]any{"type": "salesforce_lead_field_equals", "email": "lee@acme.example", "field": "status", "value": "Hot"}), "salesforce_search_leads"),
			"Set the status of the lead lee@acme.example to Hot."),
	}
	vs, _ := verifyImported(t, s, srcs)
	want := map[string]verify.Code{"no_tool": verify.ServerMissingTool, "contradiction": verify.IntentContradictory, "solvable": ""}
	for id, code := range want {
		v, ok := vs["synthetic."+id]
		if !ok {
			t.Fatalf("no verdict for %s (have %v)", id, keysOf(vs))
		}
		var got verify.Code
		if v.RootCause != nil {
			got = v.RootCause.Code
		}
		if v.Verified != (code == "") || got != code {
			t.Errorf("%s: verified %v, cause %+v; want cause %q", id, v.Verified, v.RootCause, code)
		}
	}
}

// withTools adds tool names to a task's zapier_tools.
func withTools(t *testing.T, src Source, names ...string) Source {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(src.Data, &m); err != nil {
		t.Fatal(err)
	}
	info := m["info"].(map[string]any)
	tools, _ := info["zapier_tools"].([]any)
	for _, n := range names {
		tools = append(tools, n)
	}
	info["zapier_tools"] = tools
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	src.Data = b
	return src
}

// withPrompt replaces a synthetic task's prompt.
func withPrompt(t *testing.T, src Source, text string) Source {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(src.Data, &m); err != nil {
		t.Fatal(err)
	}
	m["prompt"] = []any{map[string]any{"role": "user", "content": text}}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	src.Data = b
	return src
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
