package synth

import (
	"strings"
	"testing"
)

// TestNoRecordLeftDisagreeing synthesises Zoho Desk beside apps whose
// tasks draw look-alike accounts: a ticket whose contact writes from one
// company and whose account is a look-alike of another can agree with
// neither, and is not written (dropDisagreeing), so no agrees rule by
// company is left broken, while the tickets that agree stay.
func TestNoRecordLeftDisagreeing(t *testing.T) {
	tickets := 0
	for _, apps := range [][]string{{"zoho_desk", "github"}, {"zoho_desk", "box"}, {"zoho_desk", "zoho_mail", "lever"}} {
		c, servers := readWorld(t, 1, apps...)
		for _, d := range c.Data {
			tickets += len(d.Records["zoho_desk"]["tickets"])
			for _, v := range violationsOf(d, servers, "", "") {
				if strings.Contains(v.Message, "names the company") {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if tickets < 20 {
		t.Errorf("%d tickets drawn, want more", tickets)
	}
}
