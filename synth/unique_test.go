package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestOneGrantPerGrantee synthesises file and board apps whose grants
// are unique per item and address (Drive's permissions, Dropbox's file
// members, Miro's board members): no item is granted twice to one
// address, and every record a task names is still there.
func TestOneGrantPerGrantee(t *testing.T) {
	c, servers := readWorld(t, 41, "google_drive", "google_docs", "dropbox", "miro", "onedrive")
	bad, grants := 0, 0
	for _, d := range c.Data {
		keys := map[string]bool{}
		for app, byName := range d.Records {
			for name, recs := range byName {
				def := servers[app].Collection(name)
				for _, r := range recs {
					keys[app+"."+name+"|"+state.Text(r[def.KeyField()])] = true
				}
			}
		}
		grants += countWhere(d, servers, func(def *atom.Collection) bool {
			return strings.Contains(def.Name, "permissions") || strings.Contains(def.Name, "members")
		})
		for n, h := range d.Handles {
			if !keys[h.App+"."+h.Collection+"|"+h.Key] {
				t.Errorf("%s: handle %s names %s.%s %s, which is gone", d.ID, n, h.App, h.Collection, h.Key)
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "is also") {
			if !strings.Contains(v.Message, " and ") {
				continue
			}
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
	}
	if grants < 50 || bad > 0 {
		t.Errorf("%d repeated grants among %d", bad, grants)
	}
}

// TestTeamsAreNotPeople synthesises apps with shared inboxes, groups and
// grants to groups (Hiver's and Help Scout's shared mailboxes, ServiceNow's
// groups, Drive's grants to a group): none holds one person's name or
// address, and a shared inbox's name and address are one team's.
func TestTeamsAreNotPeople(t *testing.T) {
	c, servers := readWorld(t, 43, "hiver", "helpscout", "servicenow", "google_drive", "google_docs")
	bad, teams := 0, 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for name, recs := range byName {
				for _, r := range recs {
					for _, inv := range servers[app].Collection(name).Invariants {
						if inv.TeamApplies(r) && inv.Fields[0] == "name" {
							teams++
							if email := state.Text(r["email"]); email != "" && !strings.HasPrefix(email, slugOf(state.Text(r["name"]))+"@") {
								t.Errorf("%s: %s.%s %v is named %q at %s", d.ID, app, name, r["id"], r["name"], email)
							}
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "not a team's") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
	}
	if teams < 20 || bad > 0 {
		t.Errorf("%d values of one person among %d teams", bad, teams)
	}
}
