package episode

import (
	"encoding/json"
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
    invariants:
      - {rule: unique, fields: [number], per: repo, with: [pulls]}
  - name: pulls
    fields:
      repo: {type: string}
      number: {type: integer, role: count}
      title: {type: string, role: title}
  - name: pages
    fields:
      space: {type: string}
      title: {type: string, role: title}
    invariants:
      - {rule: unique, fields: [title], per: space, error: "A page with this title already exists: {value}"}
tools:
  - name: hub_open_issue
    description: Open an issue.
    input: {type: object, properties: {repo: {type: string}, title: {type: string}}, required: [repo, title]}
    effect: {kind: create, collection: issues}
  - name: hub_open_pull
    description: Open a pull request.
    input: {type: object, properties: {repo: {type: string}, title: {type: string}}, required: [repo, title]}
    effect: {kind: create, collection: pulls}
  - name: hub_script_pull
    description: Open a pull request, in Starlark.
    input: {type: object, properties: {repo: {type: string}, title: {type: string}}, required: [repo, title]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            return db.create("pulls", {"repo": args["repo"], "title": args["title"]})
  - name: hub_create_page
    description: Create a page.
    input: {type: object, properties: {space: {type: string}, title: {type: string}}, required: [space, title]}
    effect: {kind: create, collection: pages}
  - name: hub_update_page
    description: Rename a page.
    input: {type: object, properties: {id: {type: string}, title: {type: string}}, required: [id]}
    effect: {kind: update, collection: pages}
`

const uniqueData = `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  hub:
    issues: [{id: i1, repo: acme/api, number: 3, title: Crash}, {id: i2, repo: acme/web, number: 9, title: Typo}]
    pulls: [{id: p1, repo: acme/api, number: 4, title: Fix crash}]
    pages: [{id: g1, space: DEAL, title: Pricing sheet}, {id: g2, space: DEAL, title: Launch plan}]
`

// TestUniqueWrites: a created issue or pull request takes its repository's
// next number from the one counter they share, whether a declared effect
// or a script creates it; a page whose title the space holds is refused
// in the product's words, on create and on rename, and taken elsewhere.
func TestUniqueWrites(t *testing.T) {
	s := yamlSession(t, uniqueServer, uniqueData, "kind: intent\nid: i\napps: [hub]\ninstruction: Open an issue.\ngoal:\n  - exists: hub.issues\n")
	for _, c := range []struct {
		name, tool, args string
		isErr            bool
		want             string
	}{
		{"an issue takes the repository's next number, past its pull requests", "hub_open_issue", `{"repo":"acme/api","title":"Slow"}`, false, `"number":5`},
		{"a pull request takes the next after that issue", "hub_open_pull", `{"repo":"acme/api","title":"Speed up"}`, false, `"number":6`},
		{"a script's pull request too", "hub_script_pull", `{"repo":"acme/api","title":"Cache"}`, false, `"number":7`},
		{"another repository counts on its own", "hub_open_pull", `{"repo":"acme/web","title":"Fix typo"}`, false, `"number":10`},
		{"a new repository starts at one", "hub_open_issue", `{"repo":"acme/new","title":"Start"}`, false, `"number":1`},
		{"a title the space holds is refused", "hub_create_page", `{"space":"DEAL","title":"Pricing sheet"}`, true, "A page with this title already exists: Pricing sheet"},
		{"the title in another space is free", "hub_create_page", `{"space":"OPS","title":"Pricing sheet"}`, false, `"space":"OPS"`},
		{"a rename onto a taken title is refused", "hub_update_page", `{"id":"g2","title":"Pricing sheet"}`, true, "already exists"},
		{"a page keeps its own title", "hub_update_page", `{"id":"g1","title":"Pricing sheet"}`, false, `"id":"g1"`},
	} {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if o.IsError != c.isErr || !strings.Contains(o.Content, c.want) {
			t.Errorf("%s: error %v %s; want error %v and %s", c.name, o.IsError, o.Content, c.isErr, c.want)
		}
	}
	if n := len(s.State().Records("hub.pages")); n != 3 {
		t.Errorf("%d pages, want 3 (the repeat refused)", n)
	}
}
