package automationbench

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Every sample task imports fully; the library lints, every recipe
// composes, the data keeps the task's clock and apps are shared atoms.
func TestImportSample(t *testing.T) {
	lib, res := importedLibrary(t)
	r := res.Report
	if r.Tasks != 6 || r.ImportedFully != 6 || r.Failed != 0 || len(r.Errors) != 0 {
		b, _ := json.MarshalIndent(r, "", " ")
		t.Fatalf("report %s", b)
	}
	if len(lib.Recipes()) != 6 {
		t.Fatalf("%d recipes", len(lib.Recipes()))
	}
	gmailUsers := 0
	for _, rc := range lib.Recipes() {
		env, err := episode.Compose(lib, rc, episode.Options{})
		if err != nil {
			t.Fatalf("%s: %v", rc.Intent.ID, err)
		}
		for _, s := range env.Servers {
			if s.ID == "gmail" {
				gmailUsers++
			}
		}
	}
	if n := len(lib.Heads(atom.KindServer)); n != 6 {
		t.Errorf("%d server atoms, want one per app (6)", n)
	}
	if gmailUsers < 4 {
		t.Errorf("only %d environments use the one gmail atom", gmailUsers)
	}
	d := lib.Head(atom.KindData, "finance.vendor_insurance_verification").MustData()
	if d.Clock != "2026-02-15T09:00:00Z" {
		t.Errorf("clock %q, want meta.current_time", d.Clock)
	}
	in := lib.Head(atom.KindIntent, "simple.gmail_reply_complaint").MustIntent()
	if !strings.HasPrefix(in.System, "You are a workflow automation agent") || !strings.Contains(in.Instruction, "James Whitfield") {
		t.Errorf("prompt not kept: system %q, instruction %q", in.System, in.Instruction)
	}
	if strings.Join(in.Tools, ",") != "gmail_find_email,gmail_reply_to_email" {
		t.Errorf("tools %v", in.Tools)
	}
}

// Golden files of one task's atoms and the gmail server: what an import
// writes, readable in review. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	_, res := importedLibrary(t)
	files := map[string]any{}
	for _, s := range res.Servers {
		if s.ID == "gmail" {
			files["server_gmail.yaml"] = s
		}
	}
	for _, d := range res.Data {
		if d.ID == "simple.gmail_reply_complaint" {
			files["data_gmail_reply_complaint.yaml"] = d
		}
	}
	for _, in := range res.Intents {
		if in.ID == "sales.invalid_email_cleanup" {
			files["intent_invalid_email_cleanup.yaml"] = in
		}
	}
	if len(files) != 3 {
		t.Fatalf("golden atoms missing: %v", files)
	}
	for name, v := range files {
		got, err := MarshalYAML(v)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "golden", name)
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the golden file (run go test -update and review the diff)", name)
		}
	}
}

