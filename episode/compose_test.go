package episode

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

const srvA = `kind: server
id: alpha
collections:
  - name: items
    fields: {name: {type: string}}
tools:
  - name: shared_tool
    description: Make an item.
    input: {type: object, properties: {name: {type: string}}}
    effect: {kind: create, collection: items}
`

const srvB = `kind: server
id: beta
collections:
  - name: things
    fields: {name: {type: string}}
tools:
  - name: shared_tool
    description: Make a thing.
    input: {type: object, properties: {name: {type: string}}}
    effect: {kind: create, collection: things}
`

const dataAB = `kind: data
id: d
records:
  alpha: {items: [{id: i1, name: one}]}
handles:
  the_item: {app: alpha, collection: items, key: i1, display: name}
  ghost: {app: alpha, collection: items, key: nope}
`

func intentYAML(apps, slots, instruction string) string {
	return "kind: intent\nid: i\napps: " + apps + "\ninstruction: " + instruction + "\nslots: " + slots + "\ngoal:\n  - exists: alpha.items\n    where: {name: two}\n"
}

func TestComposeErrors(t *testing.T) {
	cases := []struct {
		name   string
		files  map[string]string
		code   string
		kind   atom.Kind
		id     string
		inText string
	}{
		{"missing app", map[string]string{"a.yaml": srvA, "d.yaml": dataAB, "i.yaml": intentYAML("[alpha, gamma]", "{}", "x")}, IssueMissingApp, atom.KindIntent, "i", `"gamma"`},
		{"tool conflict", map[string]string{"a.yaml": srvA, "b.yaml": srvB, "d.yaml": dataAB, "i.yaml": intentYAML("[alpha, beta]", "{}", "x")}, IssueToolConflict, atom.KindServer, "beta", "shared_tool"},
		{"unbound slot: no handle", map[string]string{"a.yaml": srvA, "d.yaml": dataAB, "i.yaml": intentYAML("[alpha]", "{it: {handle: missing}}", "use {{it}}")}, IssueUnboundSlot, atom.KindIntent, "i", "missing"},
		{"unbound slot: undeclared", map[string]string{"a.yaml": srvA, "d.yaml": dataAB, "i.yaml": intentYAML("[alpha]", "{}", "use {{it}}")}, IssueUnboundSlot, atom.KindIntent, "i", "{{it}}"},
		{"missing record", map[string]string{"a.yaml": srvA, "d.yaml": dataAB, "i.yaml": intentYAML("[alpha]", "{it: {handle: ghost}}", "use {{it}}")}, IssueMissingRecord, atom.KindData, "d", "nope"},
		{"unknown collection", map[string]string{"a.yaml": srvA, "d.yaml": dataAB, "i.yaml": strings.Replace(intentYAML("[alpha]", "{}", "x"), "exists: alpha.items", "exists: alpha.widgets", 1)}, IssueBadAssertion, atom.KindIntent, "i", "alpha.widgets"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for n, s := range c.files {
				fsys[n] = &fstest.MapFile{Data: []byte(s)}
			}
			lib, ds, err := atom.Load(fsys)
			if err != nil || ds.HasErrors() {
				t.Fatalf("load: %v %v", err, ds)
			}
			_, err = Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: "d"}}, Options{})
			var ce *ComposeError
			if !errors.As(err, &ce) {
				t.Fatalf("want a ComposeError, got %v", err)
			}
			for _, is := range ce.Issues {
				if is.Code == c.code && is.Kind == c.kind && is.ID == c.id && strings.Contains(is.Message, c.inText) {
					return
				}
			}
			t.Fatalf("no issue %s on %s %s mentioning %q in %v", c.code, c.kind, c.id, c.inText, ce)
		})
	}
}

func TestComposePinsVersionsAndIDIsStable(t *testing.T) {
	fsys := fstest.MapFS{"a.yaml": {Data: []byte(srvA)}, "d.yaml": {Data: []byte(dataAB)}, "i.yaml": {Data: []byte(intentYAML("[alpha]", "{it: {handle: the_item}}", "rename {{it}}"))}}
	lib, _, _ := atom.Load(fsys)
	r := atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: "d"}}
	e1, err := Compose(lib, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	e2, _ := Compose(lib, e1.Recipe, Options{})
	if e1.ID != e2.ID || e1.Recipe.Intent.Version == "" || e1.Recipe.Servers[0].Version == "" {
		t.Fatalf("ids %s %s, recipe %+v", e1.ID, e2.ID, e1.Recipe)
	}
	if e1.Instruction != "rename one" {
		t.Fatalf("instruction %q", e1.Instruction)
	}
	// A different seed is a different recipe.
	r.Seed = 5
	e3, _ := Compose(lib, r, Options{})
	if e3.ID == e1.ID {
		t.Fatal("seed does not change the id")
	}
}

// TestWorldOnlyComposesTheSameWorld: a world-only composition builds the
// initial state a full one builds, and stops before slots and goals (an
// unbound slot is not its concern, and it has no checks to score with).
func TestWorldOnlyComposesTheSameWorld(t *testing.T) {
	fsys := fstest.MapFS{"a.yaml": {Data: []byte(srvA)}, "d.yaml": {Data: []byte(dataAB)}, "i.yaml": {Data: []byte(intentYAML("[alpha]", "{it: {handle: the_item}}", "rename {{it}}"))}}
	lib, _, _ := atom.Load(fsys)
	r := atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: "d"}}
	full, err := Compose(lib, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	only, err := Compose(lib, r, Options{WorldOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	fw, _ := full.World(0)
	ow, _ := only.World(0)
	if state.New(fw).Hash() != state.New(ow).Hash() || ow.Len() != 1 {
		t.Fatalf("worlds differ: %d records against %d", ow.Len(), fw.Len())
	}
	if only.ID != full.ID || len(only.Checks) != 0 || only.Bindings != nil || len(full.Checks) == 0 {
		t.Fatalf("world-only env: id %s (full %s), %d checks, bindings %v", only.ID, full.ID, len(only.Checks), only.Bindings)
	}
	// A slot that cannot bind fails a full composition, not a world-only one.
	bad := fstest.MapFS{"a.yaml": fsys["a.yaml"], "d.yaml": fsys["d.yaml"], "i.yaml": {Data: []byte(intentYAML("[alpha]", "{it: {handle: missing}}", "use {{it}}"))}}
	lib, _, _ = atom.Load(bad)
	if _, err := Compose(lib, r, Options{}); err == nil {
		t.Fatal("a full composition binds the slot")
	}
	if _, err := Compose(lib, r, Options{WorldOnly: true}); err != nil {
		t.Fatalf("world only: %v", err)
	}
}
