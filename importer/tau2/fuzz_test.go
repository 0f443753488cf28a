package tau2

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// FuzzDecodeDB: any input is decoded or refused with an error, never a
// panic, and what decodes has every record keyed by its own id.
func FuzzDecodeDB(f *testing.F) {
	f.Add([]byte(`{"products": {}, "users": {}, "orders": {}}`))
	f.Add([]byte(`{"products": {"1": {"product_id": "1", "name": "A", "variants": {"2": {"item_id": "2", "options": {}, "available": true, "price": 1.5}}}}, "users": {"u": {"user_id": "u", "email": "a@b.c"}}, "orders": {"#W1": {"order_id": "#W1"}}}`))
	f.Add([]byte(`{"products": {"1": {"product_id": "2"}}, "users": {}, "orders": {}}`))
	f.Add([]byte(`{"products": [], "users": {}, "orders": {}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		recs, err := decodeDB(b)
		if err != nil {
			return
		}
		for _, name := range collections {
			for _, r := range recs[name] {
				if _, ok := r[keyFields[name]].(string); !ok {
					t.Fatalf("%s record without a string key: %v", name, r)
				}
			}
		}
		// Whatever decodes can be hashed.
		if h := NewHasher(recs); h == nil {
			t.Fatal("no hasher")
		}
		_ = Canonical(recs["users"])
	})
}

// FuzzCanonical: the canonical form of any string is ASCII.
func FuzzCanonical(f *testing.F) {
	f.Add("plain")
	f.Add("é\u2028\U0001F600\x00\x7f\"\\")
	f.Fuzz(func(t *testing.T, s string) {
		c := Canonical(s)
		for i := 0; i < len(c); i++ {
			if c[i] < 0x20 || c[i] > 0x7e {
				t.Fatalf("non-ASCII byte %#x in %q", c[i], c)
			}
		}
		if !strings.HasPrefix(c, `"`) || !strings.HasSuffix(c, `"`) {
			t.Fatalf("not a JSON string: %s", c)
		}
	})
}

// FuzzWriteStaysInOut: whatever a task's id, the import refuses it or
// writes its library inside --out, never beside or above it, and an id the
// import accepts is written. Write is tried with the raw id too, so the
// confinement holds even where the id check is skipped.
func FuzzWriteStaysInOut(f *testing.F) {
	for _, id := range []string{"1", "/../../../../tmp/x", "../x", "Task One", "a/b", "..", "x\x00y", `..\x`, "0" + strings.Repeat("a", 140)} {
		f.Add(id)
	}
	// The atoms beside the intent are small ones of the real ids: what is
	// fuzzed is where files go, not what they hold.
	src := &Source{Records: map[string][]map[string]any{}}
	base := &Result{Server: &atom.Server{ID: "tau2-retail"}, Data: dataAtom(src), Policy: policyAtom(src)}
	f.Fuzz(func(t *testing.T, id string) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out")
		checked := checkTaskIDs([]Task{{ID: id}})
		for _, name := range []string{IntentID(id), id} {
			res := *base
			res.Intents = []*atom.Intent{{ID: name, Instruction: "x"}}
			err := res.Write(out)
			if checked == nil && name == IntentID(id) && err != nil {
				t.Fatalf("id %q passed the check but was not written: %v", id, err)
			}
			if err == nil {
				if _, serr := os.Stat(filepath.Join(out, "intents", name+".yaml")); serr != nil || !filepath.IsLocal(filepath.Join("intents", name+".yaml")) {
					t.Fatalf("id %q: written, but not as a file of out/intents: %v", id, serr)
				}
			}
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != "out" {
				t.Fatalf("id %q wrote %s outside --out", id, e.Name())
			}
		}
	})
}
