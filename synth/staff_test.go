package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestStaffWorkAtTheWorldsCompany synthesises apps whose users are the
// workspace's own people (Hiver's users, Rippling's employees, Slack's
// members, Zendesk's agents): every work address of them is on the domain
// of the company the world's description names, in every app at once.
func TestStaffWorkAtTheWorldsCompany(t *testing.T) {
	c, servers := readWorld(t, 31, "hiver", "rippling", "slack", "zendesk")
	bad, staff := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				def := servers[app].Collection(name)
				colls = append(colls, state.NewCollection(app+"."+name, def.KeyField(), recs))
				if def.Staff != nil {
					staff += len(recs)
				}
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleIdentity && strings.Contains(v.Message, "workspace's own people") {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if staff < 30 || bad > 0 {
		t.Errorf("%d work addresses off the world's domain among %d staff records", bad, staff)
	}
}

// TestNoMailingToColleagues: tasks treat the workspace's own people as
// colleagues: a notice may go to them, but no marketing mailing, and none
// of them is copied or synced into a record of a customer (a lead, a
// contact, a broadcast).
func TestNoMailingToColleagues(t *testing.T) {
	c, servers := readWorld(t, 37, "hootsuite", "personio", "gmail", "dynamics365", "activecampaign", "slack")
	notices := 0
	for _, in := range c.Intents {
		p := strings.Split(in.ID, ".")
		if len(p) < 4 || servers[p[0]] == nil || servers[p[1]] == nil {
			continue
		}
		src := servers[p[0]].Collection(p[3])
		if src == nil || src.Staff == nil {
			continue
		}
		dst := servers[p[1]].Collection(p[len(p)-1])
		if p[2] == "sync" && len(in.Goal) > 0 {
			_, coll := state.Split(in.Goal[0].Target) // the record synced into
			dst = servers[p[1]].Collection(coll)
		}
		switch fam := p[2]; {
		case fam == "notify":
			notices++
		case fam == "mailing", (fam == "copy" || fam == "sync") && (dst == nil || dst.Staff == nil):
			t.Errorf("%s: %s treats %s.%s, the workspace's own people, as customers", in.ID, fam, p[0], p[3])
		}
	}
	if notices == 0 {
		t.Errorf("no notice to colleagues among %d intents: the test reads nothing", len(c.Intents))
	}
}
