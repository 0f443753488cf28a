package atom

import (
	"strings"
	"testing"
)

const prefixServer = `kind: server
id: talk
collections:
  - name: channels
    id_prefix: C0
    id_prefix_when:
      - {field: kind, in: [dm], prefix: D0}
    fields:
      name: {type: string, role: title}
      kind: {type: string, enum: [public, dm], role: status}
      state: {type: string, enum: [open, sent], role: status}
      sent_at: {type: string, format: date-time, role: date}
    invariants:
      - {rule: only_when, fields: [state, sent_at], in: [""], values: [sent], error: "cannot send"}
tools:
  - name: talk_list_channels
    description: List channels.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: channels}
`

// A key prefix by kind names a field of the collection, states of its
// enum and a prefix of its own; an error is the refusal of only_when and
// unique, and of no other rule.
func TestPrefixWhenDeclarations(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"a field the collection lacks", "{field: kind,", "{field: sort,", "collections[0].id_prefix_when[0].field", `no field "sort"`},
		{"a state the field lacks", "in: [dm]", "in: [im]", "collections[0].id_prefix_when[0].in", `"im" is not one of kind's states`},
		{"the collection's own prefix", "prefix: D0}", "prefix: C0}", "collections[0].id_prefix_when[0].prefix", "of its own"},
		{"keyed by its name", "prefix: D0}", "named: name}", "", ""},
		{"keyed by a field the collection lacks", "prefix: D0}", "named: title}", "collections[0].id_prefix_when[0].named", "a string field"},
		{"keyed by its name and a prefix", "prefix: D0}", "prefix: D0, named: name}", "collections[0].id_prefix_when[0].prefix", "takes no prefix"},
		{"an error on another rule", `{rule: only_when, fields: [state, sent_at], in: [""], values: [sent], error: "cannot send"}`, `{rule: before, fields: [sent_at, sent_at], error: "cannot send"}`, "collections[0].invariants[0].error", "only for them"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(prefixServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// PrefixOf is the prefix of the first kind a record is of, else the
// collection's.
func TestPrefixOf(t *testing.T) {
	c := &Collection{Name: "channels", IDPrefix: "C0", PrefixWhen: []StatePrefix{{Field: "kind", In: []string{"dm"}, Prefix: "D0"}, {Field: "kind", In: []string{"mpim"}, Prefix: "G0"}}}
	for rec, want := range map[string]string{"dm": "D0", "mpim": "G0", "public": "C0", "": "C0"} {
		if got := c.PrefixOf(map[string]any{"kind": rec}); got != want {
			t.Errorf("PrefixOf(kind %q) = %q, want %q", rec, got, want)
		}
	}
}

// NamedKeyOf is the named field's value for a record of a kind keyed by
// its name (a Gmail system label), and PrefixOf the collection's prefix
// for it.
func TestNamedKeyOf(t *testing.T) {
	c := &Collection{Name: "labels", IDPrefix: "Label_", PrefixWhen: []StatePrefix{{Field: "label_type", In: []string{"system"}, Named: "name"}}}
	if k, ok := c.NamedKeyOf(map[string]any{"label_type": "system", "name": "INBOX"}); !ok || k != "INBOX" {
		t.Errorf("NamedKeyOf(system INBOX) = %q, %v; want INBOX, true", k, ok)
	}
	if k, ok := c.NamedKeyOf(map[string]any{"label_type": "user", "name": "Renewals"}); ok {
		t.Errorf("NamedKeyOf(user Renewals) = %q, true; want false", k)
	}
	if p := c.PrefixOf(map[string]any{"label_type": "system", "name": "INBOX"}); p != "Label_" {
		t.Errorf("PrefixOf(system INBOX) = %q, want Label_", p)
	}
}
