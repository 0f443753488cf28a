package atom

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// TestDerivedInvariant: a field made of others is what they make it, each
// way: joined, a path segment (after its owner where a separator says so),
// the text of HTML, a text that holds them; a record missing either side
// breaks nothing.
func TestDerivedInvariant(t *testing.T) {
	for _, tc := range []struct {
		inv  Invariant
		rec  map[string]any
		want bool // a problem
	}{
		{Invariant{By: DeriveJoin, Fields: []string{"name", "first", "last"}}, map[string]any{"name": "Ana Ruiz", "first": "Ana", "last": "Ruiz"}, false},
		{Invariant{By: DeriveJoin, Fields: []string{"name", "first", "last"}}, map[string]any{"name": "Chen Reyes", "first": "Ana", "last": "Ruiz"}, true},
		{Invariant{By: DeriveJoin, Sep: ", ", Fields: []string{"name", "last", "first"}}, map[string]any{"name": "Ruiz, Ana", "first": "Ana", "last": "Ruiz"}, false},
		{Invariant{By: DeriveSlug, Fields: []string{"handle", "title"}}, map[string]any{"handle": "canvas-backpack-6", "title": "Canvas Backpack 6"}, false},
		{Invariant{By: DeriveSlug, Fields: []string{"handle", "title"}}, map[string]any{"handle": "rafael.andersen", "title": "Canvas Backpack 6"}, true},
		{Invariant{By: DeriveSlug, Sep: "/", Fields: []string{"full_name", "name"}}, map[string]any{"full_name": "acme/billing-api", "name": "Billing API"}, false},
		{Invariant{By: DeriveSlug, Sep: "/", Fields: []string{"full_name", "name"}}, map[string]any{"full_name": "acme/billing", "name": "Billing API"}, true},
		{Invariant{By: DeriveText, Fields: []string{"body_plain", "body_html"}}, map[string]any{"body_plain": "Fish & chips at noon.", "body_html": "<p>Fish &amp; chips\n <b>at noon</b>.</p>"}, false},
		{Invariant{By: DeriveText, Fields: []string{"body_plain", "body_html"}}, map[string]any{"body_plain": "Fish & chips at noon.", "body_html": "<p>Fish &amp; chips at <b>noon.</b></p>"}, false},
		{Invariant{By: DeriveText, Fields: []string{"body_plain", "body_html"}}, map[string]any{"body_plain": "Line one. Line two.", "body_html": "<div>Line one.</div><div>Line two.</div>"}, false},
		{Invariant{By: DeriveText, Fields: []string{"body_plain", "body_html"}}, map[string]any{"body_plain": "Thanks for your note.", "body_html": "<p>Can we meet?</p>"}, true},
		{Invariant{By: DeriveContains, Fields: []string{"full_title", "title"}}, map[string]any{"full_title": "Senior finance manager - London", "title": "Finance Manager"}, false},
		{Invariant{By: DeriveContains, Fields: []string{"full_title", "title"}}, map[string]any{"full_title": "Senior Backend Engineer", "title": "Finance Manager"}, true},
		{Invariant{By: DeriveContains, Fields: []string{"full_title", "title"}}, map[string]any{"full_title": "Senior Backend Engineer"}, false},
		{Invariant{By: DeriveSlug, Fields: []string{"handle", "title"}}, map[string]any{"title": "Canvas Backpack 6"}, false},
		{Invariant{By: DerivePreview, Fields: []string{"summary", "content"}}, map[string]any{"summary": "Can we meet?", "content": "Can we meet? The invoice is late."}, false},
		{Invariant{By: DerivePreview, Fields: []string{"summary", "content"}}, map[string]any{"summary": "Can we meet? The inv…", "content": "<p>Can we meet?</p><p>The invoice is late.</p>"}, false},
		{Invariant{By: DerivePreview, Fields: []string{"summary", "content"}}, map[string]any{"summary": "Quick note: Ana is out on Friday.", "content": "Can we meet? The invoice is late."}, true},
		{Invariant{By: DerivePreview, Fields: []string{"summary", "content"}}, map[string]any{"summary": "Can we meet? The invoice is late and more.", "content": "Can we meet? The invoice is late."}, true},
		{Invariant{By: DeriveNumbered, Fields: []string{"key", "project_key"}}, map[string]any{"key": "MKT-42", "project_key": "MKT"}, false},
		{Invariant{By: DeriveNumbered, Fields: []string{"key", "project_key"}}, map[string]any{"key": "ISS-6243", "project_key": "MKT"}, true},
		{Invariant{By: DeriveNumbered, Fields: []string{"key", "project_key"}}, map[string]any{"key": "MKT", "project_key": "MKT"}, true},
		{Invariant{By: DeriveNumbered, Fields: []string{"key", "project_key"}}, map[string]any{"key": "MKTA-42", "project_key": "MKT"}, true},
	} {
		tc.inv.Rule = "derived"
		c := &Collection{Name: "things", Invariants: []Invariant{tc.inv}}
		if ps := c.RecordProblems(tc.rec); (len(ps) > 0) != tc.want {
			t.Errorf("%s %v on %v: problems %v, want a problem %v", tc.inv.By, tc.inv.Fields, tc.rec, ps, tc.want)
		}
	}
}

