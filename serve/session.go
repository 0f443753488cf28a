package serve

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
)

// ErrClosed is returned by every call on a session that was closed or
// expired.
var ErrClosed = errors.New("session closed")

// Session is an episode served to clients. Its calls are serialised (an
// episode is not safe for concurrent use); different sessions never block
// each other. REST and MCP calls on one session act on the same state.
type Session struct {
	ID      string
	Env     *episode.Env
	Toolset string
	Seed    int64
	Created time.Time

	mu     sync.Mutex
	ep     *episode.Session
	closed bool
	nextID int // for calls that come without an id

	lastUsed atomic.Int64     // unix nanoseconds
	met      *metrics         // nil outside a Server
	now      func() time.Time // the server's clock (tests move it)

	mcpSrv  *mcp.Server // guarded by mu; made on first MCP request
	mcpHTTP http.Handler

	client   string // remote address that opened it, for the per-client quota
	mcpCount int    // MCP sessions counted against the limits; guarded by the table's mu
}

// NewSession starts a session of env. id may be empty; one is drawn then.
// Its observations are kept quoted too (episode.SessionOptions.Quoted):
// the server writes them into JSON replies.
func NewSession(id string, env *episode.Env, opts episode.SessionOptions) (*Session, error) {
	opts.Quoted = true
	ep, err := episode.NewSession(env, opts)
	if err != nil {
		return nil, err
	}
	if id == "" {
		id = newID()
	}
	// The seed the data was drawn with: the recipe's, else the data atom's,
	// as rollouts and exports name it.
	seed := rollout.EffectiveSeed(env, opts.Seed)
	toolset := opts.Toolset
	if toolset == "" {
		toolset = episode.ToolsetNamed
	}
	s := &Session{ID: id, Env: env, Toolset: toolset, Seed: seed, Created: time.Now(), ep: ep, now: time.Now}
	s.lastUsed.Store(s.Created.UnixNano())
	return s, nil
}

// newID draws a session id: 128 random bits, so ids cannot be guessed.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return "ses_" + hex.EncodeToString(b[:])
}

// touch records activity for the idle timeout.
func (s *Session) touch(now time.Time) { s.lastUsed.Store(now.UnixNano()) }

// idleSince is the time of the last activity.
func (s *Session) idleSince() time.Time { return time.Unix(0, s.lastUsed.Load()) }

// do runs f with the episode, serialised with every other call.
func (s *Session) do(f func(ep *episode.Session)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.touch(s.now())
	f(s.ep)
	return nil
}

// StepResult is the answer to a step.
type StepResult struct {
	Observations []episode.Observation `json:"observations"`
	Steps        int                   `json:"steps"`
	Done         bool                  `json:"done"`
}

// AppendJSON appends r and a newline as a json.Encoder writes them,
// without reflection: every step answers one.
func (r StepResult) AppendJSON(b []byte) []byte {
	b = append(b, `{"observations":`...)
	if r.Observations == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, o := range r.Observations {
			if i > 0 {
				b = append(b, ',')
			}
			b = o.AppendJSON(b)
		}
		b = append(b, ']')
	}
	b = strconv.AppendInt(append(b, `,"steps":`...), int64(r.Steps), 10)
	b = strconv.AppendBool(append(b, `,"done":`...), r.Done)
	return append(b, "}\n"...)
}

// Step runs tool calls in order. Calls without an id get one, so every
// observation names the call it answers.
func (s *Session) Step(calls []episode.ToolCall) (StepResult, error) {
	return s.stepInto(nil, calls)
}

// stepInto is Step with the observations appended to room, so that a
// step can keep them on its stack.
func (s *Session) stepInto(room []episode.Observation, calls []episode.ToolCall) (StepResult, error) {
	var res StepResult
	start := time.Now()
	err := s.do(func(ep *episode.Session) {
		for i := range calls {
			if calls[i].ID == "" {
				s.nextID++
				calls[i].ID = callID(s.nextID)
			}
		}
		// As ep.Step, into room.
		res.Observations = slices.Grow(room, len(calls))
		for _, c := range calls {
			res.Observations = append(res.Observations, ep.Call(c))
		}
		res.Steps = ep.Steps()
		res.Done = ep.Done()
	})
	if err == nil && s.met != nil {
		s.met.observeStep(res.Observations, time.Since(start))
	}
	return res, err
}

