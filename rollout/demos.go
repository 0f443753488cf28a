package rollout

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/parallel"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/verify"
)

// Sources of a demonstration's plan, recorded as its trajectory's model.
const (
	SourceReference = "reference"
	SourcePlanner   = "planner"
)

// DemoResult is one environment's outcome in Demos.
type DemoResult struct {
	Trajectory *Trajectory // nil when there is no demonstration
	Source     string      // SourceReference or SourcePlanner
	Skip       string      // why there is no demonstration
}

// DemoOptions says how Demos runs.
type DemoOptions struct {
	Jobs     int              // parallel workers; 0: every core
	Seed     int64            // data seed; 0: the recipe's
	Verified map[string]*bool // what an envs file says of each environment (nil: unknown)
	Progress func(done, total int)
}

// Demos records a demonstration for every environment that has one, with
// opt.Jobs workers; the results are in the order of envs. It stops early
// when ctx ends (the caller checks ctx.Err()).
func Demos(ctx context.Context, envs []*episode.Env, opt DemoOptions) []DemoResult {
	results := make([]DemoResult, len(envs))
	parallel.For(ctx, len(envs), opt.Jobs, func(i int) {
		results[i] = DemoFor(ctx, envs[i], opt.Verified[envs[i].ID], opt.Seed)
	}, opt.Progress)
	return results
}

// DemoFor plans env and records the plan as a demonstration. An
// environment known to be verified is planned directly (its reference plan,
// else the planner); any other is verified first, and only a verified one
// gets a demonstration.
func DemoFor(ctx context.Context, env *episode.Env, known *bool, seed int64) DemoResult {
	var plan []episode.ToolCall
	var source string
	switch {
	case known != nil && *known && len(env.Plan) > 0:
		plan, source = env.PlanCalls(), SourceReference
	case known != nil && *known:
		p, err := verify.Plan(ctx, env)
		if err != nil {
			return DemoResult{Skip: "planner: " + err.Error()}
		}
		plan, source = p, SourcePlanner
	default:
		v := verify.VerifyEnv(ctx, env)
		if !v.Verified {
			why := "not verified"
			if v.RootCause != nil {
				why += ": " + string(v.RootCause.Code)
			}
			return DemoResult{Skip: why}
		}
		plan, source = v.Plan, v.PlanFrom
	}
	// The plan without repeated reads, unless dropping them costs reward
	// (a goal that counts the reads).
	t, err := Demo(env, DropRepeatedReads(env, plan), source, seed, nil)
	if err == nil && !t.Passed {
		t, err = Demo(env, plan, source, seed, nil)
	}
	if err != nil {
		return DemoResult{Skip: err.Error()}
	}
	if !t.Passed {
		return DemoResult{Skip: fmt.Sprintf("the %s plan does not pass (reward %.3f)", source, t.Reward)}
	}
	return DemoResult{Trajectory: t, Source: source}
}

// Demo runs a plan (the intent's reference plan or the planner's) in a
// fresh session and records it as the trajectory of an agent that makes one
// call a turn, sees each observation, and ends with a short answer: an SFT
// example that needs no model. source is recorded as the model
// ("reference", "planner").
func Demo(env *episode.Env, calls []episode.ToolCall, source string, seed int64, now func() time.Time) (*Trajectory, error) {
	if now == nil {
		now = time.Now
	}
	seed = EffectiveSeed(env, seed)
	s, err := episode.NewSession(env, episode.SessionOptions{Seed: seed})
	if err != nil {
		return nil, fmt.Errorf("env %s: %w", env.ID, err)
	}
	start := now()
	t := &Trajectory{
		TaskID:    TaskID(env.ID, seed, 0),
		EnvID:     env.ID,
		Seed:      seed,
		Model:     source,
		Tools:     Tools(s.Defs()),
		Messages:  OpeningMessages(s.Messages()),
		StartedAt: start.UTC(),
	}
	for i, c := range calls {
		id := c.ID
		if id == "" {
			id = fmt.Sprintf("call_%d", i+1)
		}
		args := "{}"
		if len(c.Args) > 0 {
			var v map[string]any
			if err := json.Unmarshal(c.Args, &v); err != nil {
				return nil, fmt.Errorf("env %s: plan step %d (%s): arguments are not a JSON object: %v", env.ID, i+1, c.Name, err)
			}
			b, _ := json.Marshal(v)
			args = string(b)
		}
		t.Messages = append(t.Messages, llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: id, Type: "function", Function: llm.Function{Name: c.Name, Arguments: args}}}})
		obs := s.Call(episode.ToolCall{ID: id, Name: c.Name, Args: json.RawMessage(args)})
		t.Messages = append(t.Messages, llm.Message{Role: llm.RoleTool, ToolCallID: id, Content: obs.Content})
		t.Steps++
	}
	t.Messages = append(t.Messages, llm.Message{Role: llm.RoleAssistant, Content: finalAnswer(env, calls)})
	t.Steps++
	res := s.Evaluate()
	t.Reward, t.Passed, t.Components = res.Reward, res.Passed, res.Components
	t.DurationMS = now().Sub(start).Milliseconds()
	return t, nil
}

// finalAnswer says in one line what the plan did: the tools it read with,
// then those it changed things with.
func finalAnswer(env *episode.Env, calls []episode.ToolCall) string {
	var reads, writes []string
	seen := map[string]bool{}
	for _, c := range calls {
		if seen[c.Name] {
			continue
		}
		seen[c.Name] = true
		if t := env.Tool(c.Name); t != nil {
			if w, _ := t.Writes(); !w {
				reads = append(reads, c.Name)
				continue
			}
		}
		writes = append(writes, c.Name)
	}
	switch {
	case len(calls) == 0:
		return "Done: nothing needed to change."
	case len(writes) == 0:
		return "Done: checked with " + joinAnd(reads) + "."
	case len(reads) == 0:
		return "Done: made the change with " + joinAnd(writes) + "."
	}
	return "Done: looked up what was needed with " + joinAnd(reads) + ", then made the change with " + joinAnd(writes) + "."
}

func joinAnd(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
