package atom_test

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/internal/testlib"
)

// roundTrip marshals an atom, loads it back and returns the entry.
func roundTrip(t testing.TB, a any) *atom.Entry {
	t.Helper()
	b, err := atom.Marshal(a)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	lib, ds, err := atom.Load(fstest.MapFS{"a.yaml": {Data: b}})
	if err != nil || ds.HasErrors() {
		t.Fatalf("reload: %v %v\n%s", err, ds.Err(), b)
	}
	k, id := atom.KindOf(a)
	e := lib.Head(k, id)
	if e == nil {
		t.Fatalf("reload lost %s %s:\n%s", k, id, b)
	}
	return e
}

func TestMarshalRoundTrip(t *testing.T) {
	lib := testlib.Example(t)
	for _, k := range atom.Kinds() {
		for _, e := range lib.Heads(k) {
			t.Run(e.Ref(), func(t *testing.T) {
				got := roundTrip(t, e.Atom)
				if got.Version != e.Version {
					t.Errorf("version %s after round trip, want %s", got.Version, e.Version)
				}
				a, _ := json.Marshal(e.Atom)
				b, _ := json.Marshal(got.Atom)
				if string(a) != string(b) {
					t.Errorf("content changed:\n%s\n%s", a, b)
				}
			})
		}
	}
}

func TestMarshalAwkwardValues(t *testing.T) {
	d := &atom.Data{Kind: atom.KindData, ID: "odd", Clock: "2026-03-10T09:00:00Z",
		Records: map[string]map[string][]map[string]any{"crm": {"contacts": {{
			"id": "007", "flag": "true", "nothing": "null", "n": 1.5, "big": 1e21, "i": 42.0, "date": "2026-03-10",
			"multi": "line one\nline two\n", "lead": " leading\nspace", "tab": "a\tb", "colon": "a: b", "hash": "# not a comment",
			"empty": "", "list": []any{}, "obj": map[string]any{}, "null": nil, "yes": "yes", "quote": `say "hi"`,
		}}}},
		Lineage: &atom.Lineage{Parent: "abc", RootCause: "data.missing_entity", Round: 1, Fixed: []string{"env-1"}},
	}
	got := roundTrip(t, d)
	want, _ := atom.Version(d)
	if got.Version != want {
		a, _ := json.Marshal(d)
		b, _ := json.Marshal(got.Atom)
		t.Fatalf("version changed:\n%s\n%s", a, b)
	}
	if !reflect.DeepEqual(atom.LineageOf(got.Atom), d.Lineage) {
		t.Errorf("lineage = %+v, want %+v", atom.LineageOf(got.Atom), d.Lineage)
	}
	if _, err := atom.Marshal(&atom.Recipe{}); err == nil {
		t.Error("marshalled a recipe as an atom")
	}
}

func TestMarshalRecipes(t *testing.T) {
	lib := testlib.Example(t)
	rs := lib.Recipes()
	rs[0].Intent.Version = "abc123abc123"
	b, err := atom.MarshalRecipes(rs)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := atom.Load(fstest.MapFS{"environments.yaml": {Data: b}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Recipes(), rs) {
		t.Errorf("recipes changed:\n%+v\n%+v", got.Recipes(), rs)
	}
}

func TestClone(t *testing.T) {
	lib := testlib.Example(t)
	c := lib.Clone()
	old := lib.Head(atom.KindServer, "mail")
	s := *old.MustServer()
	s.Description = "changed"
	if _, err := c.Put(&s, old.File, true); err != nil {
		t.Fatal(err)
	}
	if lib.Head(atom.KindServer, "mail") != old || !old.Head {
		t.Error("Put on the clone changed the original")
	}
	if c.Head(atom.KindServer, "mail").Version == old.Version {
		t.Error("the clone's head did not move")
	}
	if e, err := c.Get(atom.KindServer, old.Pin()); err != nil || e.Head {
		t.Errorf("old version in clone: %v head=%v", err, e != nil && e.Head)
	}
	c.SetRecipes(nil)
	if len(lib.Recipes()) == 0 {
		t.Error("SetRecipes on the clone changed the original")
	}
}

// evolveMail puts a new head of the mail server with lineage and pins the
// first recipe to it, as evolution does.
func evolveMail(t *testing.T, lib *atom.Library) (oldVer, newVer string) {
	t.Helper()
	old := lib.Head(atom.KindServer, "mail")
	s := *old.MustServer()
	s.Tools = append(append([]atom.Tool(nil), s.Tools...), atom.Tool{
		Name: "mail_delete_message", Description: "Delete a message.",
		Input:  map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []any{"id"}},
		Effect: atom.Effect{Kind: "delete", Collection: "messages"},
	})
	s.Lineage = &atom.Lineage{Parent: old.Version, RootCause: "server.missing_tool", Repairer: "add_tool", Round: 1, Fixed: []string{"env-x"}, Time: "2026-03-10T09:00:00Z"}
	e, err := lib.Put(&s, old.File, true)
	if err != nil {
		t.Fatal(err)
	}
	rs := lib.Recipes()
	rs[1].Servers = []atom.Pin{{ID: "crm"}, {ID: "mail", Version: e.Version}}
	lib.SetRecipes(rs)
	return old.Version, e.Version
}