// TestDerivedDerives: what a derived rule draws is what it then accepts,
// and a slug behind an owner keeps the owner.
func TestDerivedDerives(t *testing.T) {
	for _, tc := range []struct {
		inv  Invariant
		rec  map[string]any
		want string
	}{
		{Invariant{By: DeriveSlug, Sep: "/", Fields: []string{"full_name", "name"}}, map[string]any{"full_name": "maple-labs/quarterly", "name": "Quarterly vendor for Maple Labs"}, "maple-labs/quarterly-vendor-for-maple-labs"},
		{Invariant{By: DeriveSlug, Fields: []string{"handle", "title"}}, map[string]any{"handle": "rafael.andersen", "title": "Canvas Backpack 6"}, "canvas-backpack-6"},
		{Invariant{By: DeriveText, Fields: []string{"body_plain", "body_html"}}, map[string]any{"body_html": "<p>Can we <i>meet</i>?</p>"}, "Can we meet?"},
		{Invariant{By: DeriveContains, Fields: []string{"subject", "name"}}, map[string]any{"subject": "Winter promo", "name": "Autumn webinar series"}, "Autumn webinar series"},
		{Invariant{By: DerivePreview, Fields: []string{"snippet", "body"}}, map[string]any{"snippet": "Lunch?", "body": "<p>Can we <i>meet</i>? Thursday suits.</p>"}, "Can we meet?"},
		{Invariant{By: DerivePreview, Fields: []string{"snippet", "body"}}, map[string]any{"body": strings.Repeat("word ", 40)}, strings.TrimSpace(strings.Repeat("word ", 20))},
		{Invariant{By: DeriveNumbered, Fields: []string{"key", "project_key"}}, map[string]any{"key": "ISS-6243", "project_key": "MKT"}, "MKT-6243"},
		{Invariant{By: DeriveNumbered, Sep: "#", Fields: []string{"key", "project_key"}}, map[string]any{"key": "draft", "project_key": "MKT"}, "MKT#1"},
	} {
		tc.inv.Rule = "derived"
		got, ok := tc.inv.Derive(tc.rec)
		if !ok || got != tc.want {
			t.Errorf("%s %v on %v: %q, want %q", tc.inv.By, tc.inv.Fields, tc.rec, got, tc.want)
		}
		tc.rec[tc.inv.Fields[0]] = got
		if !tc.inv.Agrees(tc.rec) {
			t.Errorf("%s %v: %q, drawn, does not agree", tc.inv.By, tc.inv.Fields, got)
		}
	}
}

// TestDerivedLint: a derived rule names a known way, a separator only
// where it joins or slugs, one HTML field for text, text fields, and no
// field made of itself.
func TestDerivedLint(t *testing.T) {
	const src = `kind: server
id: shop
collections:
  - name: products
    fields:
      title: {type: string}
      handle: {type: string}
      body_html: {type: string}
      body_plain: {type: string}
      stock: {type: integer}
    invariants:
      - {rule: derived, by: slug, fields: [handle, title]}
tools:
  - name: shop_create_product
    description: Create a product.
    input: {type: object, properties: {title: {type: string}}, required: [title]}
    effect: {kind: create, collection: products}
`
	for _, c := range []struct{ old, new, want string }{
		{"", "", ""},
		{"by: slug, fields", "by: upper, fields", "value must be one of 'join'"},
		{"by: slug, fields", "fields", "derived needs by"},
		{"by: slug, fields", "by: text, fields", ""},
		{"by: slug, fields: [handle, title]", "by: text, fields: [body_plain, body_html, title]", "takes the field and the one HTML field"},
		{"by: slug, fields: [handle, title]", "by: preview, fields: [body_plain, body_html]", ""},
		{"by: slug, fields: [handle, title]", "by: preview, fields: [body_plain, body_html, title]", "takes the field and the one body it begins"},
		{"by: slug, fields", "by: contains, sep: /, fields", "sep is for derived by join, slug or numbered"},
		{"[handle, title]", "[handle, handle]", "cannot derive from itself"},
		{"[handle, title]", "[handle, stock]", "derived takes text fields; stock is integer"},
		{"rule: derived, by: slug", "rule: lte, by: slug", "by and sep are for the rule derived"},
	} {
		lintEdit(t, src, c.old, c.new, c.want)
	}
}

// lintEdit loads src with old replaced by new and checks that the
// diagnostics name want, or that there are none where want is "".
func lintEdit(t *testing.T, src, old, new, want string) {
	t.Helper()
	s := strings.Replace(src, old, new, 1)
	_, ds, err := Load(fstest.MapFS{"s.yaml": {Data: []byte(s)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(ds); (want == "") != (len(ds) == 0) || !strings.Contains(got, want) {
		t.Errorf("%q -> %q: diagnostics %s, want %q", old, new, got, want)
	}
}
