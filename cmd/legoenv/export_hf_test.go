package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
)

// exampleEnvsDir writes the example library's environments as an
// envs.jsonl with a build report beside it naming held-out apps.
func exampleEnvsDir(t *testing.T, holdout []string) (string, []*episode.Env) {
	t.Helper()
	lib, err := loadLibrary("", os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	envs, _ := episode.ComposeAll(lib, episode.Options{})
	dir := t.TempDir()
	var b strings.Builder
	for _, e := range envs {
		line, _ := json.Marshal(map[string]any{"id": e.ID, "recipe": e.Recipe, "apps": e.Apps, "intent": e.Intent.ID, "verified": true})
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(filepath.Join(dir, "envs.jsonl"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, _ := json.Marshal(map[string]any{"apps": 3, "families": 3, "envs": len(envs), "multi_app_share": 0.5, "rule_share": 0.25,
		"rounds": []map[string]int{{"total": len(envs) + 1, "verified_before": len(envs), "verified_after": len(envs)}}, "holdout_apps": holdout})
	if err := os.WriteFile(filepath.Join(dir, "report.json"), rep, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, envs
}

// readJSONL reads the rows of a JSONL split file.
func readJSONL(t *testing.T, path string) []hfRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []hfRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var r hfRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rows = append(rows, r)
	}
	return rows
}

// TestExportHF writes the example environments with the report's held-out
// app, reads the Parquet shards back with the same library and checks the
// rows against the environments, the JSONL beside them, the features and
// the card.
func TestExportHF(t *testing.T) {
	dir, envs := exampleEnvsDir(t, []string{"crm"})
	out := filepath.Join(dir, "ds")
	code, stdout, stderr := cli(t, "", "export", "hf", "--envs", filepath.Join(dir, "envs.jsonl"), "--lib", filepath.Join("..", "..", "corpus", "example"), "--out", out, "--shard-rows", "2", "--json")
	if code != 0 {
		t.Fatalf("export hf: %d %s %s", code, stdout, stderr)
	}
	want := map[string][]string{}
	for _, e := range envs {
		split := "train"
		if slices.Contains(e.Apps, "crm") {
			split = "test"
		}
		want[split] = append(want[split], e.ID)
	}
	if len(want["train"]) == 0 || len(want["test"]) == 0 {
		t.Fatalf("the example library does not split on crm: %v", want)
	}
	var res struct {
		Splits map[string]int `json:"splits"`
	}
	json.Unmarshal([]byte(stdout), &res)
	byID := map[string]*episode.Env{}
	for _, e := range envs {
		byID[e.ID] = e
	}
	for split, ids := range want {
		if res.Splits[split] != len(ids) {
			t.Errorf("--json splits %v; want %s %d", res.Splits, split, len(ids))
		}
		shards, _ := filepath.Glob(filepath.Join(out, "data", split+"-*.parquet"))
		if n := (len(ids) + 1) / 2; len(shards) != n || !strings.HasSuffix(shards[0], "-00000-of-0000"+string(rune('0'+n))+".parquet") {
			t.Fatalf("%s shards %v; want %d of 2 rows", split, shards, n)
		}
		var rows []hfRow
		for _, s := range shards {
			part, err := parquet.ReadFile[hfRow](s)
			if err != nil {
				t.Fatalf("read %s: %v", s, err)
			}
			rows = append(rows, part...)
		}
		if got := readJSONL(t, filepath.Join(out, "jsonl", split+".jsonl")); !jsonEqual(got, rows) {
			t.Fatalf("%s: JSONL rows differ from the Parquet rows", split)
		}
		checkRows(t, rows, ids, byID)
	}
	first, _ := filepath.Glob(filepath.Join(out, "data", "train-00000-*.parquet"))
	if len(first) != 1 {
		t.Fatalf("first train shard: %v", first)
	}
	checkFeatures(t, first[0])
	card, _ := os.ReadFile(filepath.Join(out, "README.md"))
	for _, s := range []string{"  - split: test\n    path: data/test-*.parquet", "  - name: prompt\n    list:", "  - name: apps\n    sequence: string",
		"  - name: train\n    num_examples: " + itoa(len(want["train"])), "| held-out apps (test split) | crm |", "| synthesised; verified before and after evolution | 8; 7, 7 |"} {
		if !strings.Contains(string(card), s) {
			t.Errorf("card lacks %q:\n%s", s, card)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// checkRows compares a split's rows with the environments they stand for.
func checkRows(t *testing.T, rows []hfRow, ids []string, byID map[string]*episode.Env) {
	t.Helper()
	var got []string
	for _, r := range rows {
		got = append(got, r.EnvID)
		e := byID[r.EnvID]
		if e == nil {
			t.Fatalf("row of unknown environment %s", r.EnvID)
		}
		info := rollout.Describe(e)
		var tools []map[string]any
		if err := json.Unmarshal([]byte(r.Tools), &tools); err != nil || len(tools) != len(e.Tools()) {
			t.Errorf("%s: tools %d (%v); want %d", r.EnvID, len(tools), err, len(e.Tools()))
		}
		msgs := e.Messages()
		if len(r.Prompt) != len(msgs) || r.Prompt[len(msgs)-1].Content != msgs[len(msgs)-1].Content || r.Prompt[0].Role != msgs[0].Role {
			t.Errorf("%s: prompt %+v", r.EnvID, r.Prompt)
		}
		if r.Family != info.Family || r.Intent != e.Intent.ID || !slices.Equal(r.Apps, e.Apps) || r.Seed != rollout.EffectiveSeed(e, 0) || r.Toolset != "named" {
			t.Errorf("%s: row %+v; want family %s, apps %v, seed %d", r.EnvID, r, info.Family, e.Apps, rollout.EffectiveSeed(e, 0))
		}
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(ids))
	if !slices.Equal(got, want) {
		t.Errorf("rows %v; want %v", got, want)
	}
}

// checkFeatures reads a shard's schema: the columns and their types as the
// card declares them.
func checkFeatures(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, fl := range pf.Schema().Fields() {
		names = append(names, fl.Name())
		lt := fl.Type().LogicalType()
		switch fl.Name() {
		case "apps", "prompt":
			if lt.String() != "LIST" {
				t.Errorf("column %s is not a Parquet LIST: %v", fl.Name(), fl.Type())
			}
		case "seed":
			if fl.Type().Kind() != parquet.Int64 {
				t.Errorf("seed: %v", fl.Type())
			}
		default:
			if lt.String() != "STRING" {
				t.Errorf("column %s is not a string: %v", fl.Name(), fl.Type())
			}
		}
	}
	if got := strings.Join(names, ","); got != "env_id,seed,toolset,intent,family,apps,prompt,tools" {
		t.Errorf("columns %s", got)
	}
}

func TestExportHFBadInput(t *testing.T) {
	dir, _ := exampleEnvsDir(t, nil)
	envs := filepath.Join(dir, "envs.jsonl")
	lib := filepath.Join("..", "..", "corpus", "example")
	os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("x"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--envs", envs, "--lib", lib}, "--out DIR is required"},
		{[]string{"--envs", envs, "--lib", lib, "--out", dir}, "which an export does not write"},
		{[]string{"--envs", envs, "--lib", lib, "--out", filepath.Join(dir, "x"), "--shard-rows", "0"}, "--shard-rows"},
		{[]string{"--envs", envs, "--lib", lib, "--out", filepath.Join(dir, "x"), "--split", "no_such_app"}, "no_such_app"},
	} {
		code, _, errs := cli(t, "", append([]string{"export", "hf"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: %d %s; want exit 2 naming %q", c.args, code, errs, c.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "keep.txt")); string(b) != "x" {
		t.Fatal("a refused export touched the directory")
	}
	// Without held-out apps every row is train; a second export replaces the first.
	out := filepath.Join(dir, "ds")
	for i := 0; i < 2; i++ {
		if code, stdout, errs := cli(t, "", "export", "hf", "--envs", envs, "--lib", lib, "--out", out); code != 0 || !strings.Contains(stdout, "train 7") {
			t.Fatalf("export %d: %d %s %s", i, code, stdout, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "data", "test-00000-of-00001.parquet")); !os.IsNotExist(err) {
		t.Fatalf("test split without held-out apps: %v", err)
	}
}
