package rollout_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/rollout"
)

// runAll runs K episodes of envs against model and returns the trajectories
// in a stable order (by task id).
func runAll(t *testing.T, model llmtest.Model, k int) []*rollout.Trajectory {
	t.Helper()
	envs := exampleEnvs(t)
	srv := llmtest.NewServer(t, model)
	var out []*rollout.Trajectory
	_, err := rollout.Run(context.Background(), client(t, srv.URL), envs, rollout.Options{Model: "scripted", Episodes: k, Now: fixedNow}, func(tr *rollout.Trajectory) error {
		out = append(out, tr)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestExportSFT: rejection sampling by reward, dedupe, and the exact lines
// of both formats.
func TestExportSFT(t *testing.T) {
	envs := exampleEnvs(t)
	solved := len(withPlans(envs))
	// Two episodes of every environment: the solver passes those with a
	// plan (twice, identically: duplicates) and fails the rest.
	trajs := runAll(t, solver(t, envs, argsString, true), 2)
	if len(trajs) != 2*len(envs) {
		t.Fatalf("%d trajectories", len(trajs))
	}
	kept, st := rollout.SelectSFT(trajs, rollout.SFTOptions{MinReward: 1})
	want := rollout.SFTStats{Read: 2 * len(envs), Kept: solved, BelowReward: 2 * (len(envs) - solved), Duplicates: solved}
	if st != want {
		t.Fatalf("stats %+v, want %+v", st, want)
	}
	for _, tr := range kept {
		if tr.Reward < 1 || !strings.HasSuffix(tr.TaskID, ":0") {
			t.Errorf("kept %s with reward %v (the first of each pair should be kept)", tr.TaskID, tr.Reward)
		}
	}
	// A lower bar keeps the failed ones too, if they finished.
	if _, st := rollout.SelectSFT(trajs, rollout.SFTOptions{MinReward: 0}); st.Kept != len(envs) || st.Duplicates != len(envs) {
		t.Errorf("min reward 0: %+v", st)
	}

	for _, format := range []string{rollout.FormatOpenAI, rollout.FormatShareGPT} {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			for _, tr := range sortByTask(kept) {
				line, err := rollout.FormatSFT(tr, format)
				if err != nil {
					t.Fatal(err)
				}
				buf.Write(line)
			}
			golden(t, "sft."+format+".jsonl", buf.Bytes())
		})
	}
	if _, err := rollout.FormatSFT(kept[0], "alpaca"); err == nil {
		t.Error("unknown format accepted")
	}
}

// TestDedupeIgnoresCallIDs: servers make ids up at random; the same
// conversation with other ids is a duplicate.
func TestDedupeIgnoresCallIDs(t *testing.T) {
	envs := withPlans(exampleEnvs(t))
	a := runAll(t, solver(t, envs, argsString, true), 1)
	b := runAll(t, solver(t, envs, argsString, false), 1)
	_, st := rollout.SelectSFT(append(a, b...), rollout.SFTOptions{MinReward: 1})
	if st.Duplicates != len(a) {
		t.Errorf("stats %+v: the runs with and without ids should be duplicates", st)
	}
}

func TestUnfinishedDropped(t *testing.T) {
	tr := &rollout.Trajectory{TaskID: "a:0:0", EnvID: "a", Reward: 1, Messages: []llm.Message{
		{Role: "user", Content: "u"},
		{Role: "assistant", ToolCalls: []llm.ToolCall{{ID: "1", Type: "function", Function: llm.Function{Name: "t", Arguments: "{}"}}}},
		{Role: "tool", ToolCallID: "1", Content: "{}"},
	}}
	if _, st := rollout.SelectSFT([]*rollout.Trajectory{tr}, rollout.SFTOptions{MinReward: 1}); st.Unfinished != 1 || st.Kept != 0 {
		t.Errorf("stats %+v", st)
	}
	if _, st := rollout.SelectSFT([]*rollout.Trajectory{tr}, rollout.SFTOptions{MinReward: 1, KeepUnfinished: true}); st.Kept != 1 {
		t.Errorf("keep unfinished: %+v", st)
	}
}

// TestShareGPTParallelCalls pins the layout of a turn with two calls.
func TestShareGPTParallelCalls(t *testing.T) {
	tr := &rollout.Trajectory{TaskID: "a:0:0", EnvID: "a", Reward: 1,
		Tools: []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"get","description":"d","parameters":{"type":"object"}}}`)},
		Messages: []llm.Message{
			{Role: "system", Content: "sys"},
			{Role: "user", Content: "do it"},
			{Role: "assistant", Content: "thinking", ToolCalls: []llm.ToolCall{
				{ID: "1", Type: "function", Function: llm.Function{Name: "get", Arguments: `{"id":"a"}`}},
				{ID: "2", Type: "function", Function: llm.Function{Name: "get", Arguments: `{"id":`}},
			}},
			{Role: "tool", ToolCallID: "1", Content: `{"ok":1}`},
			{Role: "tool", ToolCallID: "2", Content: `{"error":"x"}`},
			{Role: "assistant", Content: "done"},
		}}
	line, err := rollout.FormatSFT(tr, rollout.FormatShareGPT)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"conversations":[{"from":"human","value":"do it"},{"from":"function_call","value":"[{\"name\":\"get\",\"arguments\":{\"id\":\"a\"}},{\"name\":\"get\",\"arguments\":\"{\\\"id\\\":\"}]"},{"from":"observation","value":"[\"{\\\"ok\\\":1}\",\"{\\\"error\\\":\\\"x\\\"}\"]"},{"from":"gpt","value":"done"}],"system":"sys","tools":"[{\"name\":\"get\",\"description\":\"d\",\"parameters\":{\"type\":\"object\"}}]"}` + "\n"
	if string(line) != want {
		t.Errorf("got  %s\nwant %s", line, want)
	}
}

// TestExportRL pins the RL prompt lines of the example environments.
func TestExportRL(t *testing.T) {
	var buf bytes.Buffer
	for _, env := range exampleEnvs(t) {
		task, err := rollout.NewRLTask(env, 0, "", "http://127.0.0.1:8080/")
		if err != nil {
			t.Fatal(err)
		}
		if task.Reward.Evaluate.URL != "http://127.0.0.1:8080/v1/sessions/{session_id}/evaluate" || task.Prompt[len(task.Prompt)-1].Content != env.Instruction {
			t.Errorf("%s: evaluate %s, prompt %+v", env.ID, task.Reward.Evaluate.URL, task.Prompt)
		}
		line, err := task.Line()
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
	}
	golden(t, "rl.jsonl", buf.Bytes())
}

func TestHoldoutApps(t *testing.T) {
	apps := []string{"mail", "crm", "helpdesk", "crm"}
	cases := []struct {
		spec string
		want string // sorted, comma-joined; "error:..." for an error
	}{
		{"mail", "mail"},
		{"crm, helpdesk", "crm,helpdesk"},
		{"0.34", "helpdesk"},     // one of three, drawn with seed 1
		{"0.99", "crm,helpdesk"}, // never every app
		{"chat", "error:unknown app \"chat\""},
		{"1.5", "error:between 0 and 1"},
		{" , ", "error:names no app"},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			got, err := rollout.HoldoutApps(apps, tc.spec, 1)
			if strings.HasPrefix(tc.want, "error:") {
				if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(tc.want, "error:")) {
					t.Errorf("error = %v, want %s", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s := joinSet(got); s != tc.want {
				t.Errorf("held out %s, want %s", s, tc.want)
			}
		})
	}
	// The same seed draws the same apps; the split follows the apps.
	a, _ := rollout.HoldoutApps(apps, "0.5", 9)
	b, _ := rollout.HoldoutApps(apps, "0.5", 9)
	if joinSet(a) != joinSet(b) {
		t.Errorf("seeded draw differs: %s vs %s", joinSet(a), joinSet(b))
	}
	info := rollout.EnvInfo{Apps: []string{"crm", "mail"}}
	if !rollout.HeldOut(info, map[string]bool{"mail": true}) || rollout.HeldOut(info, map[string]bool{"helpdesk": true}) {
		t.Error("HeldOut: an environment using a held-out app goes to the held-out side")
	}
}

// TestEvaluate checks groups and the interval arithmetic against known
// values.
func TestEvaluate(t *testing.T) {
	info := map[string]rollout.EnvInfo{
		"e1": {ID: "e1", Apps: []string{"crm", "mail"}, Domains: []string{"crm", "email"}, Family: "cross_app_lookup"},
		"e2": {ID: "e2", Apps: []string{"helpdesk"}, Domains: []string{"helpdesk"}, Family: "lookup_then_act"},
	}
	var trajs []*rollout.Trajectory
	add := func(env string, reward float64, n int) {
		for i := 0; i < n; i++ {
			trajs = append(trajs, &rollout.Trajectory{TaskID: env, EnvID: env, Model: "m", Reward: reward, Passed: reward == 1, Steps: 3})
		}
	}
	add("e1", 1, 8)
	add("e1", 0.5, 2)
	add("e2", 0, 1)
	add("e2", 1, 1)
	add("e9", 1, 1)
	r := rollout.Evaluate(trajs, info)

	near := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 5e-4 {
			t.Errorf("%s = %.4f, want %.4f", name, got, want)
		}
	}
	crm := find(t, r.Apps, "crm")
	// 8 of 10: Wilson 95% is [0.4902, 0.9433].
	if crm.Episodes != 10 || crm.Passed != 8 || crm.Envs != 1 {
		t.Fatalf("crm %+v", crm)
	}
	near("crm pass rate", crm.PassRate, 0.8)
	near("crm pass low", crm.PassLow, 0.4902)
	near("crm pass high", crm.PassHigh, 0.9433)
	// Credits 1 x8, 0.5 x2: mean 0.9, sd 0.2108, t(9) = 2.262.
	near("crm credit", crm.MeanCredit, 0.9)
	near("crm credit low", crm.CreditLow, 0.9-2.262*0.210819/math.Sqrt(10))
	near("crm credit high", crm.CreditHigh, 1) // 1.0508, clipped
	if find(t, r.Apps, "mail").Episodes != 10 || find(t, r.Domains, "email").Passed != 8 {
		t.Error("an episode counts in every app and domain of its environment")
	}
	hd := find(t, r.Families, "lookup_then_act")
	near("helpdesk credit", hd.MeanCredit, 0.5)
	if hd.CreditLow != 0 || hd.CreditHigh != 1 {
		t.Errorf("two episodes 0 and 1: interval [%v, %v], want clipped to [0, 1]", hd.CreditLow, hd.CreditHigh)
	}
	if r.Overall.Episodes != 13 || r.Overall.Passed != 10 || r.Overall.Envs != 3 || r.Overall.MeanSteps != 3 {
		t.Errorf("overall %+v", r.Overall)
	}
	if len(r.Unknown) != 1 || r.Unknown[0] != "e9" || find(t, r.Apps, rollout.Unknown).Episodes != 1 {
		t.Errorf("unknown %v", r.Unknown)
	}
	if len(r.Models) != 0 {
		t.Errorf("one model: no model rows, got %v", r.Models)
	}
	// 0 of 1 and 1 of 1 stay inside [0, 1].
	one := rollout.Evaluate(trajs[10:11], info).Overall
	near("0/1 low", one.PassLow, 0)
	near("0/1 high", one.PassHigh, 0.7935)
}

func find(t *testing.T, stats []rollout.Stat, key string) rollout.Stat {
	t.Helper()
	for _, s := range stats {
		if s.Key == key {
			return s
		}
	}
	t.Fatalf("no group %q in %+v", key, stats)
	return rollout.Stat{}
}
