package episode

import (
	"encoding/json"
	"sort"
	"sync"

	"github.com/legoenv/legoenv/atom"
)

// The slots an intent uses depend on the intent atom alone, yet finding
// them renders its goal and plan as JSON, and every composition of every
// environment did it again. They are cached by the atom's id and version
// (the hash of its content): an address would be reused by a later intent
// once the first is collected (a workflow's expanded intent lives for one
// composition), and the cache would answer for the wrong one.
var slotCache = struct {
	sync.Mutex
	m map[string][]string
}{m: map[string][]string{}}

// maxSlotCache bounds the cache; past it the cache starts afresh.
const maxSlotCache = 1 << 14

// usedSlots returns the slot names an intent's instruction, goal and plan
// use, sorted. key is the atom's "id@version", or "" for an intent made
// during composition (not cached).
func usedSlots(key string, in *atom.Intent) []string {
	if key == "" {
		return slotsOf(in)
	}
	slotCache.Lock()
	names, ok := slotCache.m[key]
	slotCache.Unlock()
	if ok {
		return names
	}
	names = slotsOf(in)
	slotCache.Lock()
	if len(slotCache.m) >= maxSlotCache {
		slotCache.m = map[string][]string{}
	}
	slotCache.m[key] = names
	slotCache.Unlock()
	return names
}

// slotsOf finds the slots an intent uses.
func slotsOf(in *atom.Intent) []string {
	used := map[string]bool{}
	collect := func(s string) {
		for _, m := range atom.SlotRE.FindAllStringSubmatch(s, -1) {
			used[m[1]] = true
		}
	}
	collect(in.Instruction)
	b, _ := json.Marshal(in.Goal)
	collect(string(b))
	b, _ = json.Marshal(in.Plan)
	collect(string(b))
	b, _ = json.Marshal(in.OtherBranch)
	collect(string(b))
	names := make([]string, 0, len(used))
	for n := range used {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
