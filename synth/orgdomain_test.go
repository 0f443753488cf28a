package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestPeopleWriteFromTheirOrganisation synthesises CRMs whose people
// reference a company record (Insightly's contacts their organisation,
// Salesforce's contacts their account, Freshdesk's contacts their
// company): no address at a company is off its organisation's domain.
func TestPeopleWriteFromTheirOrganisation(t *testing.T) {
	c, servers := readWorld(t, 27, "insightly", "salesforce", "freshdesk", "freshsales")
	bad, people := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
				if name == "contacts" {
					people += len(recs)
				}
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleIdentity && strings.Contains(v.Message, "is not on the domain") {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if people < 50 || bad > 0 {
		t.Errorf("%d addresses off their organisation's domain among %d contacts", bad, people)
	}
}
