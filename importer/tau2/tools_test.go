package tau2

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// session opens a session of task 0's environment.
func session(t *testing.T) *episode.Session {
	t.Helper()
	_, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	env, err := episode.Compose(lib, res.Recipes[0], episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func call(s *episode.Session, tool string, args map[string]any) episode.Observation {
	b, _ := json.Marshal(args)
	return s.Call(episode.ToolCall{Name: tool, Args: b})
}

// TestCalculate checks Python's arithmetic, round(x, 2) on the exact binary
// value (ties to even) and str(float) through the calculate tool.
func TestCalculate(t *testing.T) {
	s := session(t)
	for _, c := range []struct{ expr, want string }{
		{"2 + 2", "4.0"},
		{"1/3", "0.33"},
		{"10 / 4", "2.5"},
		{"-2**2", "-4.0"},
		{"2**-1", "0.5"},
		{"(1 + 2) * 3 - 4 // 3", "8.0"},
		{"0.1 + 0.2", "0.3"},
		{"2.675", "2.67"},  // 2.675 is just below in binary
		{"0.125", "0.12"},  // an exact tie goes to even
		{"0.375", "0.38"},  // and up to even
		{"-0.001", "-0.0"}, // Python keeps the sign
		{"1234567 * 10", "12345670.0"},
		{"2**60", "1.152921504606847e+18"},
		{"1000 - 1819.92 + 16.63", "-803.29"},
		{".5 + 1.", "1.5"},
	} {
		obs := call(s, "calculate", map[string]any{"expression": c.expr})
		var got string
		if obs.IsError || json.Unmarshal([]byte(obs.Content), &got) != nil || got != c.want {
			t.Errorf("calculate(%q) = %s, want %q", c.expr, obs.Content, c.want)
		}
	}
	for _, c := range []struct{ expr, want string }{
		{"2a", "Invalid characters in expression"},
		{"1/0", "division by zero"},
		{"1.0/0", "float division by zero"},
		{"(1 + 2", "'(' was never closed"},
		{"1 +", "invalid syntax"},
	} {
		obs := call(s, "calculate", map[string]any{"expression": c.expr})
		var got map[string]string
		if !obs.IsError || json.Unmarshal([]byte(obs.Content), &got) != nil || got["error"] != c.want {
			t.Errorf("calculate(%q) = %s, want error %q", c.expr, obs.Content, c.want)
		}
	}
}

func TestPyFloat(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{47.84, "47.84"}, {100, "100.0"}, {0.04999999999999716, "0.04999999999999716"},
		{1e-5, "1e-05"}, {0.0001, "0.0001"}, {1e16, "1e+16"}, {9999999999999998, "9999999999999998.0"},
		{-16.63, "-16.63"}, {0, "0.0"},
	} {
		if got := PyFloat(c.x); got != c.want {
			t.Errorf("PyFloat(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	if got := Canonical(map[string]any{"b": "é<&>/\n", "a": []any{true, nil, 1.5}}); got != `{"a": [true, null, 1.5], "b": "\u00e9<&>/\n"}` {
		t.Errorf("Canonical = %s", got)
	}
	if got := Canonical("\U0001F600"); got != `"\ud83d\ude00"` {
		t.Errorf("Canonical(emoji) = %s", got)
	}
}

// TestWholeState checks the gold replay facts tau2's own run records for
// all 114 tasks, the test split included: 18 gold calls fail, 11 tasks
// leave the database as it was, and five pairs of tasks end in the same
// state.
func TestWholeState(t *testing.T) {
	_, res := importTestdata(t)
	exp := loadExpected(t)
	byTask := map[string]Gold{}
	errs := 0
	for _, g := range res.Gold {
		byTask[g.Task] = g
		errs += g.Errors
	}
	if errs != 18 {
		t.Errorf("%d gold calls fail, tau2 18", errs)
	}
	unchanged := map[string]bool{"10": true, "12": true, "24": true, "25": true, "50": true, "57": true, "62": true, "65": true, "67": true, "68": true, "105": true}
	for id, g := range byTask {
		if (g.Hash == exp.Initial) != unchanged[id] {
			t.Errorf("task %s: unchanged %v, tau2 %v", id, g.Hash == exp.Initial, unchanged[id])
		}
	}
	for _, p := range [][2]string{{"36", "37"}, {"41", "42"}, {"71", "72"}, {"83", "84"}, {"96", "97"}} {
		if byTask[p[0]].Hash != byTask[p[1]].Hash {
			t.Errorf("tasks %s and %s end in different states; tau2's end in the same", p[0], p[1])
		}
	}
}

// TestGoal checks the whole-state goal on imported tasks: the reference
// plan passes, doing nothing fails, one write more fails; on a task whose
// gold leaves the database alone, doing nothing is not counted and any
// write fails.
func TestGoal(t *testing.T) {
	_, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	envOf := func(task string) *episode.Env {
		for _, r := range res.Recipes {
			if r.Intent.ID == IntentID(task) {
				env, err := episode.Compose(lib, r, episode.Options{})
				if err != nil {
					t.Fatal(err)
				}
				return env
			}
		}
		t.Fatalf("no task %s", task)
		return nil
	}
	env := envOf("0")
	s, _ := episode.Replay(env, episode.SessionOptions{}, env.PlanCalls())
	if r := s.Evaluate(); !r.Passed || r.Reward != 1 {
		t.Fatalf("reference plan: %+v", r)
	}
	extra := episode.ToolCall{Name: "modify_user_address", Args: json.RawMessage(`{"user_id":"yusuf_rossi_9620","address1":"1 Main St","address2":"","city":"X","state":"PA","country":"USA","zip":"19122"}`)}
	s.Call(extra)
	if r := s.Evaluate(); r.Passed || r.Components[0].Reason == "" {
		t.Fatalf("plan plus an extra write passes: %+v", r)
	}
	empty, _ := episode.NewSession(env, episode.SessionOptions{})
	if r := empty.Evaluate(); r.Passed {
		t.Fatalf("doing nothing passes: %+v", r)
	}

	idle := envOf("57") // the gold changes nothing
	s, _ = episode.NewSession(idle, episode.SessionOptions{})
	if r := s.Evaluate(); !r.Passed || r.Components[0].Counted {
		t.Fatalf("doing nothing on a no-change task: %+v", r)
	}
	s.Call(extra)
	if r := s.Evaluate(); r.Passed || !r.Components[0].Counted {
		t.Fatalf("a write on a no-change task: %+v", r)
	}
}

func TestBench(t *testing.T) {
	_, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	lib.SetRecipes(res.Recipes[:4])
	rep, err := Bench(lib, BenchOptions{Repeat: 2, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tasks != 4 || rep.Summary.Passed != 4 || rep.Summary.StepsPerSecond <= 0 || rep.PerTask[0].Steps == 0 {
		t.Fatalf("bench: %+v", rep)
	}
	// The step figure is the median of the rounds'.
	if len(rep.Rounds) != 3 {
		t.Fatalf("rounds %v, want 3", rep.Rounds)
	}
	sorted := slices.Sorted(slices.Values(rep.Rounds))
	if rep.Summary.StepsPerCPUSecond != sorted[1] {
		t.Errorf("steps per CPU-second %v, want the median of the rounds %v", rep.Summary.StepsPerCPUSecond, rep.Rounds)
	}
	lib.SetRecipes(nil)
	if _, err := Bench(lib, BenchOptions{}); err == nil {
		t.Error("bench of a library without recipes succeeds")
	}
}

// TestPolicyCheck: the policy's check fails on two successful item
// modifications of one order and holds otherwise.
func TestPolicyCheck(t *testing.T) {
	_, res := importTestdata(t)
	p, err := assert.Compile(res.Policy.Checks[0])
	if err != nil {
		t.Fatal(err)
	}
	st := session(t).State()
	mod := func(id string, failed bool) assert.Call {
		return assert.Call{Name: "modify_pending_order_items", Args: map[string]any{"order_id": id}, Error: failed}
	}
	for _, c := range []struct {
		calls []assert.Call
		want  bool
	}{
		{nil, true},
		{[]assert.Call{mod("#W1", false), mod("#W2", false), mod("#W1", true)}, true},
		{[]assert.Call{mod("#W1", false), mod("#W2", false), mod("#W1", false)}, false},
	} {
		if got := p.Eval(assert.Input{State: st, Calls: c.calls}).Holds; got != c.want {
			t.Errorf("%v: holds %v, want %v", c.calls, got, c.want)
		}
	}
}

// TestGrounded: every value a reference plan passes is in the instruction,
// the policy or an earlier observation of the plan (names also in another
// case, as the customer writes them), and the reads added for that leave
// the final state as the gold actions make it.
func TestGrounded(t *testing.T) {
	_, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	var unseen []string
	hasher := NewHasher(res.Data.Records[App])
	for i, g := range res.Gold {
		for _, u := range g.Unseen {
			unseen = append(unseen, g.Task+": "+u)
		}
		env, err := episode.Compose(lib, res.Recipes[i], episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := episode.Replay(env, episode.SessionOptions{}, env.PlanCalls())
		if h := hasher.Sum(s.State()); h != g.Hash {
			t.Errorf("task %s: the grounded plan ends in %s, the gold actions in %s", g.Task, h, g.Hash)
		}
	}
	// Task 22 gives the new address as "101 Highway, New York, 10001": the
	// state code is the agent's own knowledge, which no read shows.
	if got := strings.Join(unseen, "\n"); got != "22: modify_user_address state=NY" {
		t.Errorf("values no read shows:\n%s", got)
	}
}

// TestGroundDeterministic: grounding a plan again gives the same plan.
func TestGroundDeterministic(t *testing.T) {
	src, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.Recipes {
		env, err := episode.Compose(lib, res.Recipes[i], episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var plan []atom.PlanCall
		for j, st := range res.Gold[i].Steps {
			if !st.Observation.IsError {
				a := src.Tasks[i].Criteria.Actions[j]
				plan = append(plan, atom.PlanCall{Tool: a.Name, Args: a.Arguments})
			}
		}
		want, _ := json.Marshal(res.Intents[i].Plan)
		for k := 0; k < 2; k++ {
			got, _, err := groundPlan(env, res.Policy.Text, plan)
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := json.Marshal(got); string(b) != string(want) {
				t.Fatalf("task %s: grounding again gives another plan:\n%s\n%s", res.Gold[i].Task, b, want)
			}
		}
	}
}

// TestProductTypesQuoting: list_all_product_types writes printable ASCII
// names as json.dumps does, quotes and backslashes escaped.
func TestProductTypesQuoting(t *testing.T) {
	s := session(t)
	for _, p := range []map[string]any{
		{"product_id": "p\"1", "name": `a "b" \c`, "variants": map[string]any{}},
		{"product_id": "p2", "name": "", "variants": map[string]any{}},
	} {
		if err := s.State().Insert(App+".products", p); err != nil {
			t.Fatal(err)
		}
	}
	obs := call(s, "list_all_product_types", map[string]any{})
	var text string
	if obs.IsError || json.Unmarshal([]byte(obs.Content), &text) != nil {
		t.Fatalf("list_all_product_types: %s", obs.Content)
	}
	for _, want := range []string{`"a \"b\" \\c": "p\"1"`, `"": "p2"`} {
		if !strings.Contains(text, want) {
			t.Errorf("%s does not hold %s", text, want)
		}
	}
}

// TestWriteToolsAreTools holds the write tools to tools the server has, and
// keeps a read-only tool out of them.
func TestWriteToolsAreTools(t *testing.T) {
	s, err := Server()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tool := range s.Tools {
		names[tool.Name] = true
	}
	for name := range writeTools {
		if !names[name] || !IsWriteTool(name) {
			t.Errorf("write tool %s: a tool of the server %v, IsWriteTool %v", name, names[name], IsWriteTool(name))
		}
	}
	if IsWriteTool("get_order_details") || !names["get_order_details"] {
		t.Errorf("get_order_details: a tool of the server %v, IsWriteTool %v", names["get_order_details"], IsWriteTool("get_order_details"))
	}
}
