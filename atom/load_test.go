package atom

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/legoenv/legoenv/corpus"
)

var update = flag.Bool("update", false, "rewrite golden files")

const goodServer = `kind: server
id: notes
collections:
  - name: notes
    fields:
      title: {type: string}
tools:
  - name: notes_create
    description: Create a note.
    input:
      type: object
      properties:
        title: {type: string}
      required: [title]
    effect: {kind: create, collection: notes}
`

func TestLoadErrorsNameFileFieldLine(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		field     string
		want      string
	}{
		{"yaml syntax", "kind: server\nid: [x\n", 1, "", "YAML"},
		{"no kind", "id: x\n", 1, "kind", "missing kind"},
		{"unknown kind", "kind: widget\nid: x\n", 1, "kind", "unknown kind"},
		{"unknown effect", strings.Replace(goodServer, "kind: create", "kind: teleport", 1), 15, "tools[0].effect.kind", "unknown effect kind"},
		{"bad tool name", strings.Replace(goodServer, "name: notes_create", "name: notes create!", 1), 8, "tools[0].name", "does not match pattern"},
		{"effect collection", strings.Replace(goodServer, "collection: notes}", "collection: memos}", 1), 15, "tools[0].effect.collection", "no collection"},
		{"unknown field", strings.Replace(goodServer, "id: notes\n", "id: notes\ncolour: red\n", 1), 1, "", "colour"},
		{"wrong type", strings.Replace(goodServer, "description: Create a note.", "description: [1, 2]", 1), 9, "tools[0].description", "want string"},
		{"bad input schema", strings.Replace(goodServer, "type: object\n", "type: list\n", 1), 11, "tools[0].input", `type "object"`},
		{"bad assertion op", "kind: intent\nid: i\napps: [notes]\ninstruction: x\ngoal:\n  - exists: notes.notes\n    where: {title: {resembles: x}}\n", 7, "goal[0].where.title", ""},
		{"bad cel", "kind: rule\nid: r\ntext: t\nchecks:\n  - cel: 'state.('\n", 5, "checks[0]", "CEL"},
		{"bad clock", "kind: data\nid: d\nclock: yesterday\n", 3, "clock", ""},
		{"bad generator", "kind: data\nid: d\ngenerate:\n  - {app: a, collection: c, count: 2, fields: {x: \"amount(9,1)\"}}\n", 4, "generate[0].fields.x", "bad range"},
		{"duplicate key", "kind: server\nid: a\nid: b\n", 3, "", "duplicate key"},
		{"default outside enum", strings.Replace(goodServer, "title: {type: string}\ntools", "title: {type: string, enum: [open, done], default: lost}\ntools", 1), 6, "collections[0].fields.title.default", "not one of the field's values"},
		{"list default", strings.Replace(goodServer, "title: {type: string}\ntools", "title: {type: string, default: [a]}\ntools", 1), 6, "", "default"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{"lib/atom.yaml": {Data: []byte(c.src)}}
			lib, ds, err := Load(fsys)
			if err != nil {
				t.Fatal(err)
			}
			if !ds.HasErrors() {
				t.Fatalf("no error; diagnostics %v", ds)
			}
			d := ds[0]
			if d.File != "lib/atom.yaml" || d.Line != c.line || (c.field != "" && d.Field != c.field) || !strings.Contains(d.String(), c.want) {
				t.Errorf("got %s (line %d field %q); want line %d field %q containing %q", d, d.Line, d.Field, c.line, c.field, c.want)
			}
			if n := len(lib.Heads(KindServer)) + len(lib.Heads(KindIntent)) + len(lib.Heads(KindRule)) + len(lib.Heads(KindData)); n != 0 {
				t.Errorf("a bad atom was loaded (%d atoms)", n)
			}
		})
	}
}

func TestBadFileLosesNothingElse(t *testing.T) {
	fsys := fstest.MapFS{
		"good.yaml": {Data: []byte(goodServer)},
		"bad.yaml":  {Data: []byte("kind: server\nid: [\n")},
	}
	lib, ds, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if !ds.HasErrors() || lib.Head(KindServer, "notes") == nil {
		t.Fatalf("want the good atom loaded and an error for the bad one; got %v", ds)
	}
}

