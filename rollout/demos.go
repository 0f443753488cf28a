package rollout

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
)

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
