package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A text saying its person just joined their company contradicts a tenure
// of years (a Salesforce contact "joined Globex LLC on 27 February" with
// years_at_company 16): the tenure is none, or else the sentence goes and
// the rest of the text stays; a
// newcomer's tenure, a text saying nothing of joining, and a count of years
// that is no tenure at a company contradict nothing.
func TestJoinedYetLongThere(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "contacts", Fields: map[string]atom.Field{
		"description":      {Type: "string", Role: atom.RoleText},
		"years_at_company": {Type: "integer", Role: atom.RoleCount},
		"experience_years": {Type: "integer", Role: atom.RoleCount},
	}}}}
	def := &s.Collections[0]
	for _, c := range []struct {
		name string
		rec  map[string]any
		want any // the description mended; nil where nothing contradicts
	}{
		{"joined yet 16 years there", map[string]any{"description": "Zane joined Globex LLC on 27 February. Prefers email.", "years_at_company": 16}, "Prefers email."},
		{"moved there yet 5 years there", map[string]any{"description": "Zane O'Brien moved to Globex LLC as Head of Partnerships.", "years_at_company": 5}, ""},
		{"joined, a newcomer", map[string]any{"description": "Zane joined Globex LLC on 27 February.", "years_at_company": 1}, nil},
		{"years there, nothing of joining", map[string]any{"description": "Zane works at Globex LLC as CFO.", "years_at_company": 16}, nil},
		{"joined, years of experience", map[string]any{"description": "Zane joined Globex LLC on 27 February.", "experience_years": 16}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []Contradiction
			for _, d := range Contradictions(s, def, c.rec) {
				if d.Field == "years_at_company" && d.Or != nil {
					got = append(got, *d.Or)
				}
			}
			switch {
			case c.want == nil && len(got) > 0:
				t.Fatalf("contradiction found: %+v", got)
			case c.want == nil:
				return
			case len(got) != 1:
				t.Fatalf("want one contradiction on years_at_company, or else description, got %+v", got)
			}
			got[0].Mend(c.rec)
			if c.want == "" {
				if _, ok := c.rec["description"]; ok {
					t.Errorf("description kept: %v", c.rec["description"])
				}
			} else if c.rec["description"] != c.want {
				t.Errorf("description mended to %v, want %v", c.rec["description"], c.want)
			}
			if len(Contradictions(s, def, c.rec)) != 0 {
				t.Errorf("mended record still contradicts: %+v", Contradictions(s, def, c.rec))
			}
		})
	}
}

// Where nothing is pinned, the tenure is mended first: the text stays.
func TestJoinedMendsTenureFirst(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "contacts", Fields: map[string]atom.Field{
		"notes":            {Type: "string", Role: atom.RoleText},
		"years_at_company": {Type: "integer", Role: atom.RoleCount},
	}}}}
	rec := map[string]any{"notes": "Zane joined Globex LLC on 27 February.", "years_at_company": 16}
	ds := Contradictions(s, &s.Collections[0], rec)
	if len(ds) != 1 || ds[0].Field != "years_at_company" {
		t.Fatalf("want the tenure contradicted, got %+v", ds)
	}
	ds[0].Mend(rec)
	if rec["years_at_company"] != 0 || rec["notes"] != "Zane joined Globex LLC on 27 February." {
		t.Errorf("mended to %v", rec)
	}
}
