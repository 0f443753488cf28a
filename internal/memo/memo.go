// Package memo is a bounded map of values computed once and shared between
// goroutines. The caches of this module are fields of the value that needs
// them (a library's compiled tool schemas, an assertion compiler's CEL
// programs, a server's encoded tool lists), each one a Map; what follows
// from one immutable atom value alone may be a package's own Map keyed by
// that value's address (coherence's collection shapes).
package memo

import "sync"

// Map is a concurrency-safe map that starts afresh once it holds Max
// entries, so that a long-running process does not keep every key it ever
// saw. The zero Map is not usable; create one with New.
type Map[K comparable, V any] struct {
	mu  sync.RWMutex
	m   map[K]V
	max int
}

// New returns an empty map bounded to limit entries (at least 1).
func New[K comparable, V any](limit int) *Map[K, V] {
	return &Map[K, V]{m: map[K]V{}, max: max(limit, 1)}
}

// Load returns the value stored under k.
func (c *Map[K, V]) Load(k K) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	return v, ok
}

// Store keeps v under k, dropping every entry first when the map is full.
func (c *Map[K, V]) Store(k K, v V) {
	c.mu.Lock()
	if _, ok := c.m[k]; !ok && len(c.m) >= c.max {
		c.m = map[K]V{}
	}
	c.m[k] = v
	c.mu.Unlock()
}

// Get returns the value under k, computing and storing it with f on a miss.
// f runs without the lock: two goroutines may compute one key at once, and
// the later result is kept, so f must give equal results for equal keys.
func (c *Map[K, V]) Get(k K, f func() V) V {
	if v, ok := c.Load(k); ok {
		return v
	}
	v := f()
	c.Store(k, v)
	return v
}

// Len returns the number of entries.
func (c *Map[K, V]) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}
