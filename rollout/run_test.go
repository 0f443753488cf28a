package rollout_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/rollout"
)

// TestScriptedModels runs one episode of reply_and_pend against each
// scripted model and checks the trajectory.
func TestScriptedModels(t *testing.T) {
	envs := exampleEnvs(t)
	env := envByIntent(t, envs, "reply_and_pend")
	plan := env.PlanCalls()
	ticket := env.Bindings["ticket"].Value

	var failures atomic.Int32
	cases := []struct {
		name     string
		model    llmtest.Model
		maxSteps int
		requests int // the server sees
		check    func(t *testing.T, tr *rollout.Trajectory)
	}{
		{
			name: "solves the environment", model: solver(t, envs, argsString, true), requests: len(plan) + 1,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 1, true)
				if tr.Steps != len(plan)+1 || !tr.Finished() || tr.Usage.Requests != len(plan)+1 || tr.Usage.Retries != 0 {
					t.Errorf("steps %d finished %v usage %+v", tr.Steps, tr.Finished(), tr.Usage)
				}
				if tr.Usage.TotalTokens != 30*len(plan)+15 {
					t.Errorf("tokens %d", tr.Usage.TotalTokens)
				}
			},
		},
		{
			name: "sends arguments as objects", model: solver(t, envs, argsObject, true), requests: len(plan) + 1,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 1, true)
				wantArgs(t, tr, plan)
			},
		},
		{
			name: "sends arguments as doubly encoded strings", model: solver(t, envs, argsTwice, true), requests: len(plan) + 1,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 1, true)
				wantArgs(t, tr, plan)
			},
		},
		{
			name: "sends no tool-call ids", model: solver(t, envs, argsString, false), requests: len(plan) + 1,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 1, true)
				// Opening messages: system + user; the first call is made in
				// answer to a 2-message request, the second to a 4-message one.
				for i, id := range []string{"call_2_1", "call_4_1"} {
					a, tool := tr.Messages[2+2*i], tr.Messages[3+2*i]
					if a.ToolCalls[0].ID != id || tool.ToolCallID != id {
						t.Errorf("turn %d: call id %q, tool message answers %q, want %q", i+1, a.ToolCalls[0].ID, tool.ToolCallID, id)
					}
				}
			},
		},
		{
			name: "returns malformed JSON",
			model: func(r *llmtest.Request) llmtest.Reply {
				if r.Turn() == 0 {
					return llmtest.Calls(llmtest.Call{ID: "bad", Name: "helpdesk_update_ticket", Arguments: llmtest.ArgString(fmt.Sprintf(`{"id": "%v", status: pending`, ticket))})
				}
				return llmtest.Text("I could not update the ticket.")
			},
			requests: 2,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 0, false)
				obs := tr.Messages[3]
				if obs.Role != "tool" || obs.ToolCallID != "bad" || !strings.Contains(obs.Content, `"error":"arguments for helpdesk_update_ticket are not valid JSON`) {
					t.Errorf("observation %+v", obs)
				}
				if got := tr.Messages[2].ToolCalls[0].Function.Arguments; got != fmt.Sprintf(`{"id": "%v", status: pending`, ticket) {
					t.Errorf("malformed arguments not kept as sent: %q", got)
				}
			},
		},
		{
			name: "calls an unknown tool",
			model: func(r *llmtest.Request) llmtest.Reply {
				if r.Turn() == 0 {
					return llmtest.Calls(llmtest.Call{ID: "u1", Name: "helpdesk_close_everything", Arguments: llmtest.ArgString(`{}`)})
				}
				return llmtest.Text("That tool does not exist.")
			},
			requests: 2,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 0, false)
				obs := tr.Messages[3].Content
				if !strings.Contains(obs, `unknown tool \"helpdesk_close_everything\"; available: helpdesk_`) {
					t.Errorf("observation %s", obs)
				}
			},
		},
		{
			name: "answers 429 twice then succeeds",
			model: func(r *llmtest.Request) llmtest.Reply {
				if failures.Add(1) <= 2 {
					return llmtest.Status(429, "rate limited")
				}
				return solver(t, envs, argsString, true)(r)
			},
			requests: len(plan) + 3,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 1, true)
				if tr.Usage.Retries != 2 || tr.Usage.Requests != len(plan)+1 {
					t.Errorf("usage %+v, want 2 retries over %d requests", tr.Usage, len(plan)+1)
				}
			},
		},
		{
			name: "runs out of context",
			model: func(r *llmtest.Request) llmtest.Reply {
				if r.Turn() == 0 {
					return solver(t, envs, argsString, true)(r)
				}
				return llmtest.Status(400, "This model's maximum context length is 8192 tokens.")
			},
			requests: 2,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				if tr.Steps != 1 || tr.Finished() || len(tr.Messages) != 4 || tr.Passed || tr.Reward == 0 {
					t.Errorf("steps %d finished %v messages %d reward %v: want the first step scored", tr.Steps, tr.Finished(), len(tr.Messages), tr.Reward)
				}
			},
		},
		{
			name: "never stops calling tools", maxSteps: 4,
			model: func(r *llmtest.Request) llmtest.Reply {
				return llmtest.Calls(llmtest.Call{ID: fmt.Sprintf("s%d", r.Turn()), Name: "helpdesk_search_tickets", Arguments: llmtest.ArgString(`{"status":"open"}`)})
			},
			requests: 4,
			check: func(t *testing.T, tr *rollout.Trajectory) {
				wantReward(t, tr, 0, false)
				if tr.Steps != 4 || tr.Finished() || len(tr.Messages) != 2+4*2 {
					t.Errorf("steps %d finished %v messages %d", tr.Steps, tr.Finished(), len(tr.Messages))
				}
				if last := tr.Messages[len(tr.Messages)-1]; last.Role != "tool" || last.ToolCallID != "s3" {
					t.Errorf("last message %+v", last)
				}
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, tc.model)
			tr, err := rollout.RunEpisode(context.Background(), client(t, srv.URL), env, 0, rollout.Options{Model: "scripted", MaxSteps: tc.maxSteps, Now: fixedNow})
			if err != nil {
				t.Fatal(err)
			}
			if n := len(srv.Requests()); n != tc.requests {
				t.Errorf("server saw %d requests, want %d", n, tc.requests)
			}
			if tr.EnvID != env.ID || tr.TaskID != rollout.TaskID(env.ID, tr.Seed, 0) || tr.Seed != 7 || tr.Model != "scripted" {
				t.Errorf("ids: task %s env %s seed %d model %s", tr.TaskID, tr.EnvID, tr.Seed, tr.Model)
			}
			if len(tr.Tools) != len(env.Tools()) || tr.Messages[0].Role != "system" || tr.Messages[1].Role != "user" {
				t.Errorf("tools %d, opening %s/%s", len(tr.Tools), tr.Messages[0].Role, tr.Messages[1].Role)
			}
			wantPaired(t, tr)
			tc.check(t, tr)
		})
	}
}

