package synth

import (
	"strings"
	"testing"
	"time"

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
// groups, Drive's grants to a group, Teams channels' addresses): none
// holds one person's name or address, and a shared inbox's or a channel's
// name and address are one team's.
func TestTeamsAreNotPeople(t *testing.T) {
	c, servers := readWorld(t, 43, "hiver", "helpscout", "servicenow", "google_drive", "google_docs", "microsoft_teams")
	bad, teams := 0, 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for name, recs := range byName {
				for _, r := range recs {
					for _, inv := range servers[app].Collection(name).Invariants {
						if nf := inv.Fields[0]; inv.TeamApplies(r) && (nf == "name" || nf == "displayName") {
							teams++
							if email := state.Text(r["email"]); email != "" && !strings.HasPrefix(email, slugOf(state.Text(r[nf]))+"@") {
								t.Errorf("%s: %s.%s %v is named %q at %s", d.ID, app, name, r["id"], r[nf], email)
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

// TestUniqueInScopes synthesises apps whose names and numbers are unique
// in a scope or across collections (a Confluence page's title in its
// space, a GitHub issue's and pull request's number in their repository,
// a Slack channel's name, a Box item's name in its folder, a Squarespace
// product's slug, a Linear team's name and key, a ClickUp space's name):
// none is held twice, and every record a task names is still there.
func TestUniqueInScopes(t *testing.T) {
	c, servers := readWorld(t, 47, "confluence", "github", "slack", "box", "squarespace_commerce", "linear", "clickup")
	bad, pages, shared := 0, 0, 0
	for _, d := range c.Data {
		pages += len(d.Records["confluence"]["pages"])
		repos := map[string]bool{}
		for _, r := range d.Records["github"]["issues"] {
			repos[state.Text(r["repo"])] = true
		}
		for _, r := range d.Records["github"]["pull_requests"] {
			if repos[state.Text(r["repo"])] {
				shared++ // a repository holds issues and pull requests: they share its counter
				break
			}
		}
		for n, h := range d.Handles {
			if findRec(d.Records[h.App][h.Collection], servers[h.App].Collection(h.Collection).KeyField(), h.Key) == nil {
				t.Errorf("%s: handle %s names %s.%s %s, which is gone", d.ID, n, h.App, h.Collection, h.Key)
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "is also") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
	}
	t.Logf("%d repeated values among %d pages and %d worlds of issues and pull requests, in %d data atoms", bad, pages, shared, len(c.Data))
	if pages < 50 || shared < 3 || bad > 0 {
		t.Errorf("%d repeated values among %d pages and %d worlds of issues and pull requests", bad, pages, shared)
	}
}

// TestOwnLinks synthesises apps whose records carry their own address in
// the product (a Shortcut story's app_url, a Drive file's web_view_link,
// a Calendly event's uri, a Zoom meeting's join_url, a Quip thread's
// link): each names its record's key, the ones an own_link rule declares
// and any other drawn on the product's site.
func TestOwnLinks(t *testing.T) {
	c, servers := readWorld(t, 53, "shortcut", "google_drive", "calendly", "zoom", "quip", "figma")
	bad, links := 0, 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			site := "https://" + productSite(app) + "/"
			for name, recs := range byName {
				def := servers[app].Collection(name)
				for _, r := range recs {
					for f, fd := range def.Fields {
						link, ok := r[f].(string)
						if fd.Role != atom.RoleURL || !ok || !strings.HasPrefix(link, site) {
							continue
						}
						if links++; !atom.LinkNames(link, state.Text(r[def.KeyField()])) {
							if bad++; bad <= 5 {
								t.Errorf("%s: %s.%s %v %s %s names another record", d.ID, app, name, r[def.KeyField()], f, link)
							}
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "does not name the record's own") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
	}
	t.Logf("%d links of another record among %d, in %d data atoms", bad, links, len(c.Data))
	if links < 100 || bad > 0 {
		t.Errorf("%d links of another record among %d", bad, links)
	}
}

// TestChannelNameOncePerTeam: two Mattermost channels of one team whose
// display names make one name ("Deal Cedar", "deal-cedar") come apart,
// each name still made of its own display name; a channel of another
// team keeps the name.
func TestChannelNameOncePerTeam(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("mattermost"), nil)
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"mattermost": {
		"teams": {{"id": "te1", "name": "sales", "display_name": "Sales"}, {"id": "te2", "name": "ops", "display_name": "Ops"}},
		"channels": {
			{"id": "ch1", "team_id": "te1", "type": "O", "display_name": "Deal Cedar", "name": "deal-cedar"},
			{"id": "ch2", "team_id": "te1", "type": "O", "display_name": "deal-cedar", "name": "deal-cedar"},
			{"id": "ch3", "team_id": "te2", "type": "O", "display_name": "Deal Cedar", "name": "deal-cedar"},
		},
	}}}
	db := &dataBuilder{val: newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
	db.keepUnique([]*appModel{m})
	db.deriveFields([]*appModel{m})
	chs := d.Records["mattermost"]["channels"]
	if chs[0]["name"] == chs[1]["name"] {
		t.Errorf("two channels of one team named %v", chs[0]["name"])
	}
	for _, c := range chs {
		if c["name"] != atom.Slug(state.Text(c["display_name"])) {
			t.Errorf("channel %v named %v, its display name %v", c["id"], c["name"], c["display_name"])
		}
	}
	if chs[2]["name"] != "deal-cedar" {
		t.Errorf("the other team's channel renamed %v", chs[2]["name"])
	}
}

// TestExternalIDsAreOnePersons synthesises Zendesk, whose users'
// external_id is unique in an account (a unique rule): no two users hold
// one, not even people who share a name, and each is of the form the
// others are.
func TestExternalIDsAreOnePersons(t *testing.T) {
	c, _ := readWorld(t, 59, "zendesk")
	users, bad := 0, 0
	for _, d := range c.Data {
		seen := map[string]string{}
		for _, u := range d.Records["zendesk"]["users"] {
			x := state.Text(u["external_id"])
			if x == "" {
				continue
			}
			users++
			if strings.Trim(x, "0123456789") != "" {
				t.Errorf("%s: user %s's external_id %q is not a number as the others are", d.ID, state.Text(u["id"]), x)
			}
			if other, dup := seen[x]; dup {
				if bad++; bad <= 5 {
					t.Errorf("%s: users %s and %s both hold external_id %q", d.ID, other, state.Text(u["id"]), x)
				}
			}
			seen[x] = state.Text(u["id"])
		}
	}
	t.Logf("%d users with an external_id in %d data atoms, %d sharing one", users, len(c.Data), bad)
	if users < 20 {
		t.Errorf("only %d users with an external_id", users)
	}
}
