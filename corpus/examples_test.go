package corpus_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// TestConformanceExamples runs every server's examples: each call on the
// example's state gives the error or the record its documentation says.
func TestConformanceExamples(t *testing.T) {
	lib, servers := loadServers(t)
	ran := 0
	for _, s := range servers {
		for i, ex := range s.Examples {
			t.Run(s.ID+"/"+ex.Name, func(t *testing.T) {
				sess := exampleSession(t, lib, s, i, ex)
				for j, c := range ex.Calls {
					raw, _ := json.Marshal(c.Args)
					obs := sess.Call(episode.ToolCall{Name: c.Tool, Args: raw})
					checkExampleCall(t, sess, s, j, c, obs)
				}
			})
			ran++
		}
	}
	if ran < 10 {
		t.Errorf("%d examples ran; the built-in servers declare more", ran)
	}
}

func exampleSession(t *testing.T, lib *atom.Library, s *atom.Server, i int, ex atom.Example) *episode.Session {
	t.Helper()
	id := "example_" + s.ID + "_" + strings.Repeat("x", i+1)
	recs := map[string][]map[string]any{}
	for c, rs := range ex.Records {
		recs[c] = rs
	}
	if _, err := lib.Put(&atom.Data{Kind: atom.KindData, ID: id, Clock: "2026-03-02T09:00:00Z", Records: map[string]map[string][]map[string]any{s.AppName(): recs}}, "example", true); err != nil {
		t.Fatal(err)
	}
	if _, err := lib.Put(&atom.Intent{Kind: atom.KindIntent, ID: id, Apps: []string{s.AppName()}, Instruction: ex.Name,
		Goal: []assert.Assertion{{Type: assert.CEL, Expr: "true"}}}, "example", true); err != nil {
		t.Fatal(err)
	}
	env, err := episode.Compose(lib, atom.Recipe{Intent: atom.Pin{ID: id}, Data: atom.Pin{ID: id}}, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

func checkExampleCall(t *testing.T, sess *episode.Session, s *atom.Server, j int, c atom.ExampleCall, obs episode.Observation) {
	t.Helper()
	if c.Error != "" {
		if !obs.IsError || !strings.Contains(obs.Content, c.Error) {
			t.Errorf("call %d %s: %s; want the error %q", j, c.Tool, obs.Content, c.Error)
		}
	} else if obs.IsError {
		t.Errorf("call %d %s: error %s", j, c.Tool, obs.Content)
	}
	var got map[string]any
	_ = json.Unmarshal([]byte(obs.Content), &got)
	for f, want := range c.Want {
		if !jsonEqual(got[f], want) {
			t.Errorf("call %d %s: %s = %v, want %v", j, c.Tool, f, got[f], want)
		}
	}
	if c.Record == "" {
		return
	}
	coll, key, _ := strings.Cut(c.Record, "/")
	rec, ok := sess.State().Get(s.AppName()+"."+coll, key)
	if c.Gone {
		if ok {
			t.Errorf("call %d %s: record %s is still there", j, c.Tool, c.Record)
		}
		return
	}
	if !ok {
		t.Fatalf("call %d: no record %s", j, c.Record)
	}
	for f, want := range c.Holds {
		if !jsonEqual(rec[f], want) {
			t.Errorf("call %d %s: after it %s.%s = %v, want %v", j, c.Tool, c.Record, f, rec[f], want)
		}
	}
}

// TestExampleCoverage holds every built-in server to examples that call
// at least one tool of each of its kinds (read, create, send, update,
// delete), each citing a page of the product's documentation. The apps
// of testdata/examples_pending.txt are not there yet: the list only
// shrinks, so an app on it that is covered fails too. -v lists what each
// pending app still lacks.
func TestExampleCoverage(t *testing.T) {
	_, servers := loadServers(t)
	pending := readPending(t)
	for _, s := range servers {
		for i, ex := range s.Examples {
			if !strings.HasPrefix(ex.Source, "https://") {
				t.Errorf("%s: example %d (%s) cites %q, not a page of the product's documentation", s.ID, i, ex.Name, ex.Source)
			}
		}
		missing := s.UncoveredKinds()
		switch {
		case pending[s.ID] && len(missing) == 0:
			t.Errorf("%s: examples cover every tool kind; take it off testdata/examples_pending.txt", s.ID)
		case pending[s.ID]:
			t.Logf("%s: pending, no example calls a tool of kind %s", s.ID, strings.Join(missing, ", "))
		case len(missing) > 0:
			t.Errorf("%s: no example calls a tool of kind %s", s.ID, strings.Join(missing, ", "))
		}
		delete(pending, s.ID)
	}
	for app := range pending {
		t.Errorf("testdata/examples_pending.txt names %s, which is no built-in server", app)
	}
}

func readPending(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "examples_pending.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out
}