func wantReward(t *testing.T, tr *rollout.Trajectory, reward float64, passed bool) {
	t.Helper()
	if tr.Reward != reward || tr.Passed != passed || len(tr.Components) == 0 {
		t.Errorf("reward %v passed %v (%d components), want %v %v", tr.Reward, tr.Passed, len(tr.Components), reward, passed)
	}
}

// wantArgs checks that every call's arguments are the plan's, as JSON text.
func wantArgs(t *testing.T, tr *rollout.Trajectory, plan []episode.ToolCall) {
	t.Helper()
	i := 0
	for _, m := range tr.Messages {
		for _, tc := range m.ToolCalls {
			if i >= len(plan) {
				t.Fatalf("more calls than the plan")
			}
			var got, want any
			if err := json.Unmarshal([]byte(tc.Function.Arguments), &got); err != nil {
				t.Fatalf("arguments %q are not JSON text: %v", tc.Function.Arguments, err)
			}
			_ = json.Unmarshal(plan[i].Args, &want)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("call %d arguments %v, want %v", i+1, got, want)
			}
			i++
		}
	}
}

// wantPaired checks that every tool call is answered by one tool message,
// in order.
func wantPaired(t *testing.T, tr *rollout.Trajectory) {
	t.Helper()
	var open []string
	for i, m := range tr.Messages {
		switch m.Role {
		case "assistant":
			if len(open) > 0 {
				t.Errorf("messages[%d]: calls %v unanswered", i, open)
			}
			open = nil
			for _, c := range m.ToolCalls {
				open = append(open, c.ID)
			}
		case "tool":
			if len(open) == 0 || open[0] != m.ToolCallID {
				t.Errorf("messages[%d] answers %q, expected %v", i, m.ToolCallID, open)
			} else {
				open = open[1:]
			}
		}
	}
}

