package episode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/internal/fastjson"
	"github.com/legoenv/legoenv/state"
)

// Toolsets a session can expose.
const (
	ToolsetNamed = "named" // the environment's tools, each by name (default)
	ToolsetMeta  = "meta"  // search_tools and execute_tool
)

// SessionOptions tune a session.
type SessionOptions struct {
	Seed    int64  // selects the generated data; 0 is the recipe's seed
	Toolset string // ToolsetNamed or ToolsetMeta
	// HashSteps records the state hash after every step in the trajectory.
	// It costs a hash of each touched collection per step, so it is off
	// unless a caller wants to compare trajectories step by step.
	HashSteps bool
	// Gate, when set, bounds how many Starlark calls of all the sessions
	// that share it run at once (a server shares one).
	Gate *Gate
	// Quoted has searches and gets also write their observation quoted as
	// a JSON string, for a server that puts it in a JSON reply
	// (Observation.AppendJSON); it costs a quoted copy of the records
	// read, kept with the world.
	Quoted bool
}

// ToolCall is a call an agent makes. Args is a JSON object.
type ToolCall struct {
	ID   string          `json:"id,omitempty"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"arguments,omitempty"`
}

// Observation is what the agent sees of a call.
type Observation struct {
	ToolCallID string `json:"tool_call_id,omitempty"`
	Content    string `json:"content"`
	IsError    bool   `json:"is_error"`
	// quoted is Content written as the inside of a JSON string, in pieces,
	// where the session keeps it (SessionOptions.Quoted): AppendJSON copies
	// them rather than quoting Content. nil: AppendJSON quotes Content. A
	// pointer, so that observations still compare with ==.
	quoted *quotedJSON
}

// Step is one entry of the trajectory.
type Step struct {
	Call        ToolCall    `json:"call"`
	Observation Observation `json:"observation"`
	StateHash   string      `json:"state_hash,omitempty"` // with SessionOptions.HashSteps
}

// Session is one episode of an environment. It is not safe for concurrent
// use; sessions are independent of each other.
type Session struct {
	env     *Env
	opts    SessionOptions
	world   *state.World
	st      *state.State
	initial *state.State
	calls   []assert.Call
	traj    []Step
	// trajBytes is what the trajectory holds (arguments and observations);
	// refused counts calls answered but not recorded because the session
	// was done.
	trajBytes int
	refused   int
	// memo is shared by a session and its forks (see Fork).
	memo *assert.Memo
	// cx is the context of the call under way.
	cx Context
}

// NewSession starts an episode.
func NewSession(env *Env, opts SessionOptions) (*Session, error) {
	if opts.Toolset == "" {
		opts.Toolset = ToolsetNamed
	}
	if opts.Toolset != ToolsetNamed && opts.Toolset != ToolsetMeta {
		return nil, fmt.Errorf("unknown toolset %q (named or meta)", opts.Toolset)
	}
	seed := opts.Seed
	if seed == 0 {
		seed = env.Recipe.Seed
	}
	w, err := env.World(seed)
	if err != nil {
		return nil, err
	}
	fastjson.Warm()
	st := state.New(w)
	if env.kept != nil {
		st.Watch(env.kept.watch)
	}
	return &Session{env: env, opts: opts, world: w, st: st, initial: state.New(w)}, nil
}

// Env returns the session's environment.
func (s *Session) Env() *Env { return s.env }

// State returns the session's current state (read-only for callers).
func (s *Session) State() *state.State { return s.st }

// Initial returns the state the session started from (read-only).
func (s *Session) Initial() *state.State { return s.initial }

// Reset returns the session to the initial state. It costs the same
// whatever the size of the data.
func (s *Session) Reset() {
	s.st.Reset()
	s.calls = s.calls[:0]
	s.traj = s.traj[:0]
	s.trajBytes, s.refused = 0, 0
}

// Steps is the number of calls made.
func (s *Session) Steps() int { return len(s.traj) }

