package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A 50 MB atom used to take lint to 5.47 GB and 365 s, and an atom of a
// few megabytes written densely to gigabytes; lint now says each is
// refused, and why, still loads the rest, and says what loading a large
// file that it loaded took.
func TestLintSaysLargeAtomsAreRefused(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "big.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: 50 MB long without writing 50 MB.
	if err := f.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	dense := "kind: data\nid: dense\nrecords:\n  app:\n    things:\n      - {id: t1, x: [" + strings.Repeat("1,", 600_000) + "1]}\n"
	var loaded strings.Builder
	loaded.WriteString("kind: data\nid: loaded\nrecords:\n  app:\n    things:\n")
	for i := 0; loaded.Len() < 1<<20; i++ {
		fmt.Fprintf(&loaded, "      - {id: t%d, name: Alice Smith, email: a%d@example.com}\n", i, i)
	}
	files := map[string]string{"dense.yaml": dense, "small.yaml": "kind: data\nid: small\nrecords: {}\n", "loaded.yaml": loaded.String()}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := cli(t, "", "lint", "--lib", dir)
	for _, want := range []string{"big.yaml: refused: file larger than", "dense.yaml: refused: about", "loaded.yaml: loaded: ", "2 data,"} {
		if !strings.Contains(out, want) {
			t.Errorf("lint output lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("lint exited %d, want 1: %s", code, errs)
	}
}
