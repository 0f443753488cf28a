package synth

import (
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestSendersOfOneNameShareTheirAddress: an address a field declares the
// company's own (a Constant Contact campaign's from_email, a Brevo
// campaign's sender) names a member of staff acting on the record, and a
// member of staff of one name is one person at the company: two
// campaigns of Kwame Müller go out from one address, never the second
// from an office's subdomain (eu.blueharborlogistics.example), which
// reads as another company's address. (A namesake of a record a task
// names keeps an office's address: the task tells them apart.)
func TestSendersOfOneNameShareTheirAddress(t *testing.T) {
	n := 0
	for _, seed := range []int64{3, 54} {
		c, servers := readWorld(t, seed, "constant_contact", "dynamics365", "brevo", "mailchimp")
		for _, d := range c.Data {
			byLocal := map[string]string{}
			named := map[string]bool{}
			for _, h := range d.Handles {
				named[h.App+"."+h.Collection+"."+h.Key] = true
			}
			for app, colls := range d.Records {
				for name, recs := range colls {
					def := servers[app].Collection(name)
					for _, rec := range recs {
						if named[app+"."+name+"."+state.Text(rec[def.KeyField()])] {
							continue // a look-alike of it keeps an office's address, to tell them apart
						}
						for f, fd := range def.Fields {
							local, dom, ok := strings.Cut(strings.ToLower(state.Text(rec[f])), "@")
							if !fd.Staff || !ok || def.Staff != nil && slices.Contains(def.Staff.AddressFields(def), f) {
								continue
							}
							n++
							if o, seen := byLocal[local]; seen && o != dom && (strings.HasSuffix(dom, "."+o) || strings.HasSuffix(o, "."+dom)) {
								t.Errorf("%s: %s.%s %s writes from %s and %s", d.ID, app, name, local, o, dom)
							}
							if o, seen := byLocal[local]; !seen || len(dom) < len(o) {
								byLocal[local] = dom
							}
						}
					}
				}
			}
		}
	}
	if n < 50 {
		t.Fatalf("%d staff addresses checked, want more", n)
	}
}
