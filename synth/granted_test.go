package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestCommentsByThoseTheDocumentLetsIn: every Google Docs comment drawn is
// by someone its document lets comment (the granted rule the atom
// declares), and a document holds at most one grant to anyone and one to
// a domain (unique with values): coherence finds neither rule broken in
// the data drawn, over documents with grants and without.
func TestCommentsByThoseTheDocumentLetsIn(t *testing.T) {
	c := synthApps(t, 3, "google_docs", "google_drive", "asana")
	servers := map[string]*atom.Server{}
	for _, app := range []string{"google_docs", "google_drive", "asana"} {
		servers[app] = builtinServers(t).ServerFor(app).MustServer()
	}
	comments, authors := 0, map[string]bool{}
	for _, d := range c.Data {
		for _, r := range d.Records["google_docs"]["comments"] {
			comments++
			authors[state.Text(r["author"])] = true
		}
		for _, v := range checkData(t, d, servers) {
			if v.Collection == "google_docs.comments" && v.Field == "author" || v.Collection == "google_docs.permissions" && v.Field == "type" {
				t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
			}
		}
	}
	t.Logf("%d comments by %d authors in %d data atoms", comments, len(authors), len(c.Data))
	if comments < 20 || len(authors) < 5 {
		t.Fatalf("drew %d comments by %d authors", comments, len(authors))
	}
}

// TestGrantWritersAddsTheGrant: a comment whose document lets no one in by
// name gets its author a commenter grant; one whose document grants
// others takes one of them as its author; one a task sets the author of
// keeps it, and the grant is added.
func TestGrantWritersAddsTheGrant(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("google_docs"), nil)
	for _, c := range []struct {
		name   string
		perms  []map[string]any
		author string // want
		grants int    // want
	}{
		{"no grant", nil, "li@globex.example", 1},
		{"a reader's grant", []map[string]any{{"id": "perm1", "document_id": "1Doc1", "email_address": "li@globex.example", "role": "reader", "type": "user"}}, "li@globex.example", 1},
		{"another's grant", []map[string]any{{"id": "perm1", "document_id": "1Doc1", "email_address": "bo@globex.example", "role": "writer", "type": "user"}}, "", 1},
	} {
		d := &atom.Data{Records: map[string]map[string][]map[string]any{"google_docs": {
			"documents":   {{"id": "1Doc1", "title": "Plan"}},
			"comments":    {{"id": "AAAB1", "document_id": "1Doc1", "author": "li@globex.example"}},
			"permissions": c.perms,
		}}}
		db := &dataBuilder{val: newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
		db.grantWriters([]*appModel{m})
		recs := d.Records["google_docs"]
		got := state.Text(recs["comments"][0]["author"])
		want := c.author
		if want == "" {
			want = "bo@globex.example"
		}
		if got != want || len(recs["permissions"]) != c.grants {
			t.Errorf("%s: author %s with %d grants, want %s with %d", c.name, got, len(recs["permissions"]), want, c.grants)
		}
		for _, p := range recs["permissions"] {
			if p["email_address"] == got && !strings.Contains("owner writer commenter", state.Text(p["role"])) {
				t.Errorf("%s: the author's grant is %v", c.name, p)
			}
		}
	}
}

// TestChatManagersInNamedSpaces: the Google Chat memberships drawn are a
// manager's only in a named space (the refers_to rule of three fields the
// atom declares), and those of spaces closed to outside users are the
// company's own people's (its staff declaration via the space), while
// spaces of every kind, closed ones and managers are drawn (five variants:
// a member holds one membership of a space, so fewer are drawn per world).
func TestChatManagersInNamedSpaces(t *testing.T) {
	c := synthApps(t, 5, "google_chat", "figma", "copper")
	servers := map[string]*atom.Server{}
	for _, app := range []string{"google_chat", "figma", "copper"} {
		servers[app] = builtinServers(t).ServerFor(app).MustServer()
	}
	members, managers, kinds, closed := 0, 0, map[string]bool{}, 0
	for _, d := range c.Data {
		for _, s := range d.Records["google_chat"]["spaces"] {
			kinds[state.Text(s["spaceType"])] = true
			if s["externalUserAllowed"] == false {
				closed++
			}
		}
		closedSpace, domains := map[string]bool{}, map[string]bool{}
		for _, s := range d.Records["google_chat"]["spaces"] {
			closedSpace[state.Text(s["name"])] = s["externalUserAllowed"] == false
		}
		for _, r := range d.Records["google_chat"]["memberships"] {
			if _, dom, ok := strings.Cut(state.Text(r["member_email"]), "@"); ok && closedSpace[state.Text(r["space"])] {
				domains[dom] = true
			}
		}
		if len(domains) > 1 {
			t.Errorf("%s: the members of spaces closed to outside users are at %v, not one company", d.ID, domains)
		}
		for _, r := range d.Records["google_chat"]["memberships"] {
			members++
			if r["role"] == "ROLE_MANAGER" {
				managers++
			}
		}
		for _, v := range checkData(t, d, servers) {
			if v.Collection == "google_chat.memberships" && (v.Rule == "invariant" || v.Rule == "identity") {
				t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
			}
		}
	}
	t.Logf("%d memberships, %d managers, space kinds %v, %d spaces closed to outside users", members, managers, kinds, closed)
	if members < 20 || managers == 0 || closed == 0 || !kinds["DIRECT_MESSAGE"] {
		t.Fatalf("drew %d memberships, %d managers, space kinds %v", members, managers, kinds)
	}
}