func TestVersionIgnoresFormattingAndLineage(t *testing.T) {
	reformatted := strings.Replace(goodServer, "fields:\n      title: {type: string}", "fields:\n      title:\n        type: string   # the title", 1)
	withLineage := goodServer + "lineage: {parent: abc, repairer: x}\n"
	changed := strings.Replace(goodServer, "Create a note.", "Create a new note.", 1)
	version := func(src string) string {
		lib, ds, _ := Load(fstest.MapFS{"a.yaml": {Data: []byte(src)}})
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		return lib.Head(KindServer, "notes").Version
	}
	v := version(goodServer)
	if version(reformatted) != v || version(withLineage) != v {
		t.Error("formatting or lineage changed the version")
	}
	if version(changed) == v {
		t.Error("a content change kept the version")
	}
}

func TestHistoryVersionsAreAddressable(t *testing.T) {
	old := goodServer
	head := strings.Replace(goodServer, "Create a note.", "Create a note with a title.", 1)
	lib, ds, _ := Load(fstest.MapFS{"servers/notes.yaml": {Data: []byte(head)}, "history/server/notes/1.yaml": {Data: []byte(old)}})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	vs := lib.Versions(KindServer, "notes")
	if len(vs) != 2 || !vs[1].Head || vs[0].Head {
		t.Fatalf("versions: %+v", vs)
	}
	if e, err := lib.Get(KindServer, Pin{ID: "notes", Version: vs[0].Version}); err != nil || e.File != "history/server/notes/1.yaml" {
		t.Fatalf("old version: %v %v", e, err)
	}
	if _, err := lib.Get(KindServer, Pin{ID: "notes", Version: "000000000000"}); err == nil {
		t.Fatal("unknown version resolved")
	}
	all := lib.VersionsOf(KindServer)["notes"]
	if len(all) != len(vs) || all[0] != vs[0] || all[1] != vs[1] {
		t.Fatalf("VersionsOf = %+v, Versions = %+v", all, vs)
	}
}

func TestExampleLibraryIsClean(t *testing.T) {
	lib, ds, err := Load(corpus.Example())
	if err != nil || len(ds) > 0 {
		t.Fatalf("%v %v", err, ds)
	}
	if len(lib.Heads(KindServer)) < 3 || len(lib.Heads(KindData)) < 2 || len(lib.Heads(KindRule)) < 2 || len(lib.Heads(KindIntent)) < 4 {
		t.Fatal("example library is smaller than promised")
	}
}

