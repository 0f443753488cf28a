package satisfy

import (
	"maps"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// Witnesses: values built to satisfy predicates the planner could not
// satisfy by copying a value (a pattern, several phrases, a record inside a
// list, a field inside an object). Each is checked with HoldsOn or by the
// programs before it is used.

// RegexWitness returns a short text the pattern matches, walking its syntax:
// literals as written, one character of each class, the fewest repetitions,
// the first alternative. Anchors and word boundaries add nothing.
func RegexWitness(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !writeWitness(&b, re.Simplify(), 0) {
		return "", false
	}
	return b.String(), true
}

func writeWitness(b *strings.Builder, re *syntax.Regexp, depth int) bool {
	if depth > 64 || b.Len() > 4096 {
		return false
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				r = unicode.ToLower(r)
			}
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		if len(re.Rune) < 2 {
			return false
		}
		// Prefer a printable character of the class.
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := max(re.Rune[i], ' '); r <= re.Rune[i+1] && r < 0x7f; r++ {
				if unicode.IsPrint(r) {
					b.WriteRune(r)
					return true
				}
			}
		}
		b.WriteRune(re.Rune[0])
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteByte('x')
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
	case syntax.OpCapture:
		return writeWitness(b, re.Sub[0], depth+1)
	case syntax.OpStar, syntax.OpQuest:
	case syntax.OpPlus:
		return writeWitness(b, re.Sub[0], depth+1)
	case syntax.OpRepeat:
		for i := 0; i < re.Min; i++ {
			if !writeWitness(b, re.Sub[0], depth+1) {
				return false
			}
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !writeWitness(b, s, depth+1) {
				return false
			}
		}
	case syntax.OpAlternate:
		return writeWitness(b, re.Sub[0], depth+1)
	default:
		return false
	}
	return true
}

// JoinTexts joins the phrases a text must contain, leaving out a phrase
// another one already contains (ignoring case), in the order given.
func JoinTexts(texts []string) string {
	var keep []string
next:
	for i, t := range texts {
		lt := strings.ToLower(t)
		for j, u := range texts {
			lu := strings.ToLower(u)
			if i != j && strings.Contains(lu, lt) && (len(lu) > len(lt) || (lu == lt && j < i)) {
				continue next
			}
		}
		keep = append(keep, t)
	}
	return strings.Join(keep, " ")
}

// SetPath writes v at a dotted path inside m, making the objects on the way
// (copies of the ones there, so that a record of the state is never
// changed in place). An AnyKey segment takes the key pick gives.
func SetPath(m map[string]any, path []string, v any, pick func() string) {
	seg := path[0]
	if seg == AnyKey {
		seg = pick()
	}
	if len(path) == 1 {
		m[seg] = v
		return
	}
	child, _ := m[seg].(map[string]any)
	cp := make(map[string]any, len(child)+1)
	for k, x := range child {
		cp[k] = x
	}
	m[seg] = cp
	SetPath(cp, path[1:], v, pick)
}

// RecordFor builds a record that satisfies the predicates: each field's
// value from Scalar or List, nested fields inside objects, a
// record of a list for an element predicate. c types the fields when known;
// lists names more fields that hold lists.
func RecordFor(ps []assert.Predicate, c *atom.Collection, lists map[string]bool) (map[string]any, bool) {
	rec := map[string]any{}
	order, groups := ByField(ps)
	for _, f := range order {
		fp := groups[f]
		var fd atom.Field
		if c != nil {
			fd = c.Fields[f]
		}
		var v any
		if IsListPreds(fp) || fd.Type == "array" || lists[f] {
			add, ok := List(fp, nil)
			if !ok {
				return nil, false
			}
			v = add
		} else {
			x, ok := Scalar(fp, fd)
			if !ok {
				return nil, false
			}
			v = x
		}
		SetPath(rec, strings.Split(f, "."), v, func() string { return "value" })
	}
	return rec, AllHold(rec, ps)
}

// IsListPreds reports predicates that only a list satisfies.
func IsListPreds(ps []assert.Predicate) bool {
	for _, p := range ps {
		if p.Op == OpElem {
			return true
		}
	}
	return false
}

// KeysOf lists an object's keys in order.
func KeysOf(v any) []string {
	m, _ := v.(map[string]any)
	out := slices.Sorted(maps.Keys(m))
	return out
}