func TestWrite(t *testing.T) {
	t.Run("unchanged library is copied byte for byte", func(t *testing.T) {
		lib := testlib.Example(t)
		dir := t.TempDir()
		st, err := atom.Write(lib, corpus.Example(), dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Rewritten)+len(st.Added) != 0 {
			t.Errorf("rewrote %v, added %v", st.Rewritten, st.Added)
		}
		sameFiles(t, corpus.Example(), os.DirFS(dir))
	})
	t.Run("evolved atom: new head, old version under history, recipes moved", func(t *testing.T) {
		lib := testlib.Example(t)
		oldVer, newVer := evolveMail(t, lib)
		dir := t.TempDir()
		st, err := atom.Write(lib, corpus.Example(), dir)
		if err != nil {
			t.Fatal(err)
		}
		wantRewritten := []string{"environments.yaml", "servers/mail.yaml"}
		if !reflect.DeepEqual(st.Rewritten, wantRewritten) {
			t.Errorf("rewritten = %v, want %v", st.Rewritten, wantRewritten)
		}
		hist := atom.HistoryPath(atom.KindServer, "mail", oldVer)
		if !reflect.DeepEqual(st.Added, []string{hist}) {
			t.Errorf("added = %v, want [%s]", st.Added, hist)
		}
		checkEvolved(t, dir, lib, oldVer, newVer)
	})
	t.Run("in place", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.CopyFS(dir, corpus.Example()); err != nil {
			t.Fatal(err)
		}
		lib, _, err := atom.LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		crmBefore, _ := os.ReadFile(filepath.Join(dir, "servers", "crm.yaml"))
		oldVer, newVer := evolveMail(t, lib)
		st, err := atom.Write(lib, os.DirFS(dir), dir)
		if err != nil {
			t.Fatal(err)
		}
		if st.Copied != 0 {
			t.Errorf("copied %d files onto themselves", st.Copied)
		}
		checkEvolved(t, dir, lib, oldVer, newVer)
		crmAfter, _ := os.ReadFile(filepath.Join(dir, "servers", "crm.yaml"))
		if string(crmBefore) != string(crmAfter) {
			t.Error("an unchanged file was rewritten")
		}
		// Writing again changes nothing.
		again, _, _ := atom.LoadDir(dir)
		st, err = atom.Write(again, os.DirFS(dir), dir)
		if err != nil || len(st.Rewritten)+len(st.Added) != 0 {
			t.Errorf("second write: %+v, %v", st, err)
		}
	})
	t.Run("without a base every atom is rendered", func(t *testing.T) {
		lib := testlib.Example(t)
		oldVer, newVer := evolveMail(t, lib)
		dir := t.TempDir()
		if _, err := atom.Write(lib, nil, dir); err != nil {
			t.Fatal(err)
		}
		checkEvolved(t, dir, lib, oldVer, newVer)
	})
}

func checkEvolved(t *testing.T, dir string, want *atom.Library, oldVer, newVer string) {
	t.Helper()
	got, ds, err := atom.LoadDir(dir)
	if err != nil || ds.HasErrors() {
		t.Fatalf("reload: %v %v", err, ds.Err())
	}
	head := got.Head(atom.KindServer, "mail")
	if head == nil || head.Version != newVer {
		t.Fatalf("head of mail = %v, want %s", head, newVer)
	}
	if lin := atom.LineageOf(head.Atom); lin == nil || lin.Parent != oldVer || lin.Round != 1 || len(lin.Fixed) != 1 {
		t.Errorf("lineage = %+v", lin)
	}
	if e, err := got.Get(atom.KindServer, atom.Pin{ID: "mail", Version: oldVer}); err != nil || e.Head {
		t.Errorf("old version: %v", err)
	}
	if vs := got.Versions(atom.KindServer, "mail"); len(vs) != 2 {
		t.Errorf("%d versions of mail, want 2", len(vs))
	}
	if !reflect.DeepEqual(got.Recipes(), want.Recipes()) {
		t.Errorf("recipes:\n%+v\nwant\n%+v", got.Recipes(), want.Recipes())
	}
	for _, k := range atom.Kinds() {
		for _, e := range want.Heads(k) {
			if g := got.Head(k, e.ID); g == nil || g.Version != e.Version {
				t.Errorf("head %s lost or changed", e.Ref())
			}
		}
	}
}