// TestTrajectoryGolden pins the exact line a solved episode writes.
func TestTrajectoryGolden(t *testing.T) {
	envs := exampleEnvs(t)
	env := envByIntent(t, envs, "escalate_ticket")
	srv := llmtest.NewServer(t, solver(t, envs, argsString, true))
	temp := 0.2
	tr, err := rollout.RunEpisode(context.Background(), client(t, srv.URL), env, 0, rollout.Options{Model: "scripted", Temperature: &temp, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range srv.Requests() {
		if r.Temperature == nil || *r.Temperature != 0.2 || r.Model != "scripted" || len(r.Tools) != len(env.Tools()) {
			t.Fatalf("request %d: temperature %v model %q tools %d", r.N, r.Temperature, r.Model, len(r.Tools))
		}
	}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "escalate_ticket.trajectory.json", append(b, '\n'))
	// What is written reads back the same.
	back, err := rollout.ReadTrajectories("golden", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back[0])
	if string(again) != string(b) {
		t.Errorf("read back differs:\n%s\n%s", again, b)
	}
}

// TestRunResume runs K episodes of every example environment concurrently,
// then reruns: nothing is asked again; a line cut by a crash is run again.
func TestRunResume(t *testing.T) {
	envs := withPlans(exampleEnvs(t))
	srv := llmtest.NewServer(t, solver(t, envs, argsString, true))
	c := client(t, srv.URL)
	path := filepath.Join(t.TempDir(), "traj.jsonl")
	run := func() rollout.Summary {
		out, err := rollout.OpenOutput(path)
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		sum, err := rollout.Run(context.Background(), c, envs, rollout.Options{Model: "scripted", Episodes: 2, Concurrency: 4, Skip: out.Done, Now: fixedNow}, out.Write)
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	first := run()
	total := 2 * len(envs)
	if first.Planned != total || first.Run != total || first.Passed != total || first.Skipped != 0 || first.Failed != 0 {
		t.Fatalf("first run %+v", first)
	}
	asked := len(srv.Requests())
	data, _ := os.ReadFile(path)
	trajs, err := rollout.ReadTrajectories(path, strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, tr := range trajs {
		if ids[tr.TaskID] || !tr.Passed {
			t.Errorf("%s repeated or not passed", tr.TaskID)
		}
		ids[tr.TaskID] = true
	}
	if len(ids) != total {
		t.Fatalf("%d distinct task ids, want %d", len(ids), total)
	}

	second := run()
	if second.Skipped != total || second.Run != 0 || len(srv.Requests()) != asked {
		t.Fatalf("rerun %+v asked %d more requests", second, len(srv.Requests())-asked)
	}

	// Cut the last line in half, as a crash mid-write would.
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	cut := strings.Join(lines[:len(lines)-1], "") + lines[len(lines)-1][:40]
	if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	third := run()
	if third.Skipped != total-1 || third.Run != 1 {
		t.Fatalf("after a cut line %+v", third)
	}
	data, _ = os.ReadFile(path)
	trajs, err = rollout.ReadTrajectories(path, strings.NewReader(string(data)))
	if err != nil || len(trajs) != total {
		t.Fatalf("%d trajectories after resume, err %v", len(trajs), err)
	}

	// A bad line in the middle is reported, not skipped.
	bad := strings.Replace(string(data), `"env_id"`, `"env_ix"`, 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := rollout.OpenOutput(path); err == nil || !strings.Contains(err.Error(), path+":1:") || !strings.Contains(err.Error(), "env_ix") {
		t.Errorf("bad line error = %v", err)
	}
}

// TestRunModelErrors: an episode whose model keeps failing is counted and
// not written; the others go on.
func TestRunModelErrors(t *testing.T) {
	envs := withPlans(exampleEnvs(t))
	broken := envByIntent(t, envs, "reply_and_pend").Instruction
	solve := solver(t, envs, argsString, true)
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		if instruction(r) == broken {
			return llmtest.Status(500, "model crashed")
		}
		return solve(r)
	})
	c, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "scripted", MaxRetries: 1, MaxRetryDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var written []*rollout.Trajectory
	sum, err := rollout.Run(context.Background(), c, envs, rollout.Options{Model: "scripted", Concurrency: 2}, func(tr *rollout.Trajectory) error {
		written = append(written, tr)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Failed != 1 || sum.Run != len(envs)-1 || len(written) != len(envs)-1 {
		t.Fatalf("summary %+v, %d written", sum, len(written))
	}
	if msg := sum.Errors[0].Error(); !strings.Contains(msg, "HTTP 500") || !strings.Contains(msg, "turn 1") {
		t.Errorf("error %q", msg)
	}
}

func TestRunCancel(t *testing.T) {
	envs := exampleEnvs(t)
	srv := llmtest.NewServer(t, func(*llmtest.Request) llmtest.Reply { return llmtest.Reply{Delay: 10 * time.Second} })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	sum, err := rollout.Run(ctx, client(t, srv.URL), envs, rollout.Options{Concurrency: 2}, func(*rollout.Trajectory) error { return nil })
	if err == nil || sum.Run != 0 || sum.Failed != 0 {
		t.Fatalf("summary %+v err %v", sum, err)
	}
	if time.Since(start) > 3*time.Second {
		t.Errorf("cancel took %v", time.Since(start))
	}
}

func FuzzReadTrajectories(f *testing.F) {
	f.Add([]byte(`{"task_id":"a:0:0","env_id":"a","seed":0,"model":"m","tools":[],"messages":[{"role":"user","content":"x"}],"reward":1,"passed":true,"components":[],"steps":1,"usage":{},"started_at":"2026-01-01T00:00:00Z","duration_ms":1}`))
	f.Add([]byte("{\"task_id\":\"x\"}\n\n{]"))
	f.Add([]byte(`{"task_id":"a","env_id":"b","messages":[{"role":"bot"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		trajs, err := rollout.ReadTrajectories("f", strings.NewReader(string(data)))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		for _, tr := range trajs {
			if tr.TaskID == "" || tr.EnvID == "" {
				t.Fatal("accepted a trajectory without ids")
			}
			if _, err := json.Marshal(tr); err != nil {
				t.Fatalf("accepted trajectory does not encode: %v", err)
			}
		}
	})
}
