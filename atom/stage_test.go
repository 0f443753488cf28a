package atom

import (
	"os"
	"path/filepath"
	"testing"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		if err := WriteFileAtomic(filepath.Join(root, p), []byte(c)); err != nil {
			t.Fatal(err)
		}
	}
}

func readOr(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		return "<missing>"
	}
	return string(b)
}

// A process killed after the journal is written: the next LoadDir carries
// the change out, whole. Killed before: the target stays as it was.
func TestStageRecovery(t *testing.T) {
	for _, committed := range []bool{true, false} {
		root := t.TempDir()
		target := filepath.Join(root, "lib")
		writeTree(t, target, map[string]string{"servers/a.yaml": goodServerYAML, "sub/old.txt": "old"})
		s, err := NewStage(target)
		if err != nil {
			t.Fatal(err)
		}
		writeTree(t, s.dir, map[string]string{"history/server/notes/v1.yaml": "h", "servers/a.yaml": goodServerYAML + "# new\n", "sub/new.txt": "new"})
		s.Move("history/server/notes/v1.yaml")
		s.Move("servers/a.yaml")
		s.Move("sub")
		if committed {
			// As Commit does, up to the kill: the journal, nothing applied.
			b := `{"move":["history/server/notes/v1.yaml","servers/a.yaml","sub"]}`
			if err := WriteFileAtomic(filepath.Join(s.dir, journalName), []byte(b)); err != nil {
				t.Fatal(err)
			}
			// Half of it applied before the kill.
			if err := os.Rename(filepath.Join(s.dir, "history"), filepath.Join(target, "history")); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := LoadDir(target); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"servers/a.yaml": goodServerYAML, "sub/old.txt": "old", "sub/new.txt": "<missing>", "history/server/notes/v1.yaml": "<missing>"}
		if committed {
			want = map[string]string{"servers/a.yaml": goodServerYAML + "# new\n", "sub/old.txt": "<missing>", "sub/new.txt": "new", "history/server/notes/v1.yaml": "h"}
		}
		for p, w := range want {
			if got := readOr(t, filepath.Join(target, p)); got != w {
				t.Errorf("committed=%v: %s = %q, want %q", committed, p, got, w)
			}
		}
		if _, err := os.Stat(s.dir); !os.IsNotExist(err) {
			t.Errorf("committed=%v: the stage is still there", committed)
		}
	}
}

// A new output directory appears only at commit: killed before, there is
// nothing a lint could take for a library.
func TestStageNewTargetAppearsWhole(t *testing.T) {
	target := filepath.Join(t.TempDir(), "out")
	s, err := NewStage(target)
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, s.dir, map[string]string{"a.yaml": goodServerYAML})
	s.Move("a.yaml")
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatal("the target exists before the commit")
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := readOr(t, filepath.Join(target, "a.yaml")); got != goodServerYAML {
		t.Fatalf("after commit: %q", got)
	}
}

// NewStage cleans the temp files a killed WriteFileAtomic left.
func TestStageCleansTempFiles(t *testing.T) {
	target := t.TempDir()
	writeTree(t, target, map[string]string{"servers/.tmp-a.yaml-123": "half", "keep.yaml": "x"})
	s, err := NewStage(target)
	if err != nil {
		t.Fatal(err)
	}
	s.Abort()
	if _, err := os.Stat(filepath.Join(target, "servers/.tmp-a.yaml-123")); !os.IsNotExist(err) {
		t.Fatal("temp file survived")
	}
	if readOr(t, filepath.Join(target, "keep.yaml")) != "x" {
		t.Fatal("a real file was removed")
	}
}

const goodServerYAML = "kind: server\nid: notes\ncollections:\n  - name: notes\n    fields: {title: {type: string}}\ntools:\n  - name: notes_create\n    description: Create a note.\n    input: {type: object, properties: {title: {type: string}}, required: [title]}\n    effect: {kind: create, collection: notes}\n"
