package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

func init() { commands = append(commands, newLintCmd) }

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
			for _, k := range atom.Kinds {
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
