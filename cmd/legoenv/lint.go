package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"strings"
	"testing/fstest"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

func init() { commands = append(commands, newLintCmd) }

// largeFileBytes is the size from which lint says what loading a file
// took.
const largeFileBytes = 1 << 20

// largeFiles says, for each file of the library in dir of at least
// largeFileBytes that was not refused, what loading it alone allocated:
// loading holds far more than a file's bytes (a tree node and a value for
// every scalar), and a dense file far more than a sparse one.
func largeFiles(dir string, ds atom.Diagnostics) []string {
	if dir == "" {
		return nil
	}
	refused := map[string]bool{}
	for _, d := range ds {
		if strings.HasPrefix(d.Message, "refused:") {
			refused[d.File] = true
		}
	}
	var out []string
	fsys := os.DirFS(dir)
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || refused[p] || path.Ext(p) != ".yaml" && path.Ext(p) != ".yml" {
			return nil
		}
		if st, err := d.Info(); err != nil || st.Size() < largeFileBytes || st.Size() > atom.MaxFileBytes {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil
		}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		_, _, _ = atom.Load(fstest.MapFS{p: {Data: data}})
		runtime.ReadMemStats(&m1)
		alloc := m1.TotalAlloc - m0.TotalAlloc
		out = append(out, fmt.Sprintf("%s: loaded: %d bytes; loading it alone allocates %d MB, %.0f times its size", p, len(data), alloc>>20, float64(alloc)/float64(len(data))))
		return nil
	})
	return out
}

func newLintCmd() *cobra.Command {
	var dir string
	var asJSON bool
	c := &cobra.Command{
		Use:   "lint",
		Short: "Load and validate an atom library; print diagnostics with file:line",
		Long: `Lint loads every atom of a library, checks it against its JSON Schema
(published under schema/) and the rules the schema cannot say, runs the top
level of every Starlark tool under the limits composing uses, and prints one
line per finding as file:line:col: field: message. It exits 1 when any
finding is an error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lib, ds, err := readLibrary(dir)
			if err != nil {
				return badInput("%v", err)
			}
			// Run each Starlark tool's top level as composing would.
			ds = append(ds, episode.CheckStarlark(lib)...)
			out := cmd.OutOrStdout()
			counts := map[atom.Kind]int{}
			for _, k := range atom.Kinds() {
				counts[k] = len(lib.Heads(k))
			}
			if asJSON {
				if ds == nil {
					ds = atom.Diagnostics{}
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				_ = enc.Encode(map[string]any{
					"atoms":       counts,
					"recipes":     len(lib.Recipes()),
					"diagnostics": ds,
					"ok":          !ds.HasErrors(),
				})
			} else {
				for _, d := range ds {
					fmt.Fprintln(out, d)
				}
				for _, l := range largeFiles(dir, ds) {
					fmt.Fprintln(out, l)
				}
				fmt.Fprintf(out, "%s, %d data, %s, %s, %s; %s\n",
					plural(counts[atom.KindServer], "server"), counts[atom.KindData], plural(counts[atom.KindRule], "rule"),
					plural(counts[atom.KindIntent], "intent"), plural(len(lib.Recipes()), "recipe"), plural(len(ds), "diagnostic"))
			}
			if ds.HasErrors() {
				return failed("library has errors")
			}
			return nil
		},
	}
	libFlag(c, &dir)
	c.Flags().BoolVar(&asJSON, "json", false, "print diagnostics as JSON")
	return c
}
