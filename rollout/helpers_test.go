package rollout_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/rollout"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// fixedNow is the clock of every test trajectory, so golden files are stable.
func fixedNow() time.Time { return time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC) }

// exampleEnvs composes testdata/lib, a copy of the example library kept
// here so that golden files do not move when the built-in corpus does.
func exampleEnvs(t testing.TB) []*episode.Env {
	t.Helper()
	lib, ds, err := atom.LoadDir(filepath.Join("testdata", "lib"))
	if err != nil || ds.HasErrors() {
		t.Fatalf("load example library: %v %v", err, ds.Err())
	}
	var envs []*episode.Env
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatalf("compose %v: %v", r, err)
		}
		envs = append(envs, env)
	}
	return envs
}

// withPlans keeps the environments whose intent has a reference plan (the
// others need the planner).
func withPlans(envs []*episode.Env) []*episode.Env {
	var out []*episode.Env
	for _, e := range envs {
		if len(e.Plan) > 0 {
			out = append(out, e)
		}
	}
	return out
}

func envByIntent(t testing.TB, envs []*episode.Env, intent string) *episode.Env {
	t.Helper()
	for _, e := range envs {
		if e.Intent.ID == intent {
			return e
		}
	}
	t.Fatalf("no environment with intent %s", intent)
	return nil
}

// instruction is the user message a request's conversation opens with.
func instruction(r *llmtest.Request) string {
	for _, m := range r.Messages {
		if m.Role == llm.RoleUser {
			return m.Content
		}
	}
	return ""
}

// argForm says how a scripted model encodes arguments.
type argForm int

const (
	argsString argForm = iota // the standard: a JSON string
	argsObject                // an object
	argsTwice                 // a string holding a JSON string
)

func encodeArgs(raw json.RawMessage, form argForm) json.RawMessage {
	switch form {
	case argsObject:
		return raw
	case argsTwice:
		return llmtest.ArgString(string(llmtest.ArgString(string(raw))))
	}
	return llmtest.ArgString(string(raw))
}

// solver plays a model that knows every environment's reference plan: it
// finds the environment by its instruction and makes the plan's next call,
// then answers "Done.".
func solver(t testing.TB, envs []*episode.Env, form argForm, withIDs bool) llmtest.Model {
	plans := map[string][]episode.ToolCall{}
	for _, e := range envs {
		plans[e.Instruction] = e.PlanCalls()
	}
	return func(r *llmtest.Request) llmtest.Reply {
		plan, ok := plans[instruction(r)]
		if !ok {
			return llmtest.Status(400, "unknown conversation")
		}
		turn := r.Turn()
		if turn >= len(plan) {
			return llmtest.Text("Done.")
		}
		c := plan[turn]
		call := llmtest.Call{Name: c.Name, Arguments: encodeArgs(c.Args, form)}
		if withIDs {
			call.ID = c.ID
		}
		return llmtest.Calls(call)
	}
}

func client(t testing.TB, url string) *llm.Client {
	t.Helper()
	c, err := llm.New(llm.Config{BaseURL: url, Model: "scripted", MaxRetryDelay: 2 * time.Millisecond, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

func sortByTask(ts []*rollout.Trajectory) []*rollout.Trajectory {
	out := append([]*rollout.Trajectory(nil), ts...)
	sort.Slice(out, func(i, j int) bool { return out[i].TaskID < out[j].TaskID })
	return out
}

func joinSet(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}
