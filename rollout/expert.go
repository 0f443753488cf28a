package rollout

import (
	"bytes"
	"encoding/json"

	"github.com/legoenv/legoenv/episode"
)

// readEffects are the effect kinds that only read: calling one again with
// the same arguments, with no write in between, shows the agent nothing
// new.
var readEffects = map[string]bool{"search": true, "get": true}

// DropRepeatedReads returns the plan without the reads that repeat an
// identical read made since the last write: the plan an expert would
// write, which a demonstration teaches. Calls to tools env does not offer,
// and every write, are kept.
func DropRepeatedReads(env *episode.Env, calls []episode.ToolCall) []episode.ToolCall {
	seen := map[string]bool{}
	out := make([]episode.ToolCall, 0, len(calls))
	for _, c := range calls {
		t := env.Tool(c.Name)
		if t == nil || !readEffects[t.Effect.Kind] {
			clear(seen)
			out = append(out, c)
			continue
		}
		k := c.Name + "\x00" + canonicalArgs(c.Args)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// canonicalArgs writes arguments with their keys in order, so that the
// same arguments written two ways compare equal.
func canonicalArgs(raw json.RawMessage) string {
	var v any
	if len(bytes.TrimSpace(raw)) == 0 || json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return string(raw)
	}
	return string(b)
}
