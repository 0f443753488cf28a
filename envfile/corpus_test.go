package envfile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// exampleEnvs writes envs.jsonl for every recipe of the example library
// (pinned, as a build writes them) into a copy of that library's
// directory, and returns the file, the library directory and the library.
func exampleEnvs(t *testing.T) (string, string, *atom.Library) {
	t.Helper()
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib")
	if err := os.CopyFS(lib, os.DirFS("../corpus/example")); err != nil {
		t.Fatal(err)
	}
	whole, ds, err := atom.Load(os.DirFS(lib))
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds.Err())
	}
	var b strings.Builder
	for _, r := range whole.Recipes() {
		p := episode.Pin(whole, r)
		line, err := json.Marshal(map[string]any{"id": p.Hash(), "recipe": p, "verified": true})
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	path := filepath.Join(dir, "envs.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, lib, whole
}

func TestCorpusComposesWhatTheWholeLibraryDoes(t *testing.T) {
	path, lib, whole := exampleEnvs(t)
	// A file not named after its atom is found by the ids files define.
	moved := filepath.Join(lib, "data")
	es, err := os.ReadDir(moved)
	if err != nil || len(es) == 0 {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(moved, es[0].Name()), filepath.Join(moved, "renamed.yaml")); err != nil {
		t.Fatal(err)
	}
	c, err := Open(path, lib)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Records) < 3 {
		t.Fatalf("%d records; the test needs 3", len(c.Records))
	}
	if c.Cached() != 0 {
		t.Fatalf("opening composed %d environments", c.Cached())
	}
	for i, r := range c.Records {
		env, err := c.Env(i)
		if err != nil {
			t.Fatalf("%s: %v", r.ID, err)
		}
		want, err := episode.Compose(whole, r.Recipe, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if env.ID != r.ID || env.Instruction != want.Instruction || len(env.Tools()) != len(want.Tools()) {
			t.Errorf("%s: composed %s %q with %d tools; the whole library gives %q with %d", r.ID, env.ID, env.Instruction, len(env.Tools()), want.Instruction, len(want.Tools()))
		}
		if again, _ := c.Env(i); again != env {
			t.Errorf("%s: composed twice; want the cached one", r.ID)
		}
	}
	c.SetCacheSize(2)
	if c.Cached() != 2 {
		t.Errorf("cache holds %d after SetCacheSize(2)", c.Cached())
	}
	if _, ok := c.Index(c.Records[0].ID); !ok {
		t.Error("Index does not find the first record")
	}
}

func TestOpenMissingFile(t *testing.T) {
	_, err := Open(filepath.Join(t.TempDir(), "envs.jsonl"), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("error %v; want one saying the file does not exist", err)
	}
}

func TestIndexFollowsItsFile(t *testing.T) {
	path, lib, whole := exampleEnvs(t)
	if got, err := ReadIndex(path); got != nil || err != nil {
		t.Fatalf("no index yet: got %v, %v", got, err)
	}
	c, err := Open(path, lib)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	sums := ComposeSummaries(whole, c.Records, 2, func(done, total int) { calls++ })
	if len(sums) != len(c.Records) || calls != len(c.Records) {
		t.Fatalf("%d summaries, %d progress calls, for %d records", len(sums), calls, len(c.Records))
	}
	if err := WriteIndex(path, sums); err != nil {
		t.Fatal(err)
	}
	idx, err := ReadIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range c.Records {
		env, _ := c.Env(i)
		if s := idx[r.ID]; s != Summarize(env) || s.Instruction == "" {
			t.Errorf("%s: index %+v, composed %+v", r.ID, s, Summarize(env))
		}
	}
	// The envs file changes: its old index is not used.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n")
	f.Close()
	if got, err := ReadIndex(path); got != nil || err != nil {
		t.Errorf("index of the file before it changed: got %d entries, %v", len(got), err)
	}
}

// TestRecipeLibraryReadsOnlyWhatTheRecipeNeeds: the atoms of one recipe
// come from a handful of files, and a library whose files neither bear
// their atoms' names nor say their ids plainly still composes (all of it
// loaded).
func TestRecipeLibraryReadsOnlyWhatTheRecipeNeeds(t *testing.T) {
	path, lib, whole := exampleEnvs(t)
	c, err := Open(path, lib)
	if err != nil {
		t.Fatal(err)
	}
	r := c.Records[0].Recipe
	part, err := c.RecipeLibrary(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(part.Recipes()) != 0 {
		t.Errorf("the recipes file was read: %d recipes", len(part.Recipes()))
	}
	if n := len(part.Heads("server")) + len(part.Heads("data")) + len(part.Heads("intent")) + len(part.Heads("rule")); n > len(RecipeAtoms(r))+2 {
		t.Errorf("%d atoms loaded for one recipe of %d", n, len(RecipeAtoms(r)))
	}

	// Intents renamed, their ids quoted in a flow mapping: neither names
	// nor "id:" lines find them.
	intents := filepath.Join(lib, "intents")
	es, _ := os.ReadDir(intents)
	for i, e := range es {
		p := filepath.Join(intents, e.Name())
		b, _ := os.ReadFile(p)
		os.Remove(p)
		os.WriteFile(filepath.Join(intents, fmt.Sprintf("intent-%d.yaml", i)), []byte(strings.Replace(string(b), "\nid: ", "\n\"id\": ", 1)), 0o644)
	}
	c, err = Open(path, lib)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.RecipeLibrary(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Recipes()) != len(whole.Recipes()) {
		t.Errorf("fallback loaded %d recipes, want the whole library's %d", len(got.Recipes()), len(whole.Recipes()))
	}
	if env, err := c.Env(0); err != nil || env.ID != c.Records[0].ID {
		t.Errorf("composed %v, %v; want %s", env, err, c.Records[0].ID)
	}
}