// callID is the id a session gives its n-th call sent without one, made
// in one allocation.
func callID(n int) string {
	var room [32]byte
	return string(strconv.AppendInt(append(room[:0], "call_"...), int64(n), 10))
}

// Call runs one tool call.
func (s *Session) Call(c episode.ToolCall) (episode.Observation, error) {
	res, err := s.Step([]episode.ToolCall{c})
	if err != nil {
		return episode.Observation{}, err
	}
	return res.Observations[0], nil
}

// Evaluation is a session's score.
type Evaluation struct {
	SessionID string `json:"session_id"`
	Steps     int    `json:"steps"`
	assert.Result
}

// Evaluate scores the session's current state and calls.
func (s *Session) Evaluate() (Evaluation, error) {
	ev := Evaluation{SessionID: s.ID}
	err := s.do(func(ep *episode.Session) {
		ev.Result = ep.Evaluate()
		ev.Steps = ep.Steps()
	})
	if err == nil && s.met != nil {
		s.met.evaluations.Inc()
	}
	if ev.Components == nil {
		ev.Components = []assert.Component{}
	}
	return ev, err
}

// Reset returns the session to its initial state.
func (s *Session) Reset() error {
	return s.do(func(ep *episode.Session) {
		ep.Reset()
		s.nextID = 0
	})
}

// StateView is a session's state as the state endpoint shows it.
type StateView struct {
	SessionID  string         `json:"session_id"`
	EnvID      string         `json:"env_id"`
	Steps      int            `json:"steps"`
	Done       bool           `json:"done"`
	StateHash  string         `json:"state_hash"`
	State      map[string]any `json:"state"`
	Trajectory []episode.Step `json:"trajectory,omitempty"`
}

// View returns the current state, with the trajectory when asked for. The
// snapshot is built under the session's lock, so it is one consistent
// moment; it shares record maps with the session, which no writer mutates
// (a write replaces the record).
func (s *Session) View(trajectory bool) (StateView, error) {
	v := StateView{SessionID: s.ID, EnvID: s.Env.ID}
	err := s.do(func(ep *episode.Session) {
		v.Steps = ep.Steps()
		v.Done = ep.Done()
		v.StateHash = ep.Hash()
		v.State = ep.State().Snapshot()
		if trajectory {
			v.Trajectory = append([]episode.Step(nil), ep.Trajectory()...)
		}
	})
	return v, err
}

// Info is a session's summary.
type Info struct {
	SessionID string    `json:"session_id"`
	EnvID     string    `json:"env_id"`
	Toolset   string    `json:"toolset"`
	Seed      int64     `json:"seed"`
	Steps     int       `json:"steps"`
	Done      bool      `json:"done"`
	Created   time.Time `json:"created"`
	LastUsed  time.Time `json:"last_used"`
}

// Info returns the session's summary.
func (s *Session) Info() (Info, error) {
	in := Info{SessionID: s.ID, EnvID: s.Env.ID, Toolset: s.Toolset, Seed: s.Seed, Created: s.Created}
	err := s.do(func(ep *episode.Session) {
		in.Steps = ep.Steps()
		in.Done = ep.Done()
	})
	in.LastUsed = s.idleSince()
	return in, err
}

// Defs returns the session's tool surface.
func (s *Session) Defs() []episode.Def { return s.ep.Defs() }

// Messages returns the opening messages.
func (s *Session) Messages() []episode.Message { return s.Env.Messages() }

// Close ends the session; it reports whether it was open. MCP clients
// connected to it are disconnected.
func (s *Session) Close() bool {
	s.mu.Lock()
	was := !s.closed
	s.closed = true
	s.mu.Unlock()
	// MCP sessions are closed outside the lock: closing one waits for its
	// in-flight tool calls, which need the lock.
	if was {
		s.closeMCP()
	}
	return was
}

// Closed reports whether the session is closed.
func (s *Session) Closed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}