// TestManagerOfADirectMessageBecomesAMember: a manager's membership of a
// direct message no task names becomes a member's, and the direct message
// stays one.
func TestManagerOfADirectMessageBecomesAMember(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("google_chat"), nil)
	cm := m.byName["memberships"]
	inv := cm.c.Invariants[0]
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"google_chat": {
		"spaces":      {{"name": "spaces/DM1", "spaceType": "DIRECT_MESSAGE"}},
		"memberships": {{"name": "spaces/members-1", "space": "spaces/DM1", "role": "ROLE_MANAGER", "state": "JOINED"}},
	}}}
	referToKind(m, cm, inv, d)
	recs := d.Records["google_chat"]
	if recs["memberships"][0]["role"] != "ROLE_MEMBER" || recs["spaces"][0]["spaceType"] != "DIRECT_MESSAGE" {
		t.Errorf("membership %v in space %v, want a member of a direct message", recs["memberships"][0], recs["spaces"][0])
	}
}

// TestOutsiderOfAClosedSpaceMovesHome: a member of a Google Chat space
// closed to outside users whose address is another company's moves onto
// the world's domain; a member of an open space keeps theirs.
func TestOutsiderOfAClosedSpaceMovesHome(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("google_chat"), nil)
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"google_chat": {
		"spaces": {
			{"name": "spaces/AAA1", "displayName": "Launch", "spaceType": "SPACE", "externalUserAllowed": false},
			{"name": "spaces/AAA2", "displayName": "Partners", "spaceType": "SPACE", "externalUserAllowed": true},
		},
		"memberships": {
			{"name": "spaces/members-1", "space": "spaces/AAA1", "member_email": "li.wu@globex.example"},
			{"name": "spaces/members-2", "space": "spaces/AAA2", "member_email": "bo.kim@initech.example"},
		},
	}}}
	val := newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	val.home = val.src.Company()
	db := &dataBuilder{val: val, p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
	db.staffAtHome([]*appModel{m})
	ms := d.Records["google_chat"]["memberships"]
	if got := state.Text(ms[0]["member_email"]); !strings.HasSuffix(got, "@"+strings.ToLower(val.home.Domain)) {
		t.Errorf("the closed space's member is %s, not at %s", got, val.home.Domain)
	}
	if got := state.Text(ms[1]["member_email"]); got != "bo.kim@initech.example" {
		t.Errorf("the open space's member became %s", got)
	}
}

// TestInvitedSenderJoins: a Google Chat message whose sender holds an
// INVITED membership of its space (the atom's granted rule by named)
// makes that membership JOINED; where a task sets the membership's state,
// the message takes a joined member as its sender; a sender no
// membership names keeps theirs.
func TestInvitedSenderJoins(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("google_chat"), nil)
	for _, c := range []struct {
		name, sender string
		pinState     bool
		wantSender   string
		wantState    string
	}{
		{"invited", "ana.ruiz", false, "ana.ruiz", "JOINED"},
		{"invited, state set by a task", "ana.ruiz", true, "bo.kim", "INVITED"},
		{"no membership", "li.wu", false, "li.wu", "INVITED"},
	} {
		d := &atom.Data{Records: map[string]map[string][]map[string]any{"google_chat": {
			"spaces": {{"name": "spaces/AAA1", "displayName": "Launch", "spaceType": "SPACE"}},
			"memberships": {
				{"name": "spaces/members-1", "space": "spaces/AAA1", "member_email": "ana.ruiz@acme.example", "role": "ROLE_MEMBER", "state": "INVITED"},
				{"name": "spaces/members-2", "space": "spaces/AAA1", "member_email": "bo.kim@acme.example", "role": "ROLE_MEMBER", "state": "JOINED"},
			},
			"messages": {{"name": "spaces/msg-1", "space": "spaces/AAA1", "sender": c.sender, "text": "Shipping on Friday."}},
		}}}
		if c.name == "no membership" {
			d.Records["google_chat"]["memberships"][1]["state"] = "INVITED"
		}
		p, keys := newPlan(), map[*collModel]map[string]string{}
		if c.pinState {
			ms := m.byName["memberships"]
			p.need(ms, "invited").set = map[string]any{"state": "INVITED"}
			keys[ms] = map[string]string{"invited": "spaces/members-1"}
		}
		db := &dataBuilder{val: newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), p: p, d: d, keys: keys, used: map[string]bool{}}
		db.grantWriters([]*appModel{m})
		recs := d.Records["google_chat"]
		if got, st := state.Text(recs["messages"][0]["sender"]), state.Text(recs["memberships"][0]["state"]); got != c.wantSender || st != c.wantState || len(recs["memberships"]) != 2 {
			t.Errorf("%s: sender %s, membership %s, %d memberships; want %s, %s, 2", c.name, got, st, len(recs["memberships"]), c.wantSender, c.wantState)
		}
	}
}
