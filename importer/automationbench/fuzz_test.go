package automationbench

import (
	"os"
	"path/filepath"
	"testing"
)

func fuzzSeeds(f *testing.F) {
	for _, p := range testTaskFiles() {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		``, `null`, `[]`, `{}`, `{"info": null}`, `{"prompt": [{"role": "user", "content": "x"}], "info": {}}`,
		`{"prompt": [{"role": "user", "content": "x"}], "info": {"zapier_tools": [], "initial_state": {}, "assertions": [{}]}}`,
		`{"prompt": [{"role": "user", "content": "x"}], "info": {"zapier_tools": ["gmail_send_email"], "initial_state": {"gmail": {"messages": [1, {"id": null}]}}, "assertions": [{"type": "gmail_message_sent_to", "to": [[]]}]}}`,
		`{"prompt": [{"role": "user", "content": "{{x}}"}], "info": {"zapier_tools": ["asana_create_task"], "initial_state": {"asana": {"actions": {"k": [{"params": {"id": 1}}]}}}, "assertions": [{"type": "asana_action_exists", "params": {"a": {"b": {"c": [1]}}}}]}}`,
		`{"prompt": [{"role": "user", "content": "x"}], "info": {"zapier_tools": [], "initial_state": {"google_sheets": {"spreadsheets": [{"worksheets": [{"rows": [{"row_id": 1, "cells": {"a": {"b": 1}}}]}]}]}}, "assertions": [{"type": "google_sheets_row_not_updated", "row_id": 1}, {"type": "google_sheets_row_count", "count": -1}]}}`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzParseTask: any bytes give a task or errors, never a panic; a task
// comes with its instruction and every assertion it keeps has a type.
func FuzzParseTask(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		task, errs := ParseTask("f.json", data)
		if task == nil {
			if len(errs) == 0 {
				t.Fatal("no task and no error")
			}
			return
		}
		if task.User == "" {
			t.Fatal("a task without an instruction")
		}
		if len(task.Checks) != len(task.CheckAt) {
			t.Fatal("checks and their paths differ")
		}
		for _, c := range task.Checks {
			if s, _ := c["type"].(string); s == "" {
				t.Fatal("a check without a type")
			}
		}
		for _, e := range errs {
			if e.File != "f.json" || e.Message == "" {
				t.Fatalf("error %+v", e)
			}
		}
	})
}

// FuzzImport: a task of any content imports, is reported, or both; the
// report adds up and nothing panics.
func FuzzImport(f *testing.F) {
	fuzzSeeds(f)
	s := testSchemas(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res := Import(s, []Source{{File: "f.json", Data: data}})
		r := res.Report
		if r.Tasks != 1 || r.ImportedFully+r.Failed != 1 {
			t.Fatalf("report %+v", r)
		}
		if (r.Failed == 1) != (len(res.Intents) == 0) {
			t.Fatalf("failed=%d but %d intents", r.Failed, len(res.Intents))
		}
		for _, e := range r.Errors {
			// A prompt with {{...}} is imported escaped, with a note.
			if r.ImportedFully == 1 && e.Path != "prompt" {
				t.Fatalf("imported with errors %v", r.Errors)
			}
		}
		for _, in := range res.Intents {
			if _, err := MarshalYAML(in); err != nil {
				t.Fatal(err)
			}
		}
		if r.Failed == 1 && len(res.Servers) > 0 {
			t.Fatalf("a failed task left %d servers behind", len(res.Servers))
		}
	})
}

// FuzzImportWritesInsideOut: whatever a task holds (its name becomes the
// ids that name files), the library is written inside --out or refused,
// never beside or above it.
func FuzzImportWritesInsideOut(f *testing.F) {
	fuzzSeeds(f)
	for _, name := range []string{"../../x", "/../../../../tmp/x", "..", "a/b", "Task One"} {
		f.Add([]byte(`{"prompt": [{"role": "user", "content": "x"}], "info": {"name": "` + name + `", "zapier_tools": ["gmail_send_email"], "initial_state": {"gmail": {"messages": []}}, "assertions": [{"type": "gmail_message_sent_to", "to": "a@b.c"}]}}`))
	}
	s := testSchemas(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res := Import(s, []Source{{File: "f.json", Data: data}})
		dir := t.TempDir()
		if err := res.Write(filepath.Join(dir, "out")); err != nil && len(res.Intents) > 0 {
			t.Fatalf("an imported task was not written: %v", err)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != "out" {
				t.Fatalf("wrote %s outside --out", e.Name())
			}
		}
		for _, in := range res.Intents {
			if _, err := os.Stat(filepath.Join(dir, "out", "intents", in.ID+".yaml")); err != nil {
				t.Fatalf("intent %q: %v", in.ID, err)
			}
		}
	})
}
