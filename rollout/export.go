package rollout

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
)

// SFT formats.
const (
	FormatOpenAI   = "openai"   // {"messages": [...], "tools": [...]}: OpenAI fine-tuning, TRL, Axolotl
	FormatShareGPT = "sharegpt" // {"conversations": [...], "system", "tools"}: LLaMA-Factory's ShareGPT with function calls
)

// SFTOptions select trajectories for supervised fine-tuning.
type SFTOptions struct {
	MinReward float64 // keep trajectories with at least this reward (rejection sampling)
	// KeepUnfinished keeps trajectories that ran out of turns while still
	// calling tools; by default they are dropped: they teach not stopping.
	KeepUnfinished bool
}

// SFTStats counts what selection did.
type SFTStats struct {
	Read        int `json:"read"`
	Kept        int `json:"kept"`
	BelowReward int `json:"below_reward"`
	Unfinished  int `json:"unfinished"`
	Duplicates  int `json:"duplicates"`
}

// SelectSFT keeps the trajectories with reward >= MinReward that finished,
// dropping duplicates: two trajectories are the same when their tools and
// messages are, tool-call ids aside (servers make them up at random). The
// first of each is kept, in input order.
func SelectSFT(trajs []*Trajectory, opts SFTOptions) ([]*Trajectory, SFTStats) {
	st := SFTStats{Read: len(trajs)}
	seen := map[string]bool{}
	var out []*Trajectory
	for _, t := range trajs {
		switch {
		case t.Reward < opts.MinReward:
			st.BelowReward++
			continue
		case !opts.KeepUnfinished && !t.Finished():
			st.Unfinished++
			continue
		}
		key := contentKey(t)
		if seen[key] {
			st.Duplicates++
			continue
		}
		seen[key] = true
		out = append(out, t)
	}
	st.Kept = len(out)
	return out, st
}

// contentKey hashes what a trainer sees of a trajectory, with tool-call ids
// renumbered in order of appearance.
func contentKey(t *Trajectory) string {
	ids := map[string]string{}
	rename := func(id string) string {
		if n, ok := ids[id]; ok {
			return n
		}
		n := "c" + strconv.Itoa(len(ids)+1)
		ids[id] = n
		return n
	}
	msgs := make([]llm.Message, len(t.Messages))
	for i, m := range t.Messages {
		m.ToolCalls = append([]llm.ToolCall(nil), m.ToolCalls...)
		for j := range m.ToolCalls {
			m.ToolCalls[j].ID = rename(m.ToolCalls[j].ID)
		}
		if m.ToolCallID != "" {
			m.ToolCallID = rename(m.ToolCallID)
		}
		msgs[i] = m
	}
	b, _ := json.Marshal(struct {
		Tools    []json.RawMessage `json:"tools"`
		Messages []llm.Message     `json:"messages"`
	}{t.Tools, msgs})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// FormatSFT renders one trajectory as one SFT example (a JSON line).
func FormatSFT(t *Trajectory, format string) ([]byte, error) {
	switch format {
	case FormatOpenAI, "":
		return encodeLine(struct {
			Messages []llm.Message     `json:"messages"`
			Tools    []json.RawMessage `json:"tools"`
		}{t.Messages, t.Tools})
	case FormatShareGPT:
		return shareGPT(t)
	}
	return nil, fmt.Errorf("unknown SFT format %q (openai or sharegpt)", format)
}

// sgCall is a call as ShareGPT function_call turns write it, name first.
type sgCall struct {
	Name      string `json:"name"`
	Arguments any    `json:"arguments"`
}

type turn struct {
	From  string `json:"from"`
	Value string `json:"value"`
}

// shareGPT follows LLaMA-Factory's ShareGPT layout: system and tools beside
// the conversation; human/observation turns at odd positions,
// gpt/function_call turns at even ones. A turn of parallel calls is one
// function_call whose value is a JSON list, and its results one observation
// whose value is a JSON list of the contents.
func shareGPT(t *Trajectory) ([]byte, error) {
	var system []string
	var conv []turn
	var pending []string // tool results of the last call turn
	flush := func() {
		if len(pending) == 0 {
			return
		}
		v := pending[0]
		if len(pending) > 1 {
			b, _ := json.Marshal(pending)
			v = string(b)
		}
		conv = append(conv, turn{"observation", v})
		pending = nil
	}
	for i, m := range t.Messages {
		if m.Role != llm.RoleTool {
			flush()
		}
		switch m.Role {
		case llm.RoleSystem:
			system = append(system, m.Content)
		case llm.RoleUser:
			conv = append(conv, turn{"human", m.Content})
		case llm.RoleAssistant:
			if len(m.ToolCalls) == 0 {
				conv = append(conv, turn{"gpt", m.Content})
				continue
			}
			calls := make([]sgCall, len(m.ToolCalls))
			for j, tc := range m.ToolCalls {
				var args any = tc.Function.Arguments
				if raw, err := tc.Function.Args(); err == nil {
					args = raw
				}
				calls[j] = sgCall{tc.Function.Name, args}
			}
			var v any = calls[0]
			if len(calls) > 1 {
				v = calls
			}
			b, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("%s: messages[%d]: %w", t.TaskID, i, err)
			}
			conv = append(conv, turn{"function_call", string(b)})
		case llm.RoleTool:
			pending = append(pending, m.Content)
		}
	}
	flush()
	tools := make([]json.RawMessage, 0, len(t.Tools))
	for _, raw := range t.Tools {
		var v struct {
			Function json.RawMessage `json:"function"`
		}
		if err := json.Unmarshal(raw, &v); err != nil || v.Function == nil {
			return nil, fmt.Errorf("%s: a tool is not an OpenAI function tool", t.TaskID)
		}
		tools = append(tools, v.Function)
	}
	tb, err := json.Marshal(tools)
	if err != nil {
		return nil, err
	}
	return encodeLine(struct {
		Conversations []turn `json:"conversations"`
		System        string `json:"system,omitempty"`
		Tools         string `json:"tools"`
	}{conv, strings.Join(system, "\n\n"), string(tb)})
}

