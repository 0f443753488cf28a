package atom

import (
	"strings"
	"testing"
)

const uniqueServer = `kind: server
id: hub
collections:
  - name: issues
    fields:
      repo: {type: string}
      number: {type: integer, role: count}
      title: {type: string, role: title}
      html_url: {type: string, format: uri, role: url}
      votes: {type: integer, role: count}
    invariants:
      - {rule: unique, fields: [number], per: repo, with: [pulls], error: "number taken"}
      - {rule: own_link, fields: [html_url]}
  - name: pulls
    fields:
      repo: {type: string}
      number: {type: integer, role: count}
tools:
  - name: hub_list_issues
    description: List issues.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: issues}
`

// A unique rule's scope is a field of its collection, the collections it
// shares its values with hold its field and scope, and only unique takes
// them; own_link names a text field.
func TestUniqueDeclarations(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"a scope the collection lacks", "per: repo,", "per: owner,", "collections[0].invariants[0].per", `no field "owner"`},
		{"a shared collection that is not there", "with: [pulls]", "with: [merges]", "collections[0].invariants[0].with[0]", `"merges"`},
		{"a shared collection without the scope", "      repo: {type: string}\n      number: {type: integer, role: count}\ntools", "      number: {type: integer, role: count}\ntools", "collections[0].invariants[0].with[0]", `no field "repo"`},
		{"a scope on another rule", "{rule: own_link, fields: [html_url]}", "{rule: own_link, fields: [html_url], per: repo}", "collections[0].invariants[1].per", "only for it"},
		{"a link that is a number", "{rule: own_link, fields: [html_url]}", "{rule: own_link, fields: [votes]}", "collections[0].invariants[1].fields[0]", "web address"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(uniqueServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// UniqueRules gives a collection the rules that bind it: its own and
// those another collection shares with it.
func TestUniqueRulesShared(t *testing.T) {
	s := &Server{Collections: []Collection{
		{Name: "issues", Invariants: []Invariant{{Rule: "unique", Fields: []string{"number"}, Per: "repo", With: []string{"pulls"}}, {Rule: "lte", Fields: []string{"a", "b"}}}},
		{Name: "pulls", Invariants: []Invariant{{Rule: "unique", Fields: []string{"head"}}}},
	}}
	got := s.UniqueRules("pulls")
	if len(got) != 2 || strings.Join(got[0].Colls, ",") != "issues,pulls" || got[1].Inv.Fields[0] != "head" {
		t.Errorf("UniqueRules(pulls) = %+v", got)
	}
	if n := len(s.UniqueRules("issues")); n != 1 {
		t.Errorf("issues are bound by %d unique rules, want 1", n)
	}
}
