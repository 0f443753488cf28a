package plan

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
)

// A new record's key or code the goal leaves open is made in the
// collection's form, never a placeholder and never a key a record holds:
// a space key of capitals from the space's name (another letter where the
// initials are taken), a slug under the owner every slug is under, the
// number after the highest of the collection's codes.
func TestNewKeyInTheCollectionsForm(t *testing.T) {
	spaces := &facts.Coll{Name: "confluence.spaces", App: "confluence", Coll: "spaces", Def: &atom.Collection{Key: "key", Fields: map[string]atom.Field{
		"key": {Type: "string", Role: atom.RoleKeyPrefix}, "name": {Type: "string", Role: atom.RoleTitle}}}}
	repos := &facts.Coll{Name: "github.repositories", App: "github", Coll: "repositories", Def: &atom.Collection{Fields: map[string]atom.Field{
		"full_name": {Type: "string", Role: atom.RoleSlug}, "name": {Type: "string", Role: atom.RoleTitle}}}}
	invoices := &facts.Coll{Name: "books.invoices", App: "books", Coll: "invoices", Def: &atom.Collection{Fields: map[string]atom.Field{
		"number": {Type: "string", Role: atom.RoleCode}, "customer": {Type: "string"}}}}
	w := state.NewWorld(time.Time{},
		state.NewCollection("confluence.spaces", "key", []state.Record{{"key": "DH", "name": "deal-harbor"}, {"key": "SPU", "name": "Spring product update"}}),
		state.NewCollection("github.repositories", "id", []state.Record{{"id": "R1", "full_name": "acme/website", "name": "website"}}),
		state.NewCollection("books.invoices", "id", []state.Record{{"id": "i1", "number": "INV-0998"}, {"id": "i2", "number": "INV-1042"}, {"id": "i3", "number": "Q7"}}))
	for _, c := range []struct {
		name  string
		ci    *facts.Coll
		args  map[string]any
		field string
		want  any
	}{
		{"initials of the name", spaces, map[string]any{"name": "Summer launch plan"}, "key", "SLP"},
		{"initials a space holds", spaces, map[string]any{"name": "Summer product update"}, "key", "SPUA"},
		{"no name", spaces, map[string]any{}, "key", nil},
		{"slug under the owner", repos, map[string]any{"name": "Billing API"}, "full_name", "acme/billing-api"},
		{"next code", invoices, map[string]any{"customer": "Acme"}, "number", "INV-1043"},
	} {
		t.Run(c.name, func(t *testing.T) {
			wf := map[string]string{}
			for f := range c.ci.Def.Fields {
				wf[f] = f
			}
			got := newKey(w, c.ci, wf, c.args, c.field, c.ci.Def.Fields[c.field])
			if got != c.want {
				t.Errorf("newKey = %v, want %v", got, c.want)
			}
		})
	}
}

// A field the call writes beside a reference (a comment's repo beside
// its issue_number) is the referenced record's; where the records the
// reference names disagree (issue 7 in two repositories), it is the one
// the instruction names by its title, and none where it names neither.
func TestAttributeOfTheReferencedRecord(t *testing.T) {
	comments := &facts.Coll{Name: "github.issue_comments", App: "github", Coll: "issue_comments", Def: &atom.Collection{Fields: map[string]atom.Field{
		"repo": {Type: "string"}, "issue_number": {Type: "integer", Role: atom.RoleRef, Ref: "issues", RefField: "number"}, "body": {Type: "string"}}}}
	issues := &facts.Coll{Name: "github.issues", App: "github", Coll: "issues", Def: &atom.Collection{Fields: map[string]atom.Field{
		"repo": {Type: "string", Role: atom.RoleRef, Ref: "repositories"}, "number": {Type: "integer"}, "title": {Type: "string", Role: atom.RoleTitle}}}}
	w := state.NewWorld(time.Time{},
		state.NewCollection("github.issues", "id", []state.Record{
			{"id": "I1", "number": float64(32), "repo": "acme/api", "title": "Login fails"},
			{"id": "I2", "number": float64(7), "repo": "acme/api", "title": "Timezone bug in schedules"},
			{"id": "I3", "number": float64(7), "repo": "acme/web", "title": "Sync worker crashes"}}),
		state.NewCollection("github.issue_comments", "id", []state.Record{{"id": "C1", "issue_number": float64(7), "repo": "acme/web"}}))
	wf := map[string]string{"repo": "repo", "issue_number": "issue_number", "body": "body"}
	for _, c := range []struct {
		name, instruction string
		number            float64
		want              any
	}{
		{"one issue of the number", "Comment on the issue about logins.", 32, "acme/api"},
		{"the issue the instruction names", "Comment on the issue \"Timezone bug in schedules\" in GitHub.", 7, "acme/api"},
		{"neither named", "Comment on issue 7.", 7, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &Planner{info: &facts.Info{Colls: map[string]*facts.Coll{issues.Name: issues, comments.Name: comments}}, messageText: c.instruction}
			if got := p.refAttr(w, comments, wf, map[string]any{"issue_number": c.number, "body": "x"}, "repo"); got != c.want {
				t.Errorf("repo of issue %v = %v, want %v", c.number, got, c.want)
			}
		})
	}
}

// An id the messages state by the reference's word is a token with a
// digit or words joined by a hyphen or an underscore (acct-salt), never a
// plain word after it.
func TestStatedIDByTheReferencesWord(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Upload it to Google Ads (account 412-555-0199) today.", "412-555-0199"},
		{"Send a conversion to Google Ads account acct-salt for Nadia.", "acct-salt"},
		{"Use account id 17841400555.", "17841400555"},
		{"Post it on the account for our spring launch.", ""},
		{"Use account acct-salt, or account acct-pine.", ""},
	} {
		p := &Planner{messageText: c.text}
		if got := p.statedID("account_id"); got != c.want {
			t.Errorf("statedID(account_id) in %q = %q, want %q", c.text, got, c.want)
		}
	}
}
