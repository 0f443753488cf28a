package coherence

import (
	"fmt"
	"regexp"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// joinedRE finds a sentence saying a person is new at a company: they
// joined it, moved or started there ("Zane joined Globex LLC on 27
// February.", "Zane O'Brien moved to Globex LLC as Head of Partnerships.").
var joinedRE = regexp.MustCompile(`\b(?:joined|moved to|started at|is new at|came to) [A-Z0-9]`)

// tenureWords name a count of years a person has been with their company
// (Salesforce's years_at_company, a tenure).
var tenureWords = []string{"company", "employer", "firm", "organization", "organisation"}

// newcomerYears is the tenure from which a person is no newcomer: one who
// joined on a day of the last year or so has been there less than two.
const newcomerYears = 2

// tenureFields are rec's fields counting the years a person has been with
// their company: a count named for years at a company, or a tenure.
func tenureFields(sh *Shape) []string {
	var out []string
	for _, f := range sh.names {
		ws := sh.fields[f].words
		if atom.HasWord(ws, "tenure") || atom.HasWord(ws, "years") && atom.HasWord(ws, tenureWords...) {
			out = append(out, f)
		}
	}
	return out
}

// joinedYetLongThere finds a text saying its person just joined their
// company (joined it, moved there) on a record whose tenure says they
// have been there for years (a Salesforce contact "joined Globex LLC on
// 27 February" with years_at_company 16): the tenure is the newcomer's
// none, or else, where a task keeps it, the sentences go, and the text
// with them where nothing else is left.
func joinedYetLongThere(sh *Shape, rec map[string]any) []Contradiction {
	tenure := ""
	for _, f := range tenureFields(sh) {
		if x, ok := state.Number(rec[f]); ok && x >= newcomerYears {
			tenure = f
			break
		}
	}
	if tenure == "" {
		return nil
	}
	var out []Contradiction
	for _, f := range TextFields(sh.server, sh.def) {
		text, _ := rec[f].(string)
		want, changed := withoutSentences(text, joinedRE.MatchString)
		if !changed {
			continue
		}
		why := fmt.Sprintf("%s says the person just joined their company, but %s is %v", f, tenure, rec[tenure])
		out = append(out, Contradiction{tenure, why, 0, &Contradiction{f, why, want, nil}})
	}
	return out
}
