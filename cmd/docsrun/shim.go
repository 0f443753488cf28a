package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// shim runs the legoenv binary real with args, except that a build whose
// corpus flags match one that already ran in this run gets a copy of that
// build's output instead of building again (a build is deterministic for
// its flags; where it writes, its database and --json do not change the
// corpus). With $DOCS_BUILD_SIZE set, a build that names no --size runs at
// that size: a quicker local check, never what CI runs; a build that names
// apps to hold out keeps its full size, since a share of the apps may
// leave them out.
func shim(real string, args []string) int {
	if len(args) == 0 || args[0] != "build" {
		if err := syscall.Exec(real, append([]string{real}, args...), os.Environ()); err != nil {
			fmt.Fprintln(os.Stderr, "docsrun:", err)
		}
		return 2
	}
	args, out, key := buildKey(args[1:])
	cache := filepath.Join(os.Getenv("DOCS_BUILD_CACHE"), key)
	if os.Getenv("DOCS_BUILD_CACHE") != "" {
		if _, err := os.Stat(cache); err == nil {
			fmt.Fprintf(os.Stderr, "docsrun: a build with these flags already ran in this run; its output is copied to %s\n", out)
			return copyDir(cache, out)
		}
	}
	cmd := exec.Command(real, append([]string{"build"}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		fmt.Fprintln(os.Stderr, "docsrun:", err)
		return 2
	}
	if os.Getenv("DOCS_BUILD_CACHE") == "" {
		return 0
	}
	return copyDir(out, cache)
}

// buildKey returns the build's arguments (with $DOCS_BUILD_SIZE added where
// it applies), its output directory and a key of the flags that shape the
// corpus.
func buildKey(args []string) ([]string, string, string) {
	if size := os.Getenv("DOCS_BUILD_SIZE"); size != "" && !hasFlag(args, "--size") && !namesApps(args) {
		args = append(args, "--size", size)
	}
	out := "out"
	var kept []string
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(args[i], "=")
		switch {
		case name == "--json":
		case (name == "--out" || name == "--db") && hasValue:
			if name == "--out" {
				out = value
			}
		case name == "--out" || name == "--db":
			if i+1 < len(args) && name == "--out" {
				out = args[i+1]
			}
			i++
		default:
			kept = append(kept, args[i])
		}
	}
	sum := sha256.Sum256([]byte(strings.Join(kept, "\x00")))
	return args, out, hex.EncodeToString(sum[:8])
}

// namesApps reports whether --holdout-apps names apps rather than a share.
func namesApps(args []string) bool {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "--holdout-apps=")
		if !ok && a == "--holdout-apps" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok && strings.ContainsAny(v, "abcdefghijklmnopqrstuvwxyz") {
			return true
		}
	}
	return false
}

func hasFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == flag || strings.HasPrefix(a, flag+"=") {
			return true
		}
	}
	return false
}

// copyDir replaces dst with a copy of src.
func copyDir(src, dst string) int {
	err := os.RemoveAll(dst)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(dst), 0o755)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "docsrun:", err)
		return 2
	}
	cmd := exec.Command("cp", "-a", src, dst)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "docsrun: copy the build:", err)
		return 2
	}
	return 0
}
