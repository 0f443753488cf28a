package episode

import (
	"context"
	"fmt"
	"time"

	"golang.org/x/sync/semaphore"
)

// Gate bounds the Starlark calls that run at once in a process that
// serves many sessions. Go cannot stop a goroutine from outside, and a
// call holds its core until its time limit cancels it; with one call per
// core, eight tools that spin until their limit would leave nothing for
// the other sessions' steps. A call's budget (starlark_bytes) is what it
// may hold at its peak, so with many cores the calls in flight together
// could hold more than the process may use; a gate with a memory bound
// lets in only the calls whose budgets fit in it together. A call waits
// at most its own time limit, and the wait counts against that limit, so
// every call still answers within it. Batch work (verify, evolve) runs
// without a gate.
type Gate struct {
	slots  chan struct{}
	mem    *semaphore.Weighted // nil: no memory bound
	memMax int64
}

// NewGate returns a gate that lets n calls run at once (at least one)
// and, when memory is positive, only calls whose starlark_bytes add up to
// at most memory (a call whose own budget is larger runs alone).
func NewGate(n int, memory int64) *Gate {
	g := &Gate{slots: make(chan struct{}, max(1, n))}
	if memory > 0 {
		g.mem, g.memMax = semaphore.NewWeighted(memory), memory
	}
	return g
}

// enter waits up to budget for a call's share of memory (bytes, its
// starlark_bytes) and for a slot; it returns what is left of the budget
// and the function that gives both back.
func (g *Gate) enter(budget time.Duration, bytes int64) (time.Duration, func(), error) {
	if g == nil {
		return budget, func() {}, nil
	}
	start := time.Now()
	weight := min(max(bytes, 1), g.memMax)
	if g.mem != nil && !g.mem.TryAcquire(weight) {
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		err := g.mem.Acquire(ctx, weight)
		cancel()
		if err != nil {
			return 0, nil, fmt.Errorf("other sessions' tools held the memory of Starlark calls (%d MiB) for the whole %s limit; try again (starlark_time_ms)", g.memMax>>20, budget)
		}
	}
	release := func() {
		if g.mem != nil {
			g.mem.Release(weight)
		}
	}
	if !g.takeSlot(budget - time.Since(start)) {
		release()
		return 0, nil, fmt.Errorf("other sessions' tools kept every Starlark slot busy for the whole %s limit; try again (starlark_time_ms)", budget)
	}
	return budget - time.Since(start), func() { <-g.slots; release() }, nil
}

// takeSlot waits up to d for a slot.
func (g *Gate) takeSlot(d time.Duration) bool {
	select {
	case g.slots <- struct{}{}:
		return true
	default:
	}
	if d <= 0 {
		return false
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return true
	case <-t.C:
		return false
	}
}
