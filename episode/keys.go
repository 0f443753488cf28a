package episode

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/state"
)

// keyMaker draws keys for records the data atom does not key itself
// (generated records, rule documents) in the form of the collection's
// fixed keys: the same prefix and as many digits. A task's records then
// cannot be told from the background by the form of their keys.
type keyMaker struct {
	prefix string
	digits int
	used   map[string]bool
}

// newKeyMaker reads the form of the keys in recs; defPrefix serves a
// collection without fixed records.
func newKeyMaker(key, defPrefix string, recs []state.Record) *keyMaker {
	km := &keyMaker{prefix: defPrefix, digits: 4, used: map[string]bool{}}
	forms := map[string]int{}
	best := 0
	for _, r := range recs {
		k, ok := state.KeyOf(r, key)
		if !ok {
			continue
		}
		km.used[k] = true
		i := strings.IndexFunc(k, unicode.IsDigit)
		if i < 0 || strings.Trim(k[i:], "0123456789") != "" {
			continue
		}
		form := fmt.Sprintf("%s\x00%d", k[:i], len(k)-i)
		forms[form]++
		if forms[form] > best || (forms[form] == best && form < fmt.Sprintf("%s\x00%d", km.prefix, km.digits)) {
			best = forms[form]
			km.prefix, km.digits = k[:i], len(k)-i
		}
	}
	if km.digits < 3 {
		km.digits = 3
	}
	return km
}

// next draws an unused key.
func (km *keyMaker) next(rng *rand.Rand) string {
	lo := 1
	for i := 1; i < km.digits; i++ {
		lo *= 10
	}
	for tries := 0; ; tries++ {
		n := lo + rng.IntN(9*lo)
		if tries > 50 {
			n = 9*lo + tries // past the range: still unique, still digits
		}
		k := fmt.Sprintf("%s%d", km.prefix, n)
		if !km.used[k] {
			km.used[k] = true
			return k
		}
	}
}
