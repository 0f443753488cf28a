package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestPeopleWriteFromTheirOrganisation synthesises CRMs whose people
// reference a company record (Insightly's contacts their organisation,
// Salesforce's contacts their account, Freshdesk's contacts their
// company): no address at a company is off its organisation's domain.
func TestPeopleWriteFromTheirOrganisation(t *testing.T) {
	c, servers := readWorld(t, 27, "insightly", "salesforce", "freshdesk", "freshsales")
	bad, people := 0, 0
	for _, d := range c.Data {
		people += countWhere(d, servers, func(def *atom.Collection) bool { return def.Name == "contacts" })
		for _, v := range violationsOf(d, servers, coherence.RuleIdentity, "is not on the domain") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
	}
	if people < 50 || bad > 0 {
		t.Errorf("%d addresses off their organisation's domain among %d contacts", bad, people)
	}
}