// Refused is the number of calls refused because the session was done;
// they are answered but not recorded.
func (s *Session) Refused() int { return s.refused }

// TrajectoryBytes is the size of the arguments and observations recorded.
func (s *Session) TrajectoryBytes() int { return s.trajBytes }

// Done reports whether the session takes no more calls: the step limit or
// the trajectory size limit is reached.
func (s *Session) Done() bool {
	return len(s.traj) >= s.env.Limits.MaxSteps || s.trajBytes >= s.env.Limits.MaxTrajectoryBytes
}

// Hash is the hash of the current state.
func (s *Session) Hash() string { return s.st.Hash() }

// Trajectory returns the steps so far.
func (s *Session) Trajectory() []Step { return s.traj }

// Calls returns the calls as assertions see them.
func (s *Session) Calls() []assert.Call { return s.calls }

// Messages returns the opening messages.
func (s *Session) Messages() []Message { return s.env.Messages() }

// Defs returns the tool surface of the session's toolset.
func (s *Session) Defs() []Def {
	if s.opts.Toolset == ToolsetMeta {
		return metaDefs
	}
	out := make([]Def, len(s.env.tools))
	for i, t := range s.env.tools {
		out[i] = t.Def()
	}
	return out
}

// Step runs calls in order and returns one observation each.
func (s *Session) Step(calls ...ToolCall) []Observation {
	out := make([]Observation, len(calls))
	for i, c := range calls {
		out[i] = s.Call(c)
	}
	return out
}

// Call runs one tool call. Whatever the call, the answer is an observation:
// an unknown tool, bad arguments or a failing effect are errors the agent
// sees, and leave the state unchanged.
//
// Once the session is done, calls are answered with an error and not
// recorded, so a client that keeps calling cannot grow the trajectory; a
// call whose arguments are over the limit is recorded without them.
func (s *Session) Call(c ToolCall) Observation {
	if s.Done() {
		s.refused++
		obs := s.doneObs()
		obs.ToolCallID = c.ID
		return obs
	}
	if cap(s.traj) == 0 {
		s.makeRoom()
	}
	obs := s.call(c)
	obs.ToolCallID = c.ID
	if len(c.Args) > s.env.Limits.MaxArgBytes {
		c.Args = nil
	}
	if n := s.env.Limits.MaxObservationBytes; len(obs.Content) > n {
		// Still JSON, so agents and clients parse it the same way.
		cut := strings.ToValidUTF8(obs.Content[:n], "")
		b, _ := json.Marshal(map[string]any{"truncated": true, "shown_bytes": len(cut), "total_bytes": len(obs.Content), "partial": cut})
		obs.Content, obs.quoted = string(b), nil
	}
	step := Step{Call: c, Observation: obs}
	step.Observation.quoted = nil // the reply's alone
	if s.opts.HashSteps {
		step.StateHash = s.st.Hash()
	}
	s.traj = append(s.traj, step)
	s.trajBytes += len(c.ID) + len(c.Name) + len(c.Args) + len(obs.Content)
	return obs
}

// firstSteps is the room a session's first call makes for its steps: grown
// from nothing by append, a trajectory of twenty steps was allocated and
// copied six times, most of what a fresh session's first replay of a plan
// allocated beyond a later one.
const firstSteps = 16

// makeRoom makes room for the session's first steps and calls.
func (s *Session) makeRoom() {
	n := min(firstSteps, max(s.env.Limits.MaxSteps, 1))
	s.traj = make([]Step, 0, n)
	if cap(s.calls) == 0 {
		s.calls = make([]assert.Call, 0, n)
	}
}

// doneObs says which limit ended the session.
func (s *Session) doneObs() Observation {
	if n := s.env.Limits.MaxSteps; len(s.traj) >= n {
		return errObs("step limit of %d reached (max_steps)", n)
	}
	return errObs("trajectory limit of %d bytes reached (max_trajectory_bytes)", s.env.Limits.MaxTrajectoryBytes)
}

