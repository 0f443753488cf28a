package synth

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
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
		staff += countWhere(d, servers, func(def *atom.Collection) bool { return def.Staff != nil })
		for _, v := range violationsOf(d, servers, coherence.RuleIdentity, "workspace's own people") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
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

// TestColleaguesByAddressAreStaff synthesises apps whose records name a
// member of staff by address (a Re:amaze conversation's assignee, a Zoom
// meeting's host, a Zulip message's sender): every such address is one of
// the app's staff records.
func TestColleaguesByAddressAreStaff(t *testing.T) {
	c, servers := readWorld(t, 53, "calendly", "hootsuite", "pagerduty", "reamaze", "zoom", "zulip")
	refs := map[string]string{ // app.collection.field -> app.collection of staff
		"reamaze.conversations.assignee_email": "reamaze.staff", "zoom.meetings.host_email": "zoom.users",
		"zulip.messages.sender_email":      "zulip.users",
		"calendly.event_types.owner_email": "calendly.users", "pagerduty.notes.user_email": "pagerduty.users",
	}
	checked := 0
	for _, d := range c.Data {
		held := map[string]bool{} // app.collection|address of a staff record
		for app, byName := range d.Records {
			for name, recs := range byName {
				for _, r := range recs {
					for f, fd := range servers[app].Collection(name).Fields {
						if fd.Format == "email" {
							held[app+"."+name+"|"+state.Text(r[f])] = true
						}
					}
				}
			}
		}
		for field, staff := range refs {
			p := strings.Split(field, ".")
			for _, r := range d.Records[p[0]][p[1]] {
				v := state.Text(r[p[2]])
				if v == "" {
					continue
				}
				checked++
				if !held[staff+"|"+v] {
					t.Errorf("%s: %s %q is none of %s", d.ID, field, v, staff)
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("%d addresses checked, want more", checked)
	}
}

// violationsOf checks a synthesised data atom as coherence does and
// returns its violations of rule (every rule where it is "") whose
// message holds says.
func violationsOf(d *atom.Data, servers map[string]*atom.Server, rule, says string) []coherence.Violation {
	var colls []*state.Collection
	for app, byName := range d.Records {
		for name, recs := range byName {
			colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
		}
	}
	clock, _ := time.Parse(time.RFC3339, d.Clock)
	var out []coherence.Violation
	for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
		if (rule == "" || v.Rule == rule) && strings.Contains(v.Message, says) {
			out = append(out, v)
		}
	}
	return out
}

// countWhere is the number of d's records in collections where holds.
func countWhere(d *atom.Data, servers map[string]*atom.Server, holds func(*atom.Collection) bool) int {
	n := 0
	for app, byName := range d.Records {
		for name, recs := range byName {
			if holds(servers[app].Collection(name)) {
				n += len(recs)
			}
		}
	}
	return n
}

// TestPoliciesAreWrittenAtHome synthesises policy workflows: a policy,
// its amendment and the channel the team reports in are the company's
// own, so every address on them (its author's, its recipients') is on
// the domain of the company the world's description names, and every company their texts name is it.
func TestPoliciesAreWrittenAtHome(t *testing.T) {
	c, servers := readWorld(t, 59, "zendesk", "hubspot", "gmail", "jira", "slack", "asana", "proton_mail", "fastmail")
	own := []string{"_wfpol", "_wfupd", "_rcrule", "_wfch", "_team"}
	addresses, texts := 0, 0
	for _, d := range c.Data {
		_, rest, _ := strings.Cut(d.Description, " at ")
		home, _, _ := strings.Cut(rest, " on ")
		domain := gen.Domain(home)
		for name, h := range d.Handles {
			if !slices.ContainsFunc(own, func(s string) bool { return strings.HasSuffix(name, s) }) {
				continue
			}
			def := servers[h.App].Collection(h.Collection)
			for _, r := range d.Records[h.App][h.Collection] {
				if state.Text(r[def.KeyField()]) != h.Key {
					continue
				}
				for f, fd := range def.Fields {
					v := state.Text(r[f])
					switch {
					case v == "":
					case fd.Role == atom.RoleEmail || fd.Role == atom.RoleEmails:
						for _, a := range atom.ReferenceKeys(r[f]) {
							if coherence.FreeMail(a) {
								continue
							}
							addresses++
							if !coherence.OnDomain(a, domain) {
								t.Errorf("%s: %s %s.%s is by or to %s, not at %s (%s)", d.ID, name, h.Collection, f, a, home, domain)
							}
						}
					case fd.Role == atom.RoleText:
						texts++
						for _, co := range gen.CompaniesNamed(v) {
							if co != home {
								t.Errorf("%s: %s %s.%s names %s, not %s: %q", d.ID, name, h.Collection, f, co, home, v)
							}
						}
					}
				}
			}
		}
	}
	if addresses < 5 || texts < 5 {
		t.Errorf("%d addresses and %d texts on the company's own records checked, want more", addresses, texts)
	}
}

// TestOwnersWorkAtTheCompany: the owner or assignee of a record in the
// company's own tools (an Asana task's assignee, a Box file's owned_by, a
// Google Docs document's owner) is one of its people, on its domain.
func TestOwnersWorkAtTheCompany(t *testing.T) {
	c, servers := readWorld(t, 52, "asana", "box", "google_docs", "expensify")
	owners := 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for name, recs := range colls {
				sh := coherence.ShapeOf(servers[app], servers[app].Collection(name))
				for _, rec := range recs {
					for _, f := range coherence.OwnerAddressFields(sh) {
						if atom.IsSet(rec[f]) {
							owners++
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleIdentity, "") {
			t.Errorf("%s", v)
		}
	}
	if owners < 30 {
		t.Errorf("%d owners' addresses drawn, want more", owners)
	}
}

// TestStaffTextSpeaksOfTheCompany: a record that is one of the
// workspace's own people by its value (a Zendesk agent or admin among end
// users) speaks of the company it works at: the texts of a world's staff
// name one company at most, the world's own, never the customers a row
// drew for them.
func TestStaffTextSpeaksOfTheCompany(t *testing.T) {
	c, servers := readWorld(t, 52, "zendesk")
	users := servers["zendesk"].Collection("users")
	staff, worlds := 0, 0
	for _, d := range c.Data {
		named := map[string]bool{}
		for _, rec := range d.Records["zendesk"]["users"] {
			if !users.Staff.Holds(rec) {
				continue
			}
			staff++
			for f, fd := range users.Fields {
				if s, ok := rec[f].(string); ok && fd.Role == atom.RoleText {
					for _, n := range gen.CompaniesNamed(s) {
						named[n] = true
					}
				}
			}
		}
		if len(named) > 1 {
			t.Errorf("%s: the staff's texts name %d companies: %v", d.ID, len(named), slices.Sorted(maps.Keys(named)))
		}
		worlds++
	}
	if staff < 10 {
		t.Errorf("%d staff users drawn in %d worlds, want more", staff, worlds)
	}
}

// TestStaffAddressesAtTheCompany: an address declared the workspace's own
// (a Box file's owned_by, a Mattermost team's, a Teams channel's) and a
// Freshservice requester's, an employee's, a Brevo campaign's sender,
// one of the account's own, an Expensify policy's employees and the
// reports they submit, and a HubSpot contact's customer success manager
// are drawn on the company's domain.
func TestStaffAddressesAtTheCompany(t *testing.T) {
	apps := []string{"box", "mattermost", "microsoft_teams", "freshservice", "brevo", "expensify", "hubspot"}
	c, servers := readWorld(t, 54, apps...)
	drawn := map[string]int{}
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for name, recs := range colls {
				def := servers[app].Collection(name)
				for _, rec := range recs {
					for f, fd := range def.Fields {
						if (fd.Staff || def.Staff != nil && slices.Contains(def.Staff.AddressFields(def), f)) && atom.IsSet(rec[f]) {
							drawn[app]++
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleIdentity, "") {
			t.Errorf("%s", v)
		}
	}
	t.Logf("staff addresses drawn over %d worlds: %v", len(c.Data), drawn)
	for _, app := range apps {
		if drawn[app] < 5 {
			t.Errorf("%d staff addresses drawn in %s, want more", drawn[app], app)
		}
	}
}

// TestInternalCommentsByTheAgent: a Jira Service Management comment drawn
// internal (public false) is by its request's agent, the assignee, never
// by the customer who raised it.
func TestInternalCommentsByTheAgent(t *testing.T) {
	c, servers := readWorld(t, 54, "jira_service_management", "confluence", "gmail", "box")
	internal := 0
	for _, d := range c.Data {
		reqs := map[string]map[string]any{}
		for _, r := range d.Records["jira_service_management"]["requests"] {
			reqs[state.Text(r["issueKey"])] = r
		}
		for _, cm := range d.Records["jira_service_management"]["comments"] {
			q := reqs[state.Text(cm["issueKey"])]
			if q == nil || cm["public"] != false {
				continue
			}
			internal++
			reporter, _, _ := strings.Cut(state.Text(q["reporter"]), "@")
			if a := state.Text(cm["author"]); a != state.Text(q["assignee"]) || a == reporter {
				t.Errorf("%s: internal comment %v by %q on %v, assigned to %q, raised by %q", d.ID, cm["id"], a, cm["issueKey"], q["assignee"], q["reporter"])
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "does not agree") {
			t.Errorf("%s", v)
		}
	}
	t.Logf("%d internal comments drawn over %d worlds", internal, len(c.Data))
	if internal < 5 {
		t.Errorf("%d internal comments drawn, want more", internal)
	}
}

// TestOwnAddressesAreColleagues: a person whose address a record holds as
// the workspace's own (a Box file's owner, a Teams channel's or a
// Mattermost team's address, a Freshservice ticket's requester, an Asana
// task's assignee, a Google Doc's owner) is one of the company's people,
// so the record's text places them at no other company ("Questions go to
// Sofia Romero at Summit Health" on a file Sofia owns at the company;
// "Called Noor Underwood: Hooli Logistics wants an update" on a task
// assigned to Noor) nor names them as a customer's contact.
func TestOwnAddressesAreColleagues(t *testing.T) {
	c, servers := readWorld(t, 56, "box", "mattermost", "microsoft_teams", "freshservice", "asana", "google_docs")
	checked := 0
	for _, d := range c.Data {
		home := homeCompany(d)
		for app, colls := range d.Records {
			for name, recs := range colls {
				def := servers[app].Collection(name)
				owners := coherence.OwnerAddressFields(coherence.ShapeOf(servers[app], def))
				for _, rec := range recs {
					for _, f := range owners {
						local, _, ok := strings.Cut(state.Text(rec[f]), "@")
						first, last, dotted := strings.Cut(local, ".")
						if !ok || !dotted || last == "" {
							continue
						}
						checked++
						firstName := strings.ToUpper(first[:1]) + first[1:]
						for tf, fd := range def.Fields {
							text := state.Text(rec[tf])
							if fd.Role != atom.RoleText || text == "" {
								continue
							}
							for _, at := range []string{" at ", " of ", " from ", ": "} {
								i := strings.Index(text, firstName+" ")
								for i >= 0 {
									rest := text[i:]
									if j := strings.Index(rest, at); j >= 0 && j <= len(firstName)+len(last)+2 {
										company := rest[j+len(at):]
										if !strings.HasPrefix(company, home) && slices.ContainsFunc(gen.CompaniesNamed(company), func(n string) bool { return strings.HasPrefix(company, n) }) {
											t.Errorf("%s: %s.%s %v held by %s, of %s, reads %q", d.ID, app, name, rec[def.KeyField()], rec[f], home, text)
										}
									}
									k := strings.Index(text[i+1:], firstName+" ")
									if k < 0 {
										break
									}
									i += 1 + k
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d own addresses of a person read", checked)
	if checked < 20 {
		t.Errorf("%d own addresses read, want more", checked)
	}
}

// homeCompany is the company a synthesised world is about, as its
// description names it.
func homeCompany(d *atom.Data) string {
	_, rest, _ := strings.Cut(d.Description, " at ")
	name, _, _ := strings.Cut(rest, " on ")
	return name
}
