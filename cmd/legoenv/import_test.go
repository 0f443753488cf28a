package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var abTestdata = filepath.Join("..", "..", "testdata", "automationbench")

func TestImportAutomationBench(t *testing.T) {
	out := t.TempDir()
	args := []string{"import", "automationbench", "--schemas", filepath.Join(abTestdata, "schemas"), "--out", out, "--json"}
	for _, n := range []string{"finance_vendor_insurance_verification", "marketing_landing_page_alert", "operations_access_request_validation",
		"sales_add_contact_to_campaign", "sales_invalid_email_cleanup", "simple_gmail_reply_complaint"} {
		args = append(args, filepath.Join(abTestdata, "tasks", n+".json"))
	}
	code, stdout, stderr := cli(t, "", args...)
	if code != 0 {
		t.Fatalf("import: %d %s", code, stderr)
	}
	// Exactly the keys of the coverage report, in order.
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("--json output: %v\n%s", err, stdout)
	}
	keys := []string{"tasks", "imported_fully", "failed", "unmapped_types", "errors"}
	if len(raw) != len(keys) {
		t.Fatalf("keys %v, want %v", raw, keys)
	}
	last := -1
	for _, k := range keys {
		i := strings.Index(stdout, `"`+k+`"`)
		if i < 0 || i < last {
			t.Fatalf("key %s missing or out of order in %s", k, stdout)
		}
		last = i
	}
	if !strings.Contains(stdout, `"tasks": 6`) || !strings.Contains(stdout, `"imported_fully": 6`) {
		t.Errorf("report %s", stdout)
	}
	// The library it wrote lints.
	if code, lout, _ := cli(t, "", "lint", "--lib", out); code != 0 || !strings.Contains(lout, "6 servers, 6 data, 0 rules, 6 intents, 6 recipes") {
		t.Fatalf("lint of the imported library: %d %s", code, lout)
	}
	// The text summary.
	code, stdout, _ = cli(t, "", "import", "automationbench", "--schemas", filepath.Join(abTestdata, "schemas"),
		"--out", out, filepath.Join(abTestdata, "tasks", "simple_gmail_reply_complaint.json"))
	if code != 0 || !strings.Contains(stdout, "fully       1") {
		t.Fatalf("summary: %d %s", code, stdout)
	}
}

func TestImportAutomationBenchBadInput(t *testing.T) {
	out := t.TempDir()
	schemas := filepath.Join(abTestdata, "schemas")
	bad := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(bad, []byte(`{"info": `), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(abTestdata, "tasks", "simple_gmail_reply_complaint.json")
	code, stdout, stderr := cli(t, "", "import", "automationbench", "--schemas", schemas, "--out", out, good, bad)
	if code != 2 || !strings.Contains(stdout, "broken.json: not JSON") || !strings.Contains(stderr, "1 of 2 tasks could not be imported") {
		t.Fatalf("a broken task: %d\n%s\n%s", code, stdout, stderr)
	}
	// The good task was still written.
	if _, err := os.Stat(filepath.Join(out, "intents", "simple.gmail_reply_complaint.yaml")); err != nil {
		t.Fatalf("the good task was not written: %v", err)
	}
	for _, args := range [][]string{
		{"import", "automationbench", "--out", out, good},
		{"import", "automationbench", "--schemas", schemas, good},
		{"import", "automationbench", "--schemas", "no/such/dir", "--out", out, good},
		{"import", "automationbench", "--schemas", schemas, "--out", out, "no/such/task.json"},
		{"import", "automationbench", "--schemas", schemas, "--out", out},
	} {
		if code, _, stderr := cli(t, "", args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}
