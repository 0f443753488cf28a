package synth

import (
	"regexp"
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// teamKeyRE is a Linear team key as the product has one: a short word of
// capital letters ("ENG"), never an issue's identifier ("TEA-5622").
var teamKeyRE = regexp.MustCompile(`^[A-Z][A-Z0-9]{0,4}$`)

// TestRepliesAndTeamKeysAsTheProducts synthesises Mattermost and Linear
// worlds: a reply's root_id names a post of the world in the reply's own
// channel (synthesis draws no reply it cannot root so: every post it
// writes is a thread's root), and a Linear team's key is a short word of
// capitals, one per team; coherence finds no rule broken in them.
func TestRepliesAndTeamKeysAsTheProducts(t *testing.T) {
	drawn, replies, keys := 0, 0, 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "mattermost", "linear")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			posts := map[string]map[string]any{}
			for _, p := range d.Records["mattermost"]["posts"] {
				posts[state.Text(p["id"])] = p
			}
			drawn += len(d.Records["mattermost"]["posts"])
			for _, p := range d.Records["mattermost"]["posts"] {
				root := state.Text(p["root_id"])
				if root == "" {
					continue
				}
				replies++
				r := posts[root]
				if r == nil {
					t.Errorf("%s: post %v replies to %q, which is no post", d.ID, p["id"], root)
				} else if state.Text(r["channel_id"]) != state.Text(p["channel_id"]) {
					t.Errorf("%s: post %v in %v replies to %v in %v", d.ID, p["id"], p["channel_id"], root, r["channel_id"])
				}
			}
			seen := map[string]bool{}
			for _, tm := range d.Records["linear"]["teams"] {
				k := state.Text(tm["key"])
				keys++
				if !teamKeyRE.MatchString(k) {
					t.Errorf("%s: team %v has key %q, not a short word of capitals", d.ID, tm["name"], k)
				}
				if seen[k] {
					t.Errorf("%s: two teams have the key %q", d.ID, k)
				}
				seen[k] = true
			}
		}
	}
	t.Logf("%d posts, %d of them replies, %d team keys", drawn, replies, keys)
	if drawn < 5 || keys < 5 {
		t.Errorf("%d posts and %d team keys drawn, want more", drawn, keys)
	}
}

// TestRequestsUnderTypesOfTheirKind synthesises Jira Service Management
// worlds: a request is raised under a request type of its kind of case
// and of no other topic (no refund under "Book a meeting room", no login
// fault under "Fix a printer"), in its type's service desk; a request of
// a topic a type may name (a parcel that arrived damaged) is raised under
// a type naming it, never under one at large ("Ask about an order");
// coherence finds no rule broken in them.
func TestRequestsUnderTypesOfTheirKind(t *testing.T) {
	requests := 0
	kinds := map[string]int{}
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "jira_service_management")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			types := map[string]map[string]any{}
			for _, rt := range d.Records["jira_service_management"]["request_types"] {
				types[state.Text(rt["id"])] = rt
			}
			for _, r := range d.Records["jira_service_management"]["requests"] {
				rt := types[state.Text(r["requestTypeId"])]
				if rt == nil {
					continue
				}
				requests++
				kind := atom.CaseKind(state.Text(r["summary"]))
				kinds[kind]++
				var desk []string
				for _, o := range d.Records["jira_service_management"]["request_types"] {
					if state.Text(o["serviceDeskId"]) == state.Text(rt["serviceDeskId"]) {
						desk = append(desk, state.Text(o["name"]))
					}
				}
				if topic := atom.CaseTopic(state.Text(r["summary"])); topic != "" && atom.CaseTopic(state.Text(rt["name"])) == "" &&
					slices.ContainsFunc(nounVocab["request_type"], func(n string) bool {
						return atom.CaseTopic(n) == topic && atom.CaseFits(state.Text(r["summary"]), n)
					}) {
					t.Errorf("%s: request %v %q of topic %q is raised under %q at large, though a desk may name a type of its topic", d.ID, r["issueKey"], r["summary"], topic, rt["name"])
				}
				if !atom.CaseFitsAmong(state.Text(r["summary"]), state.Text(rt["name"]), desk) {
					t.Errorf("%s: request %v %q (%s, %q) is raised under %q (%s, %q)", d.ID, r["issueKey"], r["summary"], kind,
						atom.CaseTopic(state.Text(r["summary"])), rt["name"], atom.CaseKind(state.Text(rt["name"])), atom.CaseTopic(state.Text(rt["name"])))
				}
				if state.Text(r["serviceDeskId"]) != state.Text(rt["serviceDeskId"]) {
					t.Errorf("%s: request %v is in desk %v, its type %v in %v", d.ID, r["issueKey"], r["serviceDeskId"], rt["id"], rt["serviceDeskId"])
				}
			}
		}
	}
	t.Logf("%d requests under a type, by kind %v", requests, kinds)
	if requests < 5 || len(kinds) < 3 {
		t.Errorf("%d requests of %d kinds drawn, want more", requests, len(kinds))
	}
}
