package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A 50 MB atom used to take lint to 5.47 GB and 365 s, and an atom of a
// few megabytes written densely to gigabytes; lint now says each is
// refused, and why, and still loads the rest.
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
	files := map[string]string{"dense.yaml": dense, "small.yaml": "kind: data\nid: small\nrecords: {}\n"}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := cli(t, "", "lint", "--lib", dir)
	for _, want := range []string{"big.yaml: refused: file larger than", "dense.yaml: refused: about", "1 data,"} {
		if !strings.Contains(out, want) {
			t.Errorf("lint output lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("lint exited %d, want 1: %s", code, errs)
	}
}
