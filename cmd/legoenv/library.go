package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/importer/tau2"
)

// libFlag adds --lib to a command.
func libFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "lib", "", "atom library directory (default: the built-in example library)")
}

// loadLibrary loads --lib, or the embedded example library. Diagnostics
// that are errors make it bad input.
func loadLibrary(dir string, stderr io.Writer) (*atom.Library, error) {
	lib, ds, err := readLibrary(dir)
	if err != nil {
		return nil, badInput("%v", err)
	}
	if ds.HasErrors() {
		lint := "legoenv lint"
		if dir != "" {
			lint += " --lib " + dir
		}
		return nil, badInput("library has errors:\n%v\nRun '%s' for every diagnostic.", ds.Err(), lint)
	}
	return lib, nil
}

// readLibrary loads dir, or the embedded example library when dir is "",
// and returns every diagnostic.
func readLibrary(dir string) (*atom.Library, atom.Diagnostics, error) {
	if dir == "" {
		return atom.Load(corpus.Example())
	}
	return atom.LoadDir(dir)
}

// findEnv returns the environment of lib with id (a unique prefix of 6 or
// more characters is enough), composing only that one.
func findEnv(lib *atom.Library, id string) (*episode.Env, error) {
	m, err := (&envSource{}).lookupIn(lib, id)
	if err != nil {
		return nil, err
	}
	return m.compose()
}

// isTerminal reports whether w is an interactive terminal (progress bars
// show only there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// shippedNatives are the Go implementations of the Starlark tools this
// binary ships (tau2's retail tools), built once. A tool runs natively
// only where its script is the one shipped, byte for byte; any other
// script runs as written.
var shippedNatives = sync.OnceValues(tau2.Natives)

// composeOptions are the options every command that steps sessions
// composes with: the shipped natives.
func composeOptions() (episode.Options, error) {
	n, err := shippedNatives()
	if err != nil {
		return episode.Options{}, fmt.Errorf("native tools: %w", err)
	}
	return episode.Options{Natives: n}, nil
}
