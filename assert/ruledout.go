package assert

import "strings"

// ruledOut reports whether some predicate of the conjunction w certainly
// fails on r, read without CEL: a top-level field the predicate needs set
// is absent or null, or a text field differs from the text it must equal.
// Most records of a collection fail a where on such a predicate, and CEL
// evaluation is most of the cost of scoring; false means CEL decides.
func ruledOut(w Where, r map[string]any) bool {
	for _, pr := range w {
		if strings.Contains(pr.Field, ".") || !needsSet(pr) {
			continue
		}
		v := r[pr.Field]
		if v == nil {
			return true
		}
		if pr.Op != OpEquals {
			continue
		}
		if s, ok := v.(string); ok {
			if want, ok := pr.Value.(string); ok && s != want {
				return true
			}
		}
	}
	return false
}

// needsSet reports whether a predicate fails on an absent or null field
// (the CEL guard of every positive form, predicateCEL).
func needsSet(pr Predicate) bool {
	if pr.Op == OpPresent {
		b, _ := pr.Value.(bool)
		return b
	}
	spec, ok := opNames[pr.Op]
	return ok && !spec.negated
}
