package ground

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// A scoring rubric is a table of conditions with the points each is worth
// (Factor / Condition / Points: "Always" 50, "Q1 or Q2" 15, "Per
// competitor mentioned" -5). A score is the sum of the points of the
// conditions what the agent read meets: "always" always; "per <thing>"
// once for each time one text names the thing; a list of alternatives
// ("CEO, CFO, CTO", "Q1 or Q2") when a text names one; any other
// condition when a text names its first word of four letters or more
// ("Budget amount mentioned": a budget). The texts are those other than
// the rubric's own.

// rubricPoints and rubricConditions are the words that name a rubric's
// columns.
var (
	rubricPoints     = []string{"points", "point", "score", "weight"}
	rubricConditions = []string{"condition", "criteria", "criterion", "rule", "when"}
)

// rubric yields the score of t's rows read as a rubric.
func (ctx *Visible) rubric(t *table, yield func(Formula) bool) bool {
	if len(t.rows) < 3 {
		return true
	}
	pts, cond := rubricColumn(t.fieldNames(), rubricPoints), rubricColumn(t.allFields(), rubricConditions)
	if pts == "" || cond == "" {
		return true
	}
	score := 0.0
	var met []string
	for _, r := range t.rows {
		p, ok1 := r.nums[pts]
		c, ok2 := r.words[cond]
		if !ok1 || !ok2 {
			return true
		}
		if n := ctx.meets(c, r.lists[cond], t.doc); n > 0 {
			score += p * float64(n)
			met = append(met, fmt.Sprintf("%q x%d", c, n))
		}
	}
	how := fmt.Sprintf("the %s of the conditions of %s that what was read meets (%s)", pts, t.name, strings.Join(met, ", "))
	return yield(Formula{Ops: []string{atom.DeriveSum}, Fields: []string{pts, cond}, value: score, How: how})
}

// rubricColumn finds the field whose name is one of words.
func rubricColumn(fields, words []string) string {
	for _, f := range fields {
		if nw := nameWords(f); len(nw) == 1 && slices.Contains(words, nw[0]) {
			return f
		}
	}
	return ""
}

// meets says how many times the texts other than the one at doc meet a
// condition (loose; items where it lists them with commas): 0 or 1, or
// for "per <thing>" the most times one text names the thing.
func (ctx *Visible) meets(c string, items []string, doc int) int {
	words := strings.Fields(c)
	switch {
	case c == "always":
		return 1
	case len(words) >= 2 && words[0] == "per":
		most := 0
		for i, d := range ctx.Docs {
			if i == doc {
				continue
			}
			n := 0
			for _, tok := range strings.Fields(d.text) {
				if SameWord(tok, words[1]) {
					n++
				}
			}
			most = max(most, n)
		}
		return most
	}
	alts := items
	if len(alts) < 2 {
		alts = strings.Split(c, " or ")
	}
	if len(alts) < 2 {
		alts = nil
		for _, w := range words {
			if len(w) >= 4 {
				alts = []string{w}
				break
			}
		}
	}
	for i, d := range ctx.Docs {
		if i == doc {
			continue
		}
		for _, a := range alts {
			if a = strings.TrimSpace(a); a != "" && strings.Contains(d.text, " "+a+" ") {
				return 1
			}
		}
	}
	return 0
}
