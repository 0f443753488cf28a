package coherence

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// The company a world is about writes of its customers, partners and
// suppliers as the other party; it is never its own. In its own apps a
// text does not set it beside the writer's side ("Where Massive Inc and
// our team coordinate", "Massive Inc's request has been with our team"),
// hold a call or a kickoff with it ("Added the notes from the Umbrella
// Analytics call", "Confirm the Umbrella Analytics kickoff date"), send
// it things ("Send Umbrella Analytics the revised figures") or greet its
// people as a whole ("Best regards to everyone at Massive Inc"). Its own
// people may still be placed at it ("Olivia joined Massive Inc as
// Operations Lead", "on the Massive Inc team").

// ourWords are the words of the writer's own side.
var ourWords = []string{"we", "us", "our", "ours"}

// AsCounterpart reports whether text speaks of the company named company
// as the other party: in a sentence beside the writer's own side (we,
// us, our), as the party of a call, kickoff or meeting, as the one sent
// something, or as everyone at it.
func AsCounterpart(text, company string) bool {
	if company == "" || !strings.Contains(text, company) {
		return false
	}
	e := regexp.QuoteMeta(company)
	shapes := regexp.MustCompile(`\bthe ` + e + `(?:'s)? (?:call|kickoff|meeting)\b|\b(?:[Ss]end|[Ss]ent) ` + e + ` the\b|\beveryone at ` + e + `\b`)
	if shapes.MatchString(text) {
		return true
	}
	for _, s := range Sentences(text) {
		if strings.Contains(s, company) && atom.HasWord(ownSideWords(strings.ReplaceAll(s, company, "")), ourWords...) {
			return true
		}
	}
	return false
}

// ownSideWords are the words of s written in lower case or capitalised,
// in lower case: "US", a country, is no "us".
func ownSideWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) && r != '\'' }) {
		if l := strings.ToLower(w); w == l || len(w) > 1 && w[1:] == l[1:] {
			out = append(out, l)
		}
	}
	return out
}

// counterpartText checks that a record's free text does not speak of the
// world's own company (its people's domain) as the other party
// (AsCounterpart).
func (c *checker) counterpartText(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil {
		return
	}
	for _, f := range sh.names {
		if sh.fields[f].role != atom.RoleText || sh.def.Fields[f].Type != "string" {
			continue
		}
		text := state.Text(rec[f])
		if text == "" {
			continue
		}
		for _, n := range c.homeIn(text) {
			if AsCounterpart(text, n) {
				c.add(RuleIdentity, coll, key, f, text, "%s speaks of %q, the workspace's own company, as the other party", f, n)
				break
			}
		}
	}
}

// homeIn are the names text holds of the world's own company, among the
// world's companies and those of the pool synthesis draws them from.
func (c *checker) homeIn(text string) []string {
	var out []string
	for _, n := range slices.Concat(slices.Collect(maps.Keys(c.companies)), gen.CompaniesNamed(text)) {
		if strings.Contains(text, n) && !slices.Contains(out, n) && c.isHome(n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}