// Bad input: each problem is reported with the file and the JSON path, and
// the other tasks are still imported.
func TestBadInput(t *testing.T) {
	s := testSchemas(t)
	good, err := os.ReadFile(filepath.Join(tasksDir, "simple_gmail_reply_complaint.json"))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	info := func(m map[string]any) map[string]any { return m["info"].(map[string]any) }
	cases := []struct {
		name, file string
		data       []byte
		status     string
		path       string // JSON path of the expected error
		msg        string // part of its message
	}{
		{"not JSON", "broken.json", []byte(`{"task": "x", "info": {`), StatusFailed, "", "not JSON"},
		{"not an object", "list.json", []byte(`[1, 2]`), StatusFailed, "", "must be a JSON object"},
		{"no info", "noinfo.json", edit(func(m map[string]any) { delete(m, "info") }), StatusFailed, "info", "missing"},
		{"no user prompt", "noprompt.json", edit(func(m map[string]any) { m["prompt"] = []any{} }), StatusFailed, "prompt", "no user message"},
		{"tools not a list", "tools.json", edit(func(m map[string]any) { info(m)["zapier_tools"] = "gmail_find_email" }), StatusFailed, "info.zapier_tools", "not a list"},
		{"unknown app in tools", "tool_app.json", edit(func(m map[string]any) {
			info(m)["zapier_tools"] = []any{"gmail_find_email", "frobnicator_do_thing"}
		}), StatusFailed, "info.zapier_tools[1]", "no known app"},
		{"unknown app in state", "state_app.json", edit(func(m map[string]any) {
			info(m)["initial_state"].(map[string]any)["frobnicator"] = map[string]any{}
		}), StatusFailed, "info.initial_state.frobnicator", "unknown app"},
		{"unknown app in an assertion", "check_app.json", edit(func(m map[string]any) {
			info(m)["assertions"] = append(info(m)["assertions"].([]any), map[string]any{"type": "frobnicator_thing_exists"})
		}), StatusFailed, "info.assertions[1].type", "unknown app"},
		{"missing parameter", "missing.json", edit(func(m map[string]any) {
			info(m)["assertions"] = append(info(m)["assertions"].([]any), map[string]any{"type": "gmail_email_sent_count"})
		}), StatusFailed, "info.assertions[1].count", "missing"},
		{"missing value", "novalue.json", edit(func(m map[string]any) {
			info(m)["assertions"] = append(info(m)["assertions"].([]any), map[string]any{"type": "salesforce_task_description_contains"})
		}), StatusFailed, "info.assertions[1].description_contains", "missing"},
		{"assertion not an object", "check.json", edit(func(m map[string]any) {
			info(m)["assertions"] = append(info(m)["assertions"].([]any), "gmail_message_sent")
		}), StatusFailed, "info.assertions[1]", "must be an object"},
		{"assertion without type", "notype.json", edit(func(m map[string]any) {
			info(m)["assertions"] = append(info(m)["assertions"].([]any), map[string]any{"to": "x@y"})
		}), StatusFailed, "info.assertions[1].type", "missing"},
		{"no assertion maps", "nogoal.json", edit(func(m map[string]any) {
			info(m)["assertions"] = []any{map[string]any{"type": "gmail_message_frobnicated"}}
		}), StatusFailed, "info.assertions", "no assertion could be mapped"},
		{"bad clock", "clock.json", edit(func(m map[string]any) {
			info(m)["initial_state"].(map[string]any)["meta"] = map[string]any{"current_time": "next tuesday"}
		}), StatusFailed, "info.initial_state.meta.current_time", "ISO 8601"},
	}
	srcs := []Source{{File: "good.json", Data: good}}
	for _, c := range cases {
		srcs = append(srcs, Source{File: c.file, Data: c.data})
	}
	res := Import(s, srcs)
	byFile := map[string]TaskReport{}
	for _, tr := range res.Report.PerTask {
		byFile[tr.File] = tr
	}
	if byFile["good.json"].Status != StatusFull {
		t.Fatalf("the good task was not imported fully: %+v", byFile["good.json"])
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := byFile[c.file].Status; got != c.status {
				t.Errorf("status %s, want %s", got, c.status)
			}
			for _, e := range res.Report.Errors {
				if e.File == c.file && e.Path == c.path && strings.Contains(e.Message, c.msg) {
					return
				}
			}
			var mine []string
			for _, e := range res.Report.Errors {
				if e.File == c.file {
					mine = append(mine, e.Error())
				}
			}
			t.Errorf("no error at %q containing %q; got %v", c.path, c.msg, mine)
		})
	}
	// A task is imported whole or not at all: only the good one is.
	if res.Report.ImportedFully != 1 || res.Report.Failed != len(cases) || len(res.Intents) != 1 || len(res.Data) != 1 || len(res.Recipes) != 1 {
		t.Errorf("fully %d, failed %d, %d intents, %d data, %d recipes; want 1, %d, 1, 1, 1",
			res.Report.ImportedFully, res.Report.Failed, len(res.Intents), len(res.Data), len(res.Recipes), len(cases))
	}
}

// --json prints exactly the report's keys, in order.
func TestReportJSON(t *testing.T) {
	r := &Report{Tasks: 2, ImportedFully: 1, Failed: 1, UnmappedTypes: map[string]int{"x_y_z": 1},
		Errors: []*Error{{File: "a.json", Path: "info", Message: "missing"}}}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tasks":2,"imported_fully":1,"failed":1,"unmapped_types":{"x_y_z":1},"errors":[{"file":"a.json","path":"info","message":"missing"}]}`
	if string(b) != want {
		t.Fatalf("\n got %s\nwant %s", b, want)
	}
}

// Paths expand to task files; a schema directory without its index is an
// error that names it.
func TestInputs(t *testing.T) {
	files, err := Expand([]string{tasksDir, filepath.Join(tasksDir, "simple_gmail_reply_complaint.json")})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 72 {
		t.Errorf("%d files, want the 71 of the directory and the one named", len(files))
	}
	if _, err := Expand([]string{"no/such/dir"}); err == nil {
		t.Error("a missing path expanded")
	}
	if _, err := LoadSchemas(t.TempDir()); err == nil || !strings.Contains(err.Error(), "_index.json") {
		t.Errorf("schemas without an index: %v", err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "_index.json"), []byte(`{"apps": {"x": {"file": "x.json"}}}`), 0o644)
	os.WriteFile(filepath.Join(bad, "x.json"), []byte(`{"properties": `), 0o644)
	if _, err := LoadSchemas(bad); err == nil || !strings.Contains(err.Error(), "x.json") {
		t.Errorf("a broken app schema: %v", err)
	}
}

// A file that cannot be read is one failed task; the others still import.
func TestUnreadableTask(t *testing.T) {
	s := testSchemas(t)
	dir := t.TempDir()
	good := filepath.Join(tasksDir, "simple_gmail_reply_complaint.json")
	res, err := ImportFiles(s, []string{good, filepath.Join(dir, "gone.json"), dir})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report
	if r.ImportedFully != 1 || r.Failed != 2 || len(res.Intents) != 1 {
		t.Fatalf("report %+v", r)
	}
	for _, e := range r.Errors {
		if !strings.HasPrefix(e.Message, "read: ") {
			t.Errorf("error %v", e)
		}
	}
}