// RLTask is one line of an RL prompt file: what a trainer sends the policy,
// and how to get the reward for what the policy does.
type RLTask struct {
	EnvID   string            `json:"env_id"`
	Seed    int64             `json:"seed"`
	Toolset string            `json:"toolset"`
	Apps    []string          `json:"apps"`
	Intent  string            `json:"intent"`
	Family  string            `json:"family,omitempty"`
	Prompt  []llm.Message     `json:"prompt"`
	Tools   []json.RawMessage `json:"tools"`
	Reward  RewardEndpoint    `json:"reward"`
}

// RewardEndpoint is the gym API a trainer calls (`legoenv serve`): open a
// session, run the policy's tool calls in it, then evaluate for the reward.
type RewardEndpoint struct {
	Session  Endpoint `json:"session"`
	Step     Endpoint `json:"step"`
	Evaluate Endpoint `json:"evaluate"`
}

// Endpoint is one HTTP call; {session_id} in URL is the id the session call
// returns.
type Endpoint struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Body   any    `json:"body,omitempty"`
}

// NewRLTask describes env for RL against the gym server at serverURL.
func NewRLTask(env *episode.Env, seed int64, toolset, serverURL string) (*RLTask, error) {
	if toolset == "" {
		toolset = episode.ToolsetNamed
	}
	seed = EffectiveSeed(env, seed)
	s, err := episode.NewSession(env, episode.SessionOptions{Seed: seed, Toolset: toolset})
	if err != nil {
		return nil, fmt.Errorf("env %s: %w", env.ID, err)
	}
	info := Describe(env)
	base := strings.TrimRight(serverURL, "/") + "/v1/sessions"
	return &RLTask{
		EnvID: env.ID, Seed: seed, Toolset: toolset, Apps: info.Apps, Intent: info.Intent, Family: info.Family,
		Prompt: OpeningMessages(s.Messages()),
		Tools:  Tools(s.Defs()),
		Reward: RewardEndpoint{
			Session:  Endpoint{Method: "POST", URL: base, Body: map[string]any{"env_id": env.ID, "seed": seed, "toolset": toolset}},
			Step:     Endpoint{Method: "POST", URL: base + "/{session_id}/step", Body: map[string]any{"tool_calls": []any{}}},
			Evaluate: Endpoint{Method: "POST", URL: base + "/{session_id}/evaluate"},
		},
	}, nil
}

// Line renders the task as one JSON line.
func (t *RLTask) Line() ([]byte, error) { return encodeLine(t) }

// HoldoutApps picks the apps to hold out for evaluation: spec is a
// comma-separated list of app names, or a fraction in (0, 1) of the apps,
// drawn with seed (the same seed gives the same apps).
func HoldoutApps(apps []string, spec string, seed int64) (map[string]bool, error) {
	known := map[string]bool{}
	for _, a := range apps {
		known[a] = true
	}
	all := slices.Sorted(maps.Keys(known))
	out := map[string]bool{}
	if f, err := strconv.ParseFloat(spec, 64); err == nil {
		if f <= 0 || f >= 1 {
			return nil, fmt.Errorf("split %q: a fraction must be between 0 and 1", spec)
		}
		n := int(math.Round(f * float64(len(all))))
		if n == 0 && len(all) > 1 {
			n = 1
		}
		if n >= len(all) {
			n = len(all) - 1
		}
		r := rand.New(rand.NewPCG(uint64(seed), 0x6c65676f))
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		for _, a := range all[:max(n, 0)] {
			out[a] = true
		}
		return out, nil
	}
	for _, a := range strings.Split(spec, ",") {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		if !known[a] {
			return nil, fmt.Errorf("split: unknown app %q (apps: %s)", a, strings.Join(all, ", "))
		}
		out[a] = true
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("split %q names no app", spec)
	}
	return out, nil
}

// HeldOut reports whether an environment uses a held-out app: such
// environments go to the evaluation side, so training never sees those apps.
func HeldOut(info EnvInfo, holdout map[string]bool) bool {
	for _, a := range info.Apps {
		if holdout[a] {
			return true
		}
	}
	return false
}
