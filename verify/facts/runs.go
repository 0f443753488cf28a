package facts

import (
	"encoding/binary"
	"hash/fnv"
	"reflect"
	"sort"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/ground"
)

// Run is one replay of a list of calls on a fresh session.
type Run struct {
	Calls   []episode.ToolCall
	Obs     []episode.Observation
	Digests []uint64 // state digest after each call, when asked for
	Result  assert.Result
	Session *episode.Session
	// Grounding is the trace ground made of this run, once asked for.
	Grounding *[]ground.Grounding
}

// Replay runs calls on a fresh session of env and scores the end state.
// With digests it fingerprints the state after every call (for the checks
// that compare steps); the many replays that only need the score skip it.
func Replay(env *episode.Env, calls []episode.ToolCall, digests bool) (*Run, error) {
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return nil, err
	}
	r := &Run{Calls: calls, Session: s, Obs: make([]episode.Observation, 0, len(calls))}
	for _, c := range calls {
		r.Obs = append(r.Obs, s.Call(c))
		if digests {
			r.Digests = append(r.Digests, Digest(s.State()))
		}
	}
	r.Result = s.Evaluate()
	return r, nil
}

// FirstError returns the index of the first failed call, or -1.
func (r *Run) FirstError() int {
	for i, o := range r.Obs {
		if o.IsError {
			return i
		}
	}
	return -1
}

// Digest fingerprints what a session changed: for every written collection
// its size and the written records that differ from the start. Two sessions over the same world have
// equal digests when they hold the same records (the order of inserted
// records aside); unlike the full state hash it costs nothing for the
// collections left alone. Digests are compared within one process only,
// so a fast non-cryptographic hash does.
func Digest(st *state.State) uint64 {
	h := fnv.New64a()
	var buf [9]byte
	wrote := false
	for _, name := range st.Base().Names() {
		dirty := st.Dirty(name)
		if dirty == nil {
			continue
		}
		base := st.Base().Collection(name)
		keys := make([]string, 0, len(dirty))
		for k := range dirty {
			// A record written back as it was is no change.
			if r, ok := st.Get(name, k); ok && base != nil {
				if b, had := base.Lookup(k); had && reflect.DeepEqual(map[string]any(b), map[string]any(r)) {
					continue
				}
			}
			keys = append(keys, k)
		}
		if len(keys) == 0 {
			continue
		}
		wrote = true
		sort.Strings(keys)
		h.Write([]byte(name))
		binary.LittleEndian.PutUint64(buf[:8], uint64(st.Len(name)))
		h.Write(buf[:8])
		for _, k := range keys {
			h.Write([]byte(k))
			if r, ok := st.Get(name, k); ok {
				state.WriteValue(h, map[string]any(r), &buf)
			} else {
				h.Write([]byte{0})
			}
		}
	}
	if !wrote {
		return 0
	}
	return h.Sum64() | 1
}

// ChangingSteps lists the steps that changed the state without an error.
func (r *Run) ChangingSteps() []int {
	var out []int
	var prev uint64
	for i, d := range r.Digests {
		if d != prev && !r.Obs[i].IsError {
			out = append(out, i)
		}
		prev = d
	}
	return out
}

// DigestBefore returns the state digest before step i.
func (r *Run) DigestBefore(i int) uint64 {
	if i == 0 {
		return 0
	}
	return r.Digests[i-1]
}
