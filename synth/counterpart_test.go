package synth

import (
	"regexp"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
)

// homeOfRE reads the company a data atom's world is about from its
// description ("Calendly and Box at Polaris LLC on Wednesday 1 April").
var homeOfRE = regexp.MustCompile(` at (.+?) on \w+day `)

// TestHomeCompanyIsNoCounterpart synthesises apps whose texts are
// written by the company's own people (a Box file's owner, a Teams
// message's sender, a Freshservice requester, a Mattermost or Zulip
// team): none speaks of the company the world is about as the other
// party ("Send Polaris LLC the revised figures" in Polaris LLC's own
// Box, "Where Massive Inc and our team coordinate" in its Zulip), by
// coherence's rule and by the reading's phrases, and no customer,
// contact or other record a row was drawn for names it by chance.
func TestHomeCompanyIsNoCounterpart(t *testing.T) {
	c, servers := readWorld(t, 57, "box", "microsoft_teams", "freshservice", "jira_service_management", "mattermost", "zulip", "hubspot")
	worlds, texts, bad := 0, 0, 0
	for _, d := range c.Data {
		m := homeOfRE.FindStringSubmatch(d.Description)
		if m == nil {
			continue
		}
		worlds++
		home := regexp.QuoteMeta(m[1])
		phrase := regexp.MustCompile(`Send ` + home + ` the|the ` + home + ` (call|kickoff)|everyone at ` + home + `|Where ` + home + ` and our team|a short note for ` + home + `|` + home + `'s request has been with our team`)
		for app, byName := range d.Records {
			for name, recs := range byName {
				def := servers[app].Collection(name)
				for _, rec := range recs {
					for f, fd := range def.Fields {
						s, ok := rec[f].(string)
						if !ok || fd.Role != atom.RoleText {
							continue
						}
						texts++
						if s == "" {
							// a text whose every frame named the company
							// as the other party is written otherwise,
							// never left empty
							if bad++; bad <= 10 {
								t.Errorf("%s: %s.%s %v has an empty %s", d.ID, app, name, rec[def.Key], f)
							}
						}
						if phrase.MatchString(s) {
							if bad++; bad <= 10 {
								t.Errorf("%s: %s.%s %s %q speaks of %s as the other party", d.ID, app, name, f, s, m[1])
							}
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, "", "as the other party") {
			if bad++; bad <= 10 {
				t.Errorf("%s: %v", v, v.Value)
			}
		}
	}
	if worlds < 10 || texts < 500 {
		t.Fatalf("read %d worlds, %d texts", worlds, texts)
	}
	if bad > 0 {
		t.Errorf("%d texts of %d worlds speak of the world's own company as the other party or are empty", bad, worlds)
	}
}

// TestCounterpartIsNeverHome: a row drawn for someone the world deals
// with is never at the company the world is about, even where the pool
// draws that company; the world's own people are put at home on purpose.
func TestCounterpartIsNeverHome(t *testing.T) {
	v := newValuer(5, "rows", time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
	v.home = gen.Company{Name: "Globex Labs", Domain: gen.Domain("Globex Labs")}
	if c := v.counterpart(v.home); c.Name == v.home.Name || c.Domain == v.home.Domain {
		t.Errorf("a counterpart drawn at %s stays there: %+v", v.home.Name, c)
	}
	other := gen.Company{Name: "Acme Health", Domain: gen.Domain("Acme Health")}
	if c := v.counterpart(other); c != other {
		t.Errorf("a counterpart at %s moved to %+v", other.Name, c)
	}
	for range 2000 {
		if rw := v.newRow(); rw.c.Name == v.home.Name {
			t.Fatalf("a new row was drawn at home, %s", v.home.Name)
		}
	}
}
