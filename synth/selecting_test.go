package synth

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify"
)

// policyRE reads a status workflow's policy: the group value it selects
// by and the state its records start in.
var policyRE = regexp.MustCompile(`whose ([a-z ]+) is '([^']*)' and whose ([a-z ]+) is still '([^']*)'`)

// TestWorkflowSelectsWhatRulesAllow: a status workflow's policy selects
// records by a group value beside the state they start in, and the
// records it covers hold both as drawn. GitHub keeps state_reason
// not_planned (and completed) off open issues and reopened off closed
// ones (only_when rules), so no policy over open issues selects by a
// reason an open issue cannot hold; its tag workflows, which pin no
// state, stay.
func TestWorkflowSelectsWhatRulesAllow(t *testing.T) {
	c, servers := readWorld(t, 55, "github", "zoho_desk", "discord", "box", "outlook")
	checked, github := 0, 0
	for _, d := range c.Data {
		if !strings.HasPrefix(d.ID, "wf.") {
			continue
		}
		if strings.HasPrefix(d.ID, "wf.github.") {
			github++
		}
		var m []string
		for _, byName := range d.Records {
			for _, recs := range byName {
				for _, rec := range recs {
					for _, v := range rec {
						if s, ok := v.(string); ok && m == nil {
							m = policyRE.FindStringSubmatch(s)
						}
					}
				}
			}
		}
		if m == nil {
			continue
		}
		gv, s0 := m[2], m[4]
		for name, h := range d.Handles {
			if !regexp.MustCompile(`_hiw[0-9]+$`).MatchString(name) {
				continue
			}
			key := servers[h.App].Collection(h.Collection).KeyField()
			for _, rec := range d.Records[h.App][h.Collection] {
				if state.Text(rec[key]) != h.Key {
					continue
				}
				checked++
				var g, f string // the fields the policy names, as it words them
				for k := range servers[h.App].Collection(h.Collection).Fields {
					switch human(k) {
					case m[1]:
						g = k
					case m[3]:
						f = k
					}
				}
				if state.Text(rec[g]) != gv || state.Text(rec[f]) != s0 {
					t.Errorf("%s: %s holds %s %q and %s %q; the policy selects %s %q in %s %q", d.ID, name, g, rec[g], f, rec[f], g, gv, f, s0)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no status workflow selected by group")
	}
	if github == 0 {
		t.Fatal("no GitHub workflow")
	}
	t.Logf("%d selected records checked; %d GitHub workflow worlds", checked, github)
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	var rs []atom.Recipe
	for _, r := range c.Recipes {
		if strings.HasPrefix(r.Intent.ID, "wf.github.") {
			rs = append(rs, r)
		}
	}
	for _, v := range verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2}) {
		if !v.Verified {
			t.Errorf("%s (%s) not verified: %+v", v.EnvID, v.Intent, v.RootCause)
		}
	}
}
