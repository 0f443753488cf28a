package serve

import (
	"errors"
	"sync"
	"time"
)

// errTooMany is returned when the session limit is reached.
var errTooMany = errors.New("too many open sessions")

// lookup results of the session table.
const (
	found = iota
	unknown
	gone // closed or expired: the id was real
)

// table holds the open sessions, and for a while the ids of closed ones so
// that a late call hears "closed" rather than "unknown".
type table struct {
	mu     sync.RWMutex
	open   map[string]*Session
	closed map[string]time.Time // id -> when closed
	max    int
}

func newTable(max int) *table {
	return &table{open: map[string]*Session{}, closed: map[string]time.Time{}, max: max}
}

// add registers s unless the limit is reached.
func (t *table) add(s *Session) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.open) >= t.max {
		return errTooMany
	}
	t.open[s.ID] = s
	return nil
}

// get looks up an id.
func (t *table) get(id string) (*Session, int) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if s := t.open[id]; s != nil {
		return s, found
	}
	if _, ok := t.closed[id]; ok {
		return nil, gone
	}
	return nil, unknown
}

// remove closes and drops a session; it reports whether it was open.
func (t *table) remove(id string, now time.Time) (*Session, bool) {
	t.mu.Lock()
	s := t.open[id]
	if s != nil {
		delete(t.open, id)
		// The tombstones are bounded; past the bound a late call on a
		// closed id hears "unknown" instead of "closed".
		if len(t.closed) < 4*t.max+1024 {
			t.closed[id] = now
		}
	}
	t.mu.Unlock()
	if s == nil {
		return nil, false
	}
	s.Close()
	return s, true
}

// len is the number of open sessions.
func (t *table) len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.open)
}

// expire closes the sessions idle since before now-idle and forgets closed
// ids older than keep. It returns the sessions it closed.
func (t *table) expire(now time.Time, idle, keep time.Duration) []*Session {
	var stale []*Session
	t.mu.RLock()
	for _, s := range t.open {
		if now.Sub(s.idleSince()) > idle {
			stale = append(stale, s)
		}
	}
	t.mu.RUnlock()
	var out []*Session
	for _, s := range stale {
		// A call may have started since the scan; it refreshed lastUsed.
		if now.Sub(s.idleSince()) <= idle {
			continue
		}
		if _, ok := t.remove(s.ID, now); ok {
			out = append(out, s)
		}
	}
	t.mu.Lock()
	for id, at := range t.closed {
		if now.Sub(at) > keep {
			delete(t.closed, id)
		}
	}
	t.mu.Unlock()
	return out
}

// closeAll closes every open session (at shutdown).
func (t *table) closeAll(now time.Time) {
	t.mu.RLock()
	ids := make([]string, 0, len(t.open))
	for id := range t.open {
		ids = append(ids, id)
	}
	t.mu.RUnlock()
	for _, id := range ids {
		t.remove(id, now)
	}
}
