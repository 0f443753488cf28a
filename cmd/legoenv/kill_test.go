package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// TestMain lets the test binary stand in for the legoenv binary: the kill
// test runs it as a subprocess with LEGOENV_CLI=1 and kills it.
func TestMain(m *testing.M) {
	if os.Getenv("LEGOENV_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// legoenvCmd is the CLI as a subprocess.
func legoenvCmd(args ...string) *exec.Cmd {
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "LEGOENV_CLI=1")
	return c
}

// runToEnd runs the CLI and fails the test unless it exits 0.
func runToEnd(t *testing.T, args ...string) (time.Duration, string) {
	t.Helper()
	c := legoenvCmd(args...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	start := time.Now()
	if err := c.Run(); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, errb.String())
	}
	return time.Since(start), out.String()
}

// killAfter starts the CLI and SIGKILLs it after d (unless it ends first).
// It reports whether the kill came first.
func killAfter(t *testing.T, d time.Duration, args ...string) bool {
	t.Helper()
	c := legoenvCmd(args...)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
		return false
	case <-time.After(d):
		_ = c.Process.Signal(syscall.SIGKILL)
		<-done
		return true
	}
}

// tree reads every file under dir, by slash path. Staging and temp files
// are part of it, so that one left behind fails the comparison.
func tree(t *testing.T, dir string, drop func(rel string, b []byte) []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if drop != nil {
			b = drop(rel, b)
		}
		out[rel] = string(b)
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for p, w := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s missing", what, p)
		} else if g != w {
			t.Errorf("%s: %s differs", what, p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s left over", what, p)
		}
	}
}

// lineageTime is the clock time an evolved atom's lineage records.
var lineageTime = regexp.MustCompile(`(?m)^\s*time: "[^"]*"\n`)

// normal drops what differs between two uninterrupted runs of the same
// command: the time in lineage, and a build's seconds.
func normal(rel string, b []byte) []byte {
	if strings.HasSuffix(rel, ".yaml") {
		return lineageTime.ReplaceAll(b, nil)
	}
	switch path.Base(rel) {
	case "report.json":
		var m map[string]any
		if json.Unmarshal(b, &m) == nil {
			delete(m, "seconds")
			b, _ = json.Marshal(m)
		}
	case "report.html":
		if i := bytes.Index(b, []byte("<tr><th>seconds</th>")); i >= 0 {
			if j := bytes.Index(b[i:], []byte("</tr>")); j >= 0 {
				b = append(append([]byte(nil), b[:i]...), b[i+j:]...)
			}
		}
	}
	return b
}

// killRounds kills a command at random points, each time running it again
// to the end, and checks that the result is what an uninterrupted run
// gives. check is called after each kill, before the resume.
func killRounds(t *testing.T, rounds int, ref time.Duration, args func(i int) []string, result func(i int) map[string]string, want map[string]string, check func(i int)) {
	t.Helper()
	seed := time.Now().UnixNano()
	t.Logf("seed %d, uninterrupted run %s", seed, ref)
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	killed := 0
	for i := 0; i < rounds; i++ {
		// Every other kill falls in the last fifth, where the files are
		// written.
		d := time.Duration(rng.Int64N(int64(ref + ref/5)))
		if i%2 == 1 {
			d = ref*4/5 + time.Duration(rng.Int64N(int64(ref/5)))
		}
		if killAfter(t, d, args(i)...) {
			killed++
			if check != nil {
				check(i)
			}
		}
		runToEnd(t, args(i)...)
		sameTree(t, "after a kill at "+d.String(), result(i), want)
	}
	if killed == 0 {
		t.Log("no run was killed (each ended before its kill)")
	}
}

func TestKillEvolveOut(t *testing.T) {
	lib := copyFaults(t)
	tmp := t.TempDir()
	refOut := filepath.Join(tmp, "ref")
	ref, _ := runToEnd(t, "evolve", "--lib", lib, "--out", refOut, "--db", filepath.Join(tmp, "ref.db"))
	want := tree(t, refOut, normal)
	out := func(i int) string { return filepath.Join(tmp, "out", string(rune('a'+i))) }
	killRounds(t, 3, ref,
		func(i int) []string {
			return []string{"evolve", "--lib", lib, "--out", out(i), "--db", filepath.Join(tmp, string(rune('a'+i))+".db")}
		},
		func(i int) map[string]string { return tree(t, out(i), normal) }, want,
		func(i int) {
			// Whatever the kill left must not pass for a library unless
			// it is the whole one.
			if _, err := os.Stat(out(i)); err == nil {
				if got := tree(t, out(i), nil); len(got) > 0 {
					if _, _, err := atom.LoadDir(out(i)); err != nil {
						t.Fatal(err)
					}
					got = tree(t, out(i), normal)
					for p := range got {
						if strings.HasPrefix(p, "report.") {
							delete(got, p)
						}
					}
					wantLib := map[string]string{}
					for p, c := range want {
						if !strings.HasPrefix(p, "report.") {
							wantLib[p] = c
						}
					}
					sameTree(t, "library left by a kill", got, wantLib)
				}
			}
		})
	sameTree(t, "the library --out read", tree(t, lib, nil), tree(t, "../../evolve/testdata/faults", nil))
}

func TestKillEvolveInPlace(t *testing.T) {
	orig := tree(t, "../../evolve/testdata/faults", nil)
	refLib := copyFaults(t)
	tmp := t.TempDir()
	ref, _ := runToEnd(t, "evolve", "--lib", refLib, "--in-place", "--db", filepath.Join(tmp, "ref.db"))
	want := tree(t, refLib, normal)
	libs := make([]string, 3)
	for i := range libs {
		libs[i] = copyFaults(t)
	}
	killRounds(t, 3, ref,
		func(i int) []string {
			return []string{"evolve", "--lib", libs[i], "--in-place", "--db", filepath.Join(tmp, string(rune('a'+i))+".db")}
		},
		func(i int) map[string]string { return tree(t, libs[i], normal) }, want,
		func(i int) {
			// After recovery the library is the old one or the new one,
			// never a mix that lost a version.
			if _, _, err := atom.LoadDir(libs[i]); err != nil {
				t.Fatal(err)
			}
			got := tree(t, libs[i], normal)
			if len(got) == len(orig) {
				sameTree(t, "library after a kill (old)", got, orig)
			} else {
				sameTree(t, "library after a kill (new)", got, want)
			}
		})
}

// The build runs on the small fault library (three apps, one round with
// accepted repairs) so that it takes a second or two.
func TestKillBuild(t *testing.T) {
	tmp := t.TempDir()
	args := func(out, db string) []string {
		return []string{"build", "--lib", "../../evolve/testdata/faults", "--variants", "2", "--rounds", "1", "--jobs", "2", "--out", out, "--db", db, "--json"}
	}
	ref, _ := runToEnd(t, args(filepath.Join(tmp, "ref"), filepath.Join(tmp, "ref.db"))...)
	want := tree(t, filepath.Join(tmp, "ref"), normal)
	out := func(i int) string { return filepath.Join(tmp, "out", string(rune('a'+i))) }
	killRounds(t, 3, ref,
		func(i int) []string { return args(out(i), filepath.Join(tmp, string(rune('a'+i))+".db")) },
		func(i int) map[string]string { return tree(t, out(i), normal) }, want, nil)
}
