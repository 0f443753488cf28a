package episode

import (
	"fmt"
	"time"
)

// Gate bounds how many Starlark calls run at once in a process that
// serves many sessions. Go cannot stop a goroutine from outside, and a
// call holds its core until its time limit cancels it; with one call per
// core, eight tools that spin until their limit would leave nothing for
// the other sessions' steps. A call waits for a slot at most its own time
// limit, and the wait counts against that limit, so every call still
// answers within it. Batch work (verify, evolve) runs without a gate.
type Gate struct{ slots chan struct{} }

// NewGate returns a gate that lets n calls run at once (at least one).
func NewGate(n int) *Gate { return &Gate{slots: make(chan struct{}, max(1, n))} }

// enter waits up to budget for a slot; it returns what is left of the
// budget and the function that gives the slot back.
func (g *Gate) enter(budget time.Duration) (time.Duration, func(), error) {
	if g == nil {
		return budget, func() {}, nil
	}
	start := time.Now()
	select {
	case g.slots <- struct{}{}:
	default:
		t := time.NewTimer(budget)
		defer t.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-t.C:
			return 0, nil, fmt.Errorf("other sessions' tools kept every Starlark slot busy for the whole %s limit; try again (starlark_time_ms)", budget)
		}
	}
	return budget - time.Since(start), func() { <-g.slots }, nil
}
