package redteam

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// Policies: generic ways to do the wrong thing, knowing nothing of the
// goal. Reference is the one that must keep full reward.
const (
	Nothing    = "nothing"    // no call at all
	Reference  = "reference"  // the reference plan alone
	Collateral = "collateral" // the plan plus one write nobody asked for
	Swap       = "swap"       // the plan with one written value swapped for another record's
	Shotgun    = "shotgun"    // every write tool on every record the instruction names, at once
	Blind      = "blind"      // one write with junk values on a real record, and nothing else
)

// AllPolicies returns the policies in the order they run, a fresh slice.
func AllPolicies() []string { return []string{Reference, Nothing, Collateral, Swap, Shotgun, Blind} }

// Per-environment budgets: enough to find what a careless agent does,
// bounded so a whole corpus runs in minutes.
const (
	maxFieldWrites = 4
	maxToolWrites  = 8
	maxSwaps       = 6
	maxBlind       = 6
	maxShotgun     = 40
)

// target is what the policies read: the environment, its initial world,
// the reference plan and the state it leaves.
type target struct {
	env     *episode.Env
	world   *state.World
	plan    []episode.ToolCall
	planned *state.State // nil when there is no plan
}

// extra is one call a policy adds after the plan.
type extra struct {
	what string
	call episode.ToolCall
	coll string // the collection it writes, for "did it change anything"
}

// isWrite reports whether a tool may change the state.
func isWrite(t *episode.Tool) bool { return t.Effect.Kind != "search" && t.Effect.Kind != "get" }

func toolCall(name string, args map[string]any) episode.ToolCall {
	b, _ := json.Marshal(args)
	return episode.ToolCall{Name: name, Args: b}
}

func callArgs(c episode.ToolCall) map[string]any {
	var m map[string]any
	_ = json.Unmarshal(c.Args, &m)
	if m == nil {
		m = map[string]any{}
	}
	return m
}

// collName is the world's name of the collection a tool writes.
func collName(t *episode.Tool) string { return t.App + "." + t.Effect.Collection }

// fieldWrites are the collateral edits of a record the plan edits: the
// same tool on the same record, setting an argument the plan left alone
// (a ticket whose priority the task sets, also reassigned).
func (tg *target) fieldWrites() []extra {
	var out []extra
	for _, c := range tg.plan {
		t := tg.env.Tool(c.Name)
		if t == nil || !isWrite(t) || t.Effect.Kind == "delete" {
			continue
		}
		ka := keyArg(t)
		args := callArgs(c)
		key, ok := args[ka]
		if ka == "" || !ok {
			continue
		}
		r, _ := tg.planned.Get(collName(t), state.Text(key))
		props, _ := properties(t)
		for _, p := range props {
			if _, given := args[p.name]; given || p.name == ka || !hasField(t, p.name) {
				continue
			}
			v := otherValue(p, fieldValue(t, r, p.name))
			call := toolCall(t.Name, map[string]any{ka: key, p.name: v})
			out = append(out, extra{fmt.Sprintf("%s on %v with %s set to %v", t.Name, key, p.name, v), call, collName(t)})
			if len(out) == maxFieldWrites {
				return out
			}
		}
	}
	return out
}

// hasField reports whether an argument writes a field of the tool's
// collection.
func hasField(t *episode.Tool, arg string) bool {
	c := collectionOf(t)
	if c == nil {
		return false
	}
	_, ok := c.Fields[t.Effect.FieldOf(arg)]
	return ok
}

// toolWrites are the write tools the plan does not use, each once on a
// real record: one the plan wrote when the tool reaches its collection
// (an employee whose title the task fixes, also terminated), else the
// first of the collection; a create with the values another record has.
func (tg *target) toolWrites() []extra {
	used := map[string]bool{}
	for _, c := range tg.plan {
		used[c.Name] = true
	}
	var tools []*episode.Tool
	for _, t := range tg.env.Tools() {
		if !used[t.Name] && isWrite(t) && collectionOf(t) != nil {
			tools = append(tools, t)
		}
	}
	slices.SortFunc(tools, func(a, b *episode.Tool) int { return strings.Compare(a.Name, b.Name) })
	rotate(tools, tg.env.ID)
	var out []extra
	for _, t := range tools {
		if x, ok := tg.writeOn(t, tg.chosenRecord(t), otherValue); ok {
			out = append(out, x)
		}
		if len(out) == maxToolWrites {
			break
		}
	}
	return out
}

// rotate starts a list at a place the environment id picks, so that a
// corpus's environments sharing tools probe different ones first.
func rotate[T any](xs []T, id string) {
	if len(xs) < 2 {
		return
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	n := int(h.Sum32() % uint32(len(xs)))
	slices.Reverse(xs[:n])
	slices.Reverse(xs[n:])
	slices.Reverse(xs)
}

// chosenRecord is the record a tool is tried on: one the plan edited in
// its collection, else the collection's first; nil when it has none. A
// record the task itself creates is left out: its fields the goal does
// not check are the agent's to choose.
func (tg *target) chosenRecord(t *episode.Tool) state.Record {
	name := collName(t)
	if tg.planned != nil {
		base := tg.world.Collection(name)
		for _, k := range slices.Sorted(maps.Keys(tg.planned.Dirty(name))) {
			_, existed := base.Lookup(k)
			if r, ok := tg.planned.Get(name, k); ok && existed {
				return r
			}
		}
	}
	c := tg.world.Collection(name)
	if c == nil || len(c.Records) == 0 {
		return nil
	}
	return c.Records[0]
}

// writeOn builds a call of t on record r (nil for a create), with value
// choosing each argument from the record's value of its field: the key,
// every required argument, and for an edit one optional argument besides.
func (tg *target) writeOn(t *episode.Tool, r state.Record, value func(property, any) any) (extra, bool) {
	ka := keyArg(t)
	args := map[string]any{}
	if ka != "" {
		if r == nil {
			return extra{}, false
		}
		k, ok := state.KeyOf(r, tg.world.Collection(collName(t)).Key)
		if !ok {
			return extra{}, false
		}
		args[ka] = k
	}
	props, req := properties(t)
	optional := ka != ""
	for _, p := range props {
		if p.name == ka {
			continue
		}
		if req[p.name] || optional && hasField(t, p.name) {
			args[p.name] = value(p, fieldValue(t, r, p.name))
			optional = optional && req[p.name]
		}
	}
	what := fmt.Sprintf("%s %v", t.Name, args[ka])
	if ka == "" {
		what = t.Name + " (a new record)"
	}
	return extra{what, toolCall(t.Name, args), collName(t)}, true
}
