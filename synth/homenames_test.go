package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestHomePeopleAreNoCustomersPeople synthesises worlds of the company's
// own people beside its customers' records: no other record writes a
// person of the company's domain, by full name, as of, at or from a
// company other than the world's own ("Raised by Laura Shah of Granite
// Labs" beside the company's user Laura Shah).
func TestHomePeopleAreNoCustomersPeople(t *testing.T) {
	staff, bad := 0, 0
	for seed := int64(1); seed <= 8; seed++ {
		c, _ := readWorld(t, seed, "salesforce", "zendesk", "hubspot", "slack")
		for _, d := range c.Data {
			home := homeCompany(d)
			domain := gen.Domain(home)
			names := map[string]bool{}
			for _, colls := range d.Records {
				for _, recs := range colls {
					for _, r := range recs {
						if n := homePersonName(r, domain); n != "" {
							names[n] = true
						}
					}
				}
			}
			staff += len(names)
			for app, colls := range d.Records {
				for coll, recs := range colls {
					for _, r := range recs {
						if homePersonName(r, domain) != "" {
							continue
						}
						for _, v := range r {
							text, ok := v.(string)
							if !ok {
								continue
							}
							for n := range names {
								for _, w := range []string{" of ", " at ", " from "} {
									i := strings.Index(text, n+w)
									if i < 0 {
										continue
									}
									rest := text[i+len(n+w):]
									if cs := gen.CompaniesNamed(rest); len(cs) > 0 && strings.HasPrefix(rest, cs[0]) && cs[0] != home {
										if bad++; bad <= 5 {
											t.Errorf("%s: %s.%s %v writes %s, of %s, at %s: %q", d.ID, app, coll, r["id"], n, home, cs[0], text)
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d people of the company's domain, %d texts placing one at another company", staff, bad)
	if staff == 0 {
		t.Errorf("no person of the company's domain drawn")
	}
}

// homePersonName is the full name of r where it is a person at domain
// (an address there, and a name), else "".
func homePersonName(r map[string]any, domain string) string {
	for _, k := range []string{"email", "emailAddress", "email_address"} {
		if e := strings.ToLower(state.Text(r[k])); domain == "" || !strings.HasSuffix(e, "@"+domain) {
			continue
		}
		if n := state.Text(r["name"]); strings.Contains(n, " ") {
			return n
		}
		if f, l := state.Text(r["first_name"]), state.Text(r["last_name"]); f != "" && l != "" {
			return f + " " + l
		}
	}
	return ""
}
