package redteam

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// swaps are the plan with one written value replaced by the same field's
// value on another record of the collection that holds it: another
// ticket's id, another person's address, another stage. Only values that
// matter are swapped: a record's key, or a value the instruction says; a
// value it leaves free (a time-off type it never names) may be anything.
func (tg *target) swaps() [][]episode.ToolCall {
	text := strings.ToLower(tg.env.Instruction)
	var out [][]episode.ToolCall
	for i, c := range tg.plan {
		t := tg.env.Tool(c.Name)
		if t == nil || !isWrite(t) {
			continue
		}
		args := callArgs(c)
		for _, arg := range slices.Sorted(maps.Keys(args)) {
			s, ok := args[arg].(string)
			if !ok || len(s) < 2 || !strings.Contains(text, strings.ToLower(s)) && !tg.isKey(s) {
				continue
			}
			other, ok := tg.otherOf(s)
			if !ok {
				continue
			}
			swapped := maps.Clone(args)
			swapped[arg] = other
			calls := slices.Clone(tg.plan)
			calls[i] = toolCall(c.Name, swapped)
			out = append(out, calls)
			if len(out) == maxSwaps {
				return out
			}
		}
	}
	return out
}

// otherOf finds a record field holding s and returns another record's
// different value of the same field.
func (tg *target) otherOf(s string) (string, bool) {
	for _, name := range tg.world.Names() {
		c := tg.world.Collection(name)
		for _, r := range c.Records {
			for f, v := range r {
				if state.Text(v) != s {
					continue
				}
				for _, o := range c.Records {
					if ov, ok := o[f].(string); ok && ov != "" && ov != s {
						return ov, true
					}
				}
			}
		}
	}
	return "", false
}

// blind is each write tool once, alone, with junk values on the first
// record of its collection: what an agent does that never reads.
func (tg *target) blind() [][]episode.ToolCall {
	var out [][]episode.ToolCall
	tools := slices.Clone(tg.env.Tools())
	rotate(tools, tg.env.ID)
	for _, t := range tools {
		if !isWrite(t) || collectionOf(t) == nil {
			continue
		}
		var r state.Record
		if c := tg.world.Collection(collName(t)); c != nil && len(c.Records) > 0 {
			r = c.Records[0]
		}
		text := strings.ToLower(tg.env.Instruction)
		x, ok := tg.writeOn(t, r, func(p property, _ any) any { return junkValue(p, text) })
		if !ok {
			continue
		}
		out = append(out, []episode.ToolCall{x.call})
		if len(out) == maxBlind {
			break
		}
	}
	return out
}

// shotgun is one trajectory: every write tool that can name a record, on
// every record the instruction names (by key or by a value of five or
// more characters it quotes), with each enum argument set to a value the
// instruction says.
func (tg *target) shotgun() []episode.ToolCall {
	text := strings.ToLower(tg.env.Instruction)
	var calls []episode.ToolCall
	for _, t := range tg.env.Tools() {
		ka := keyArg(t)
		if ka == "" || !isWrite(t) {
			continue
		}
		c := tg.world.Collection(collName(t))
		if c == nil {
			continue
		}
		for _, r := range c.Records {
			if !named(r, c.Key, text) {
				continue
			}
			k, _ := state.KeyOf(r, c.Key)
			args := map[string]any{ka: k}
			props, _ := properties(t)
			for _, p := range props {
				for _, v := range p.enum {
					if s := strings.ToLower(fmt.Sprint(v)); len(s) > 2 && strings.Contains(text, s) {
						args[p.name] = v
						break
					}
				}
			}
			calls = append(calls, toolCall(t.Name, args))
			if len(calls) == maxShotgun {
				return calls
			}
		}
	}
	return calls
}

// named reports whether the instruction names a record: its key, or a
// string value of five or more characters.
func named(r state.Record, key, text string) bool {
	for f, v := range r {
		s, ok := v.(string)
		if !ok {
			continue
		}
		if (f == key && len(s) >= 2 || len(s) >= 5) && strings.Contains(text, strings.ToLower(s)) {
			return true
		}
	}
	return false
}

// isKey reports whether s is the key of a record of the world.
func (tg *target) isKey(s string) bool {
	for _, name := range tg.world.Names() {
		if _, ok := tg.world.Collection(name).Lookup(s); ok {
			return true
		}
	}
	return false
}
