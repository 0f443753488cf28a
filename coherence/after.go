package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A world must agree with itself after the agent's calls as before them:
// a tool that writes what the product never would (a message from a user
// the workspace does not have, a key of another form than the product
// gives, a paid invoice owing more than its total) teaches the agent the
// tool, not the product. CheckLeft reads the world a session leaves.

// CheckLeft is the violations of after, the world a session left, that
// before, the world it started from, does not hold: the same rule broken
// on the same field of the same record counts once, whatever the message.
func CheckLeft(data string, servers map[string]*atom.Server, before, after *state.World) []Violation {
	type at struct{ rule, coll, key, field string }
	held := map[at]bool{}
	for _, v := range CheckWorld(data, servers, before) {
		held[at{v.Rule, v.Collection, v.Key, v.Field}] = true
	}
	var out []Violation
	for _, v := range CheckWorld(data, servers, after) {
		if !held[at{v.Rule, v.Collection, v.Key, v.Field}] {
			out = append(out, v)
		}
	}
	return out
}