// TestLintGolden checks the full diagnostics of a library with many faults.
func TestLintGolden(t *testing.T) {
	_, ds, err := LoadDir(filepath.Join("testdata", "badlib"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String())
		b.WriteString("\n")
	}
	golden := filepath.Join("testdata", "badlib.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("diagnostics differ from %s (run with -update to accept):\n%s", golden, b.String())
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte(goodServer))
	f.Add([]byte("kind: intent\nid: i\napps: [a]\ninstruction: x\ngoal: [{exists: a.b, where: {x: {gt: 3}}}]\n"))
	f.Add([]byte("kind: data\nid: d\nrecords: {a: {b: [{id: 1}]}}\ngenerate: [{app: a, collection: b, count: 3, fields: {x: text(3)}}]\n"))
	f.Add([]byte("kind: environments\nrecipes: [{intent: i, data: d}]\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte(aliasBomb()))
	f.Fuzz(func(t *testing.T, data []byte) {
		lib, ds, err := Load(fstest.MapFS{"f.yaml": {Data: data}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			if d.File != "f.yaml" || d.Message == "" {
				t.Fatalf("diagnostic without place or message: %+v", d)
			}
		}
		_ = lib.Recipes()
	})
}

// aliasBomb is nine levels of nine aliases: 200 bytes of YAML that expand
// to 387 million nodes.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("kind: data\nid: bomb\nl0: &l0 [x]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// An alias bomb used to expand in full (over 120 s and 11 GB); the node
// budget stops it with a diagnostic that names the file and the line.
func TestLoadAliasBomb(t *testing.T) {
	done := make(chan Diagnostics, 1)
	go func() {
		_, ds, err := Load(fstest.MapFS{"bomb.yaml": {Data: []byte(aliasBomb())}, "ok.yaml": {Data: []byte(goodServer)}})
		if err != nil {
			t.Error(err)
		}
		done <- ds
	}()
	select {
	case ds := <-done:
		var found bool
		for _, d := range ds {
			if d.File == "bomb.yaml" && d.Line > 0 && strings.Contains(d.Message, "YAML nodes once aliases are expanded") {
				found = true
			}
			if d.File == "ok.yaml" && d.Severity == Error {
				t.Errorf("the good file suffered: %v", d)
			}
		}
		if !found {
			t.Fatalf("no node-limit diagnostic for bomb.yaml: %v", ds)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("loading an alias bomb did not finish in 10 s")
	}
}

// A file that uses aliases modestly is well within its budget.
func TestLoadSmallAliases(t *testing.T) {
	src := "kind: data\nid: d\nshared: &s {a: 1, b: [1, 2, 3]}\nrecords: {app: {things: [{id: t1, x: *s}, {id: t2, x: *s}]}}\n"
	_, ds, err := Load(fstest.MapFS{"d.yaml": {Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if strings.Contains(d.Message, "YAML nodes") {
			t.Fatalf("modest aliases refused: %v", d)
		}
	}
}

// A tool schema's $ref used to be loaded from disk (file:///etc/passwd).
func TestSchemaRefReadsNothing(t *testing.T) {
	p := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(p, []byte(`{"type":"string"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"file://" + filepath.ToSlash(p), "s.json", "https://example.com/s.json"} {
		_, err := CompileSchema(map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"$ref": ref}}})
		if err == nil || !strings.Contains(err.Error(), "refer only to themselves") {
			t.Errorf("$ref %s: %v, want a refusal", ref, err)
		}
	}
	// A reference inside the schema still works.
	_, err := CompileSchema(map[string]any{"type": "object", "$defs": map[string]any{"s": map[string]any{"type": "string"}},
		"properties": map[string]any{"x": map[string]any{"$ref": "#/$defs/s"}}})
	if err != nil {
		t.Fatal(err)
	}
}

// The fixed limits of a library file: its size and its nesting.
func TestLoadFileLimits(t *testing.T) {
	big := make([]byte, MaxFileBytes+1)
	for i := range big {
		big[i] = '#'
	}
	deep := "kind: data\nid: d\nx: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n"
	_, ds, err := Load(fstest.MapFS{"big.yaml": {Data: big}, "deep.yaml": {Data: []byte(deep)}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"big.yaml": "file larger than", "deep.yaml": "nesting deeper than 64"}
	for _, d := range ds {
		if w, ok := want[d.File]; ok && strings.Contains(d.Message, w) {
			delete(want, d.File)
		}
	}
	if len(want) > 0 {
		t.Fatalf("missing diagnostics %v in %v", want, ds)
	}
}

// A 50 MB data atom used to take lint to 5.47 GB and 365 s; it is now
// refused before it is read, with a diagnostic that says so, and the other
// files still load.
func TestLoadRefusesLargeAtomUnread(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: 50 MB long without writing 50 MB.
	if err := f.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.WriteFile(filepath.Join(dir, "d.yaml"), []byte("kind: data\nid: small\nrecords: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	lib, ds, err := LoadDir(dir)
	runtime.ReadMemStats(&m1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 1 || ds[0].File != "big.yaml" || !strings.Contains(ds[0].Message, "not loaded") || !strings.Contains(ds[0].Message, "52428800") {
		t.Fatalf("diagnostics: %v", ds)
	}
	if lib.Head(KindData, "small") == nil {
		t.Fatal("the small atom did not load")
	}
	if n := m1.TotalAlloc - m0.TotalAlloc; n > 8<<20 {
		t.Errorf("refusing allocated %d MB", n>>20)
	}
}