func errObs(format string, args ...any) Observation {
	msg, _ := json.Marshal(map[string]string{"error": fmt.Sprintf(format, args...)})
	return Observation{Content: string(msg), IsError: true}
}

func (s *Session) call(c ToolCall) Observation {
	if len(c.Args) > s.env.Limits.MaxArgBytes {
		s.calls = append(s.calls, assert.Call{Name: c.Name, Error: true})
		return errObs("arguments of %d bytes exceed the limit of %d", len(c.Args), s.env.Limits.MaxArgBytes)
	}
	t := s.env.toolByKey[c.Name]
	var names map[string]string
	if t != nil {
		names = t.names
	}
	args, err := decodeArgs(c.Args, names)
	if err != nil {
		s.calls = append(s.calls, assert.Call{Name: c.Name, Error: true})
		return errObs("arguments for %s: %v", c.Name, err)
	}
	name := c.Name
	if s.opts.Toolset == ToolsetMeta {
		switch name {
		case "search_tools":
			return s.searchTools(args)
		case "execute_tool":
			inner, _ := args["tool_name"].(string)
			innerArgs, ok := args["arguments"].(map[string]any)
			if inner == "" {
				return errObs("execute_tool needs tool_name")
			}
			if args["arguments"] == nil {
				innerArgs, ok = map[string]any{}, true
			}
			if !ok {
				if str, isStr := args["arguments"].(string); isStr {
					innerArgs, err = decodeArgs(json.RawMessage(str), nil)
					ok = err == nil
				}
			}
			if !ok {
				return errObs("execute_tool: arguments must be an object")
			}
			name, args = inner, innerArgs
			t = s.env.toolByKey[name]
		default:
			return errObs("unknown tool %q (this session offers search_tools and execute_tool)", name)
		}
	}
	if t == nil {
		s.calls = append(s.calls, assert.Call{Name: name, Args: args, Error: true})
		return errObs("unknown tool %q; available: %s", name, strings.Join(s.toolNames(), ", "))
	}
	if err := t.validate(args); err != nil {
		s.calls = append(s.calls, assert.Call{Name: name, Args: args, Error: true})
		return errObs("%v", err)
	}
	// The context is the session's own, reused call after call.
	cx := &s.cx
	*cx = Context{State: s.st, Clock: s.env.Clock, Limits: s.env.Limits, App: t.App, Gate: s.opts.Gate, quote: s.opts.Quoted, native: NativeDB{undo: cx.native.undo[:0]}}
	res, err := t.apply(cx, args)
	if err != nil {
		s.st.ClearJournal() // the call's writes are undone
		s.calls = append(s.calls, assert.Call{Name: name, Args: args, Error: true})
		return errObs("%v", err)
	}
	s.env.kept.keep(s.st)
	s.calls = append(s.calls, assert.Call{Name: name, Args: args})
	if q, ok := res.(*quotedJSON); ok {
		return Observation{Content: string(q.text), quoted: q}
	}
	content, err := marshalJSONString(res)
	if err != nil {
		return errObs("encode result: %v", err)
	}
	return Observation{Content: content}
}

func (s *Session) toolNames() []string {
	names := make([]string, 0, len(s.env.tools))
	for _, t := range s.env.tools {
		names = append(names, t.Name)
	}
	if len(names) > 20 {
		names = append(names[:20], "...")
	}
	return names
}

// decodeArgs reads a JSON object, its keys named as names names them
// (see decodeObject); empty input is {}.
func decodeArgs(raw json.RawMessage, names map[string]string) (map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return map[string]any{}, nil
	}
	// Arguments sent as a JSON string holding the object are accepted too.
	if raw[0] == '"' {
		var inner string
		if err := json.Unmarshal(raw, &inner); err != nil {
			return nil, fmt.Errorf("not valid JSON: %v", err)
		}
		raw = json.RawMessage(inner)
	}
	if args, ok := decodeObject(raw, names); ok {
		return args, nil
	}
	var args map[string]any
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, fmt.Errorf("must be a JSON object: %v", err)
	}
	if args == nil {
		args = map[string]any{}
	}
	return args, nil
}

