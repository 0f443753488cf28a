package verify

import (
	"sort"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// run is one replay of a list of calls on a fresh session.
type run struct {
	calls   []episode.ToolCall
	obs     []episode.Observation
	digests []string // state digest after each call
	result  assert.Result
	sess    *episode.Session
}

// replay runs calls on a fresh session of env and scores the end state.
func replay(env *episode.Env, calls []episode.ToolCall) (*run, error) {
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return nil, err
	}
	r := &run{calls: calls, sess: s, obs: make([]episode.Observation, 0, len(calls)), digests: make([]string, 0, len(calls))}
	for _, c := range calls {
		r.obs = append(r.obs, s.Call(c))
		r.digests = append(r.digests, digest(s.State()))
	}
	r.result = s.Evaluate()
	return r, nil
}

// firstError returns the index of the first failed call, or -1.
func (r *run) firstError() int {
	for i, o := range r.obs {
		if o.IsError {
			return i
		}
	}
	return -1
}

// digest fingerprints what a session changed: for every written collection
// its size and the written records. Two sessions over the same world have
// equal digests exactly when they hold the same records; unlike the full
// state hash it costs nothing for the collections left alone.
func digest(st *state.State) string {
	var parts []any
	for _, name := range st.Base().Names() {
		dirty := st.Dirty(name)
		if dirty == nil {
			continue
		}
		keys := make([]string, 0, len(dirty))
		for k := range dirty {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		recs := make([]any, 0, 2*len(keys)+2)
		recs = append(recs, name, float64(len(st.Records(name))))
		for _, k := range keys {
			r, ok := st.Get(name, k)
			if !ok {
				recs = append(recs, k, nil)
				continue
			}
			recs = append(recs, k, map[string]any(r))
		}
		parts = append(parts, recs)
	}
	if parts == nil {
		return ""
	}
	return state.HashValue(parts)
}
