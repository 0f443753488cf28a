package episode

import (
	"sync"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
)

// references caches, per world, the state the reference plan produces,
// computed on the first evaluation that needs it (a whole-state goal).
type references struct {
	once  sync.Once
	need  bool
	mu    sync.Mutex
	state map[*state.World]*state.State
}

// needs reports whether any check compares against the reference plan.
func (e *Env) needsReference() bool {
	e.refs.once.Do(func() {
		for _, c := range e.Checks {
			if c.Program.Assertion.Type == assert.MatchesPlan {
				e.refs.need = true
			}
		}
	})
	return e.refs.need
}

// reference returns the state the reference plan reaches on world w (seed
// selects it), or nil when no check needs it. An intent without a plan has
// the empty plan: its reference is the initial state. Failing plan steps
// are observations like any other: the state is what the plan leaves, as
// an agent following it would.
func (e *Env) reference(w *state.World, seed int64) *state.State {
	if !e.needsReference() {
		return nil
	}
	if len(e.Plan) == 0 {
		return state.New(w)
	}
	e.refs.mu.Lock()
	defer e.refs.mu.Unlock()
	if st := e.refs.state[w]; st != nil {
		return st
	}
	s, err := Replay(e, SessionOptions{Seed: seed}, e.PlanCalls())
	if err != nil || s.world != w {
		return nil
	}
	if e.refs.state == nil || len(e.refs.state) > 64 {
		e.refs.state = map[*state.World]*state.State{}
	}
	e.refs.state[w] = s.st
	return s.st
}

// seed is the seed the session's world was built with.
func (s *Session) seed() int64 {
	if s.opts.Seed != 0 {
		return s.opts.Seed
	}
	return s.env.Recipe.Seed
}