// Evaluate scores the session's current state and calls.
func (s *Session) Evaluate() assert.Result {
	ref := s.env.reference(s.world, s.seed())
	return assert.Score(s.env.Checks, assert.Input{State: s.initial, Reference: ref}, assert.Input{State: s.st, Calls: s.calls, Reference: ref, Memo: s.memo})
}

// Replay runs calls in a fresh session and returns it.
func Replay(env *Env, opts SessionOptions, calls []ToolCall) (*Session, error) {
	s, err := NewSession(env, opts)
	if err != nil {
		return nil, err
	}
	s.Step(calls...)
	return s, nil
}

// PlanCalls renders the reference plan as tool calls.
func (e *Env) PlanCalls() []ToolCall { return stepCalls(e.Plan, "call") }

// OtherBranchCalls renders the calls of the branch not taken.
func (e *Env) OtherBranchCalls() []ToolCall { return stepCalls(e.OtherBranch, "branch") }

func stepCalls(steps []PlanStep, prefix string) []ToolCall {
	out := make([]ToolCall, len(steps))
	for i, p := range steps {
		b, _ := json.Marshal(p.Args)
		out[i] = ToolCall{ID: fmt.Sprintf("%s_%d", prefix, i+1), Name: p.Tool, Args: b}
	}
	return out
}

var metaDefs = []Def{
	{
		Name:        "search_tools",
		Description: "Search the available tools by name and description. Returns matching tools with their argument schemas.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","description":"Words to look for in tool names and descriptions"},"limit":{"type":"integer","minimum":1,"description":"Most tools to return (default 10)"}},"required":["query"]}`),
	},
	{
		Name:        "execute_tool",
		Description: "Call one tool by name with its arguments.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"tool_name":{"type":"string","description":"Name of the tool, as search_tools returns it"},"arguments":{"type":"object","description":"Arguments for the tool"}},"required":["tool_name"]}`),
	},
}

func (s *Session) searchTools(args map[string]any) Observation {
	q, _ := args["query"].(string)
	limit := 10
	if l, ok := args["limit"].(float64); ok && l >= 1 {
		limit = int(l)
	}
	words := strings.Fields(strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(q)))
	type hit struct {
		t     *Tool
		score int
	}
	var hits []hit
	for _, t := range s.env.tools {
		text := strings.ToLower(strings.NewReplacer("_", " ").Replace(t.Name) + " " + t.Description)
		score := 0
		for _, w := range words {
			if strings.Contains(text, w) {
				score++
			}
		}
		if score > 0 || len(words) == 0 {
			hits = append(hits, hit{t, score})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	if len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]map[string]any, len(hits))
	for i, h := range hits {
		out[i] = map[string]any{"name": h.t.Name, "description": h.t.Description, "input_schema": h.t.raw}
	}
	s.calls = append(s.calls, assert.Call{Name: "search_tools", Args: args})
	b, _ := json.Marshal(map[string]any{"tools": out})
	return Observation{Content: string(b)}
}

// Fork returns an independent copy of the session as it stands: the same
// state, calls and trajectory, to be continued apart. A caller that tries
// many continuations of one prefix (a verifier's wrong plans) forks the
// prefix instead of replaying it each time; the copy costs what the
// session changed, not the size of its world.
//
// A session and its forks share a memo of which records matched the goal's
// predicates: the records the shared steps wrote are the same in each.
func (s *Session) Fork() *Session {
	if s.memo == nil {
		s.memo = assert.NewMemo()
	}
	c := *s
	c.cx = Context{} // its own: the undo list is not shared
	c.st = s.st.Clone()
	c.calls = slices.Clone(s.calls)
	c.traj = slices.Clone(s.traj)
	return &c
}
