package episode

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
)

func composeAll(t testing.TB, lib *atom.Library) []*Env {
	t.Helper()
	var envs []*Env
	for _, r := range lib.Recipes() {
		env, err := Compose(lib, r, Options{})
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		envs = append(envs, env)
	}
	return envs
}

func TestExamplePlans(t *testing.T) {
	lib := testlib.Example(t)
	for _, env := range composeAll(t, lib) {
		t.Run(env.Intent.ID+"/"+env.Data.ID, func(t *testing.T) {
			s, err := NewSession(env, SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			empty := s.Evaluate()
			if empty.Passed || empty.Reward >= 1 {
				t.Errorf("doing nothing passes: %+v", empty)
			}
			if len(env.Plan) == 0 {
				t.Skip("no reference plan")
			}
			for _, o := range s.Step(env.PlanCalls()...) {
				if o.IsError {
					t.Fatalf("plan step failed: %s", o.Content)
				}
			}
			res := s.Evaluate()
			if !res.Passed || res.Reward != 1 {
				b, _ := json.MarshalIndent(res, "", " ")
				t.Fatalf("plan does not pass: %s", b)
			}
		})
	}
}

func TestBadCallsAreObservations(t *testing.T) {
	lib := testlib.Example(t)
	env := composeAll(t, lib)[0]
	s, _ := NewSession(env, SessionOptions{})
	h := s.Hash()
	cases := []struct{ name, args, want string }{
		{"no_such_tool", `{}`, "unknown tool"},
		{"helpdesk_update_ticket", `{"status":"pending"}`, "missing property"},
		{"helpdesk_update_ticket", `{"id":5}`, "want string"},
		{"helpdesk_update_ticket", `{"id":"T-1001","status":"bogus"}`, "value must be one of"},
		{"helpdesk_update_ticket", `[1,2]`, "JSON object"},
		{"helpdesk_update_ticket", `{"id":`, "JSON object"},
		{"helpdesk_update_ticket", `{"id":"T-9999","status":"open"}`, "no ticket"},
		{"helpdesk_update_ticket", `{"id":"` + strings.Repeat("x", 70000) + `"}`, "exceed the limit"},
		// An argument the tool does not take is named, not ignored (a
		// search would otherwise return every record).
		{"helpdesk_search_tickets", `{"__no_such_arg__":[1,2,3]}`, `unexpected argument \"__no_such_arg__\"`},
		{"helpdesk_update_ticket", `{"id":"T-1001","status":"open","x":1,"a":2}`, `unexpected arguments \"a\", \"x\"`},
	}
	for _, c := range cases {
		o := s.Call(ToolCall{Name: c.name, Args: json.RawMessage(c.args)})
		if !o.IsError || !strings.Contains(o.Content, c.want) {
			t.Errorf("%s %.40s: got %v %s, want error containing %q", c.name, c.args, o.IsError, o.Content, c.want)
		}
	}
	if s.Hash() != h {
		t.Error("bad calls changed the state")
	}
}

func TestReplayAndReset(t *testing.T) {
	lib := testlib.Example(t)
	for _, env := range composeAll(t, lib) {
		if len(env.Plan) == 0 {
			continue
		}
		a, _ := Replay(env, SessionOptions{}, env.PlanCalls())
		b, _ := Replay(env, SessionOptions{}, env.PlanCalls())
		if a.Hash() != b.Hash() {
			t.Errorf("%s: replays differ", env.ID)
		}
		fresh, _ := NewSession(env, SessionOptions{})
		if a.Hash() == fresh.Hash() {
			t.Errorf("%s: plan changed nothing", env.ID)
		}
		a.Reset()
		if a.Hash() != fresh.Hash() || a.Steps() != 0 {
			t.Errorf("%s: reset does not restore the initial state", env.ID)
		}
	}
}

func TestSeedsVaryGeneratedData(t *testing.T) {
	lib := testlib.Example(t)
	env := composeAll(t, lib)[0]
	s1, _ := NewSession(env, SessionOptions{Seed: 1})
	s1b, _ := NewSession(env, SessionOptions{Seed: 1})
	s2, _ := NewSession(env, SessionOptions{Seed: 2})
	if s1.Hash() != s1b.Hash() {
		t.Error("same seed, different state")
	}
	if s1.Hash() == s2.Hash() {
		t.Error("different seeds, same state")
	}
}

func TestMetaToolset(t *testing.T) {
	lib := testlib.Example(t)
	env := composeAll(t, lib)[0]
	s, _ := NewSession(env, SessionOptions{Toolset: ToolsetMeta})
	if defs := s.Defs(); len(defs) != 2 || defs[0].Name != "search_tools" {
		t.Fatalf("meta defs: %+v", defs)
	}
	o := s.Call(ToolCall{Name: "search_tools", Args: json.RawMessage(`{"query":"update ticket"}`)})
	if o.IsError || !strings.Contains(o.Content, "helpdesk_update_ticket") {
		t.Fatalf("search_tools: %s", o.Content)
	}
	for _, p := range env.PlanCalls() {
		args, _ := json.Marshal(map[string]any{"tool_name": p.Name, "arguments": json.RawMessage(p.Args)})
		if o := s.Call(ToolCall{Name: "execute_tool", Args: args}); o.IsError {
			t.Fatalf("execute_tool: %s", o.Content)
		}
	}
	if r := s.Evaluate(); !r.Passed {
		t.Fatalf("plan through execute_tool: %+v", r)
	}
}

func FuzzToolArguments(f *testing.F) {
	lib := testlib.Example(f)
	env := composeAll(f, lib)[0]
	for _, s := range []string{`{}`, `{"id":"T-1001","status":"pending"}`, `"{\"id\":\"T-1001\"}"`, `[1]`, `{"id":{"x":1}}`, `null`, `{"id":"T-1001","tags":[1,2]}`} {
		f.Add("helpdesk_update_ticket", s)
		f.Add("helpdesk_add_comment", s)
	}
	f.Fuzz(func(t *testing.T, name, args string) {
		s, err := NewSession(env, SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		before := s.Hash()
		o := s.Call(ToolCall{Name: name, Args: json.RawMessage(args)})
		if o.IsError && s.Hash() != before {
			t.Fatalf("a failed call changed the state: %s", o.Content)
		}
		if !json.Valid([]byte(o.Content)) {
			t.Fatalf("observation is not JSON: %q", o.Content)
		}
		_ = s.Evaluate()
	})
}

func TestObservationLimit(t *testing.T) {
	lib := testlib.Example(t)
	r := lib.Recipes()[0]
	env, err := Compose(lib, r, Options{Limits: Limits{MaxObservationBytes: 200}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewSession(env, SessionOptions{})
	o := s.Call(ToolCall{Name: "helpdesk_search_tickets", Args: json.RawMessage(`{}`)})
	var m map[string]any
	if err := json.Unmarshal([]byte(o.Content), &m); err != nil || m["truncated"] != true || m["shown_bytes"].(float64) > 200 {
		t.Fatalf("truncated observation: %v %s", err, o.Content)
	}
}
