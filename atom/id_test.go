package atom

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/schema"
)

// CheckID and the published schema agree on what an id is.
func TestIDPatternMatchesSchema(t *testing.T) {
	b, err := schema.Files.ReadFile("common.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs map[string]struct {
			Pattern string `json:"pattern"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if got := s.Defs["id"].Pattern; got != idPattern {
		t.Fatalf("schema id pattern %q, atom's %q", got, idPattern)
	}
	for _, id := range []string{"a", "tau2-retail-1", "gmail.v2", "x_y"} {
		if err := CheckID(id); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	for _, id := range []string{"", "Task One", "/../../tmp/x", "..", ".hidden", "a/b", `a\b`, strings.Repeat("a", 129)} {
		if err := CheckID(id); err == nil {
			t.Errorf("%q accepted", id)
		}
	}
}

// WriteFileIn writes inside its root and nowhere else, whatever the name
// or a symbolic link inside the root says.
func TestWriteFileInStaysInside(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "out")
	if err := WriteFileIn(root, filepath.Join("intents", "a.yaml"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(root, "intents", "a.yaml")); err != nil || string(b) != "x" {
		t.Fatalf("read back: %q %v", b, err)
	}
	if err := os.Symlink(base, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"../x.yaml", "/tmp/x.yaml", "intents/../../x.yaml", "link/x.yaml"} {
		if err := WriteFileIn(root, name, []byte("y")); err == nil {
			t.Errorf("%s: written", name)
		}
	}
	if _, err := os.Stat(filepath.Join(base, "x.yaml")); err == nil {
		t.Fatal("a file was written outside the root")
	}
}
