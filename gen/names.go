package gen

import (
	"math/rand/v2"
	"strings"
)

// TaskFirstName draws the first name of a person a task names.
func TaskFirstName(r *rand.Rand) string { return pick(r, taskFirstNames) }

// firstNameSet holds every first name either pool draws, lower-cased.
var firstNameSet = func() map[string]bool {
	out := map[string]bool{}
	for _, n := range append(append([]string{}, firstNames...), taskFirstNames...) {
		out[strings.ToLower(n)] = true
	}
	return out
}()

// IsFirstName reports whether s, in any case, is a first name the
// generator draws.
func IsFirstName(s string) bool { return firstNameSet[strings.ToLower(s)] }
