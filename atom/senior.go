package atom

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// chiefTitle is a chief officer's title, by its initials (CEO, CFO, CTO)
// or in words ("Chief People Officer"), or the company's president,
// founder or owner; viceTitle a vice president's; headTitle a head's or
// director's.
var (
	chiefTitle = regexp.MustCompile(`^(?:C[A-Z]{1,2}O\b|Chief\b|(?:Co-?)?[Ff]ounder\b|President\b|Owner\b)`)
	viceTitle  = regexp.MustCompile(`^(?:S|E)?VP\b|\bVice President\b`)
	headTitle  = regexp.MustCompile(`\b(?:Head|Director)\b`)
)

// TitleRank is how senior a job title says its holder is: 3 for a chief
// officer or the company's president, founder or owner, 2 for a vice
// president, 1 for a head of a team or a director, 0 for any other title,
// which says nothing of its holder's rank over others (a product manager
// manages no one for the title).
func TitleRank(title string) int {
	t := strings.TrimSpace(title)
	switch {
	case chiefTitle.MatchString(t):
		return 3
	case viceTitle.MatchString(t):
		return 2
	case headTitle.MatchString(t):
		return 1
	}
	return 0
}

// Junior reports whether rec, under a senior rule, holds a title more
// senior than the one above, the record its reference names, holds
// (TitleRank); a record or one above with no title is not compared.
func (inv Invariant) Junior(rec, above map[string]any) bool {
	own, sup := state.Text(rec[inv.Fields[0]]), state.Text(above[inv.Fields[2]])
	return inv.Rule == "senior" && own != "" && sup != "" && TitleRank(sup) < TitleRank(own)
}

// SeniorRank is the least TitleRank a senior rule of two fields keeps
// off its Values: a head's or a director's, a title that leads others.
const SeniorRank = 1

// RankStates reports whether inv is a senior rule of two fields: one
// that keeps the states Values of Fields[1] off a senior title.
func (inv Invariant) RankStates() bool { return inv.Rule == "senior" && len(inv.Fields) == 2 }

// RankedOut reports whether rec breaks a senior rule of two fields: its
// title ranks SeniorRank or above and its state is one of Values (a CTO
// or a head of partnerships employed as an intern).
func (inv Invariant) RankedOut(rec map[string]any) bool {
	return inv.RankStates() && TitleRank(state.Text(rec[inv.Fields[0]])) >= SeniorRank &&
		slices.Contains(inv.Values, state.Text(rec[inv.Fields[1]]))
}

// validateSenior checks that a senior rule compares job titles, its own
// and the referenced record's, across a single reference; of two fields,
// that it reads a job title and keeps values of the other field's enum
// off it.
func validateSenior(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	if inv.RankStates() {
		return validateRankStates(e, c, inv, at)
	}
	ds := validateRefTarget(e, s, c, inv, inv.Fields[2:3], at, ".fields", 2)
	if f, ok := c.Fields[inv.Fields[0]]; ok && f.Role != RoleJobTitle {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "senior reads seniority from job titles; %s is of role %q", inv.Fields[0], f.Role))
	}
	ref := c.Fields[inv.Fields[1]]
	if ref.Type == "array" {
		ds = append(ds, e.Diag(Error, at+".fields[1]", "senior needs a single reference; %s is a list", inv.Fields[1]))
	}
	if t := s.Collection(ref.Ref); t != nil {
		if f, ok := t.Fields[inv.Fields[2]]; ok && f.Role != RoleJobTitle {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[2]", at), "senior reads seniority from job titles; %s of %s is of role %q", inv.Fields[2], ref.Ref, f.Role))
		}
	}
	return ds
}

// validateRankStates checks a senior rule of two fields: a job title,
// and Values, states of the second field's enum, to keep off a senior one.
func validateRankStates(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if f, ok := c.Fields[inv.Fields[0]]; ok && f.Role != RoleJobTitle {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "senior reads seniority from job titles; %s is of role %q", inv.Fields[0], f.Role))
	}
	if len(inv.Values) == 0 {
		return append(ds, e.Diag(Error, at+".values", "a senior rule of two fields lists the states of %s a senior title never holds", inv.Fields[1]))
	}
	return append(ds, valuesOf(e, c, inv.Fields[1], inv.Values, at+".values")...)
}
