package episode

import (
	"encoding/json"
	"sort"
	"sync"

	"github.com/legoenv/legoenv/atom"
)

// The slots an intent uses depend on the intent atom alone, yet finding
// them renders its goal and plan as JSON, and every composition of every
// environment did it again. Like tools (tool_cache.go), they are cached by
// the address of the atom, which is never edited in place.
var slotCache = struct {
	sync.Mutex
	m map[*atom.Intent][]string
}{m: map[*atom.Intent][]string{}}

// maxSlotCache bounds the cache; past it the cache starts afresh.
const maxSlotCache = 1 << 14

// usedSlots returns the slot names an intent's instruction, goal and plan
// use, sorted.
func usedSlots(in *atom.Intent) []string {
	slotCache.Lock()
	names, ok := slotCache.m[in]
	slotCache.Unlock()
	if ok {
		return names
	}
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
	names = make([]string, 0, len(used))
	for n := range used {
		names = append(names, n)
	}
	sort.Strings(names)
	slotCache.Lock()
	if len(slotCache.m) >= maxSlotCache {
		slotCache.m = map[*atom.Intent][]string{}
	}
	slotCache.m[in] = names
	slotCache.Unlock()
	return names
}
