package serve

import (
	"errors"
	"sync"
	"time"
)

// Errors of the session table's limits.
var (
	errTooMany     = errors.New("too many open sessions")
	errClientQuota = errors.New("too many open sessions for this client")
	errMCPLimit    = errors.New("too many MCP sessions on this session")
)

// lookup results of the session table.
const (
	found = iota
	unknown
	gone // closed or expired: the id was real
)

// table holds the open sessions, and for a while the ids of closed ones so
// that a late call hears "closed" rather than "unknown".
//
// Every MCP session counts against max like a REST session does (each
// holds its own connection state), up to maxMCP per REST session; a client
// (a remote address) may hold at most perClient REST sessions.
type table struct {
	mu        sync.RWMutex
	open      map[string]*Session
	closed    map[string]time.Time // id -> when closed
	clients   map[string]int       // open sessions per client address
	mcp       int                  // MCP sessions, the sum of Session.mcpCount
	max       int
	perClient int
	maxMCP    int
}

func newTable(max, perClient, maxMCP int) *table {
	return &table{open: map[string]*Session{}, closed: map[string]time.Time{}, clients: map[string]int{},
		max: max, perClient: perClient, maxMCP: maxMCP}
}

// add registers s unless a limit is reached.
func (t *table) add(s *Session) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.open)+t.mcp >= t.max {
		return errTooMany
	}
	if s.client != "" && t.clients[s.client] >= t.perClient {
		return errClientQuota
	}
	t.open[s.ID] = s
	if s.client != "" {
		t.clients[s.client]++
	}
	return nil
}

// addMCP takes a slot for a new MCP session on s, which has live MCP
// sessions now (the SDK forgets those that closed or timed out). The count
// only falls with live: the SDK's list also holds, for the length of their
// request, sessions it makes for a message without a session id, which
// were never admitted.
func (t *table) addMCP(s *Session, live int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.open[s.ID] != s {
		return ErrClosed
	}
	live = min(live, s.mcpCount)
	t.mcp += live - s.mcpCount
	s.mcpCount = live
	if live >= t.maxMCP {
		return errMCPLimit
	}
	if len(t.open)+t.mcp >= t.max {
		return errTooMany
	}
	s.mcpCount++
	t.mcp++
	return nil
}

// recountMCP brings the MCP counts up to date with what is live.
func (t *table) recountMCP() {
	t.mu.RLock()
	list := make([]*Session, 0, len(t.open))
	for _, s := range t.open {
		list = append(list, s)
	}
	t.mu.RUnlock()
	for _, s := range list {
		live := s.mcpLive()
		t.mu.Lock()
		if t.open[s.ID] == s {
			live = min(live, s.mcpCount)
			t.mcp += live - s.mcpCount
			s.mcpCount = live
		}
		t.mu.Unlock()
	}
}

// counts returns the open REST and MCP sessions.
func (t *table) counts() (rest, mcp int) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.open), t.mcp
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
		t.mcp -= s.mcpCount
		s.mcpCount = 0
		if s.client != "" {
			if t.clients[s.client]--; t.clients[s.client] <= 0 {
				delete(t.clients, s.client)
			}
		}
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