func sameFiles(t *testing.T, a, b fs.FS) {
	t.Helper()
	err := fs.WalkDir(a, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		x, _ := fs.ReadFile(a, p)
		y, err := fs.ReadFile(b, p)
		if err != nil {
			t.Errorf("%s missing: %v", p, err)
		} else if string(x) != string(y) {
			t.Errorf("%s differs", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// FuzzMarshal: whatever loads, marshals to YAML that loads back to the
// same version.
func FuzzMarshal(f *testing.F) {
	_ = fs.WalkDir(corpus.Example(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			b, _ := fs.ReadFile(corpus.Example(), p)
			f.Add(b)
		}
		return nil
	})
	f.Add([]byte("kind: rule\nid: r\ntext: \"a\\nb \"\nchecks: [{not_called: x, label: \"yes\"}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lib, _, err := atom.Load(fstest.MapFS{"a.yaml": {Data: data}})
		if err != nil {
			return
		}
		for _, k := range atom.Kinds() {
			for _, e := range lib.Heads(k) {
				b, err := atom.Marshal(e.Atom)
				if err != nil {
					t.Fatalf("marshal %s: %v", e.Ref(), err)
				}
				back, ds, err := atom.Load(fstest.MapFS{"a.yaml": {Data: b}})
				if err != nil || ds.HasErrors() {
					t.Fatalf("reload %s: %v %v\n%s", e.Ref(), err, ds.Err(), b)
				}
				if g := back.Head(k, e.ID); g == nil || g.Version != e.Version {
					t.Fatalf("%s changed version in a round trip:\n%s", e.Ref(), b)
				}
			}
		}
	})
}

// A writer that fails halfway leaves the old file whole and no temp file.
func TestWriteAtomicKeepsOldOnFailure(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "report.json")
	if err := atom.WriteFileAtomic(p, []byte("old\n")); err != nil {
		t.Fatal(err)
	}
	err := atom.WriteAtomic(p, func(w io.Writer) error {
		_, _ = io.WriteString(w, "half of the new")
		return errors.New("disk on fire")
	})
	if err == nil || !strings.Contains(err.Error(), "report.json") {
		t.Fatalf("error %v does not name the file", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old\n" {
		t.Fatalf("file now holds %q", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("left behind: %v", ents)
	}
}

// A data atom's records are rows: each without a line break in its text
// is one line of JSON (a YAML flow mapping), awkward values and all, and
// loads back to the same version; a record with a multi-line text keeps
// its block.
func TestMarshalRecordsAsRows(t *testing.T) {
	row := map[string]any{
		"id": "007", "flag": "true", "nothing": "null", "n": 1.5, "big": 1e21, "i": 42.0, "html": "<b>&amp;</b>",
		"uni": "Zoë – “quoted” \u2028 sep", "colon": "a: b", "hash": "# x", "empty": "", "list": []any{"a", 1.0, true},
		"obj": map[string]any{"k": []any{}, "z": nil}, "null": nil, "yes": "yes", "quote": `say "hi" \ back`, "tab": "a\tb",
	}
	d := &atom.Data{Kind: atom.KindData, ID: "rows", Clock: "2026-03-10T09:00:00Z",
		Records: map[string]map[string][]map[string]any{"crm": {
			"contacts": {row, {"id": "008", "notes": "first line\nsecond line"}},
			"deals":    {{"id": "d1", "amount": 1200.0}},
		}}}
	b, err := atom.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if !strings.Contains(text, "\n      - {\"big\": 1e+21, ") || !strings.Contains(text, "\n      - {\"amount\": 1200, \"id\": \"d1\"}\n") {
		t.Errorf("records are not one JSON line each:\n%s", text)
	}
	if !strings.Contains(text, "- id: \"008\"\n        notes: |-\n          first line\n") {
		t.Errorf("a record with a multi-line text lost its block:\n%s", text)
	}
	got := roundTrip(t, d)
	if want, _ := atom.Version(d); got.Version != want {
		a, _ := json.Marshal(d)
		b, _ := json.Marshal(got.Atom)
		t.Fatalf("version changed:\n%s\n%s", a, b)
	}
}
