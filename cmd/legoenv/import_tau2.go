package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/importer/tau2"
)

func newImportTau2Cmd() *cobra.Command {
	var data, out string
	var asJSON bool
	c := &cobra.Command{
		Use:   "tau2 --data DIR --out LIBDIR",
		Short: "Import tau2-bench's retail domain",
		Long: `Import tau2-bench's retail domain (DIR/retail/db.json, tasks.json,
policy.md) into an atom library in --out:

  servers/tau2-retail.yaml        the 16 retail tools as Starlark effects,
                                  with tau2's checks, responses and errors
  data/tau2-retail-db.yaml        db.json (frozen)
  rules/tau2-retail-policy.yaml   the agent policy, shown in the prompt
  intents/tau2-retail-<id>.yaml   one per task: the user scenario as the
                                  request, the gold actions that succeed as
                                  the reference plan, and the goal that the
                                  final database equals the plan's
  environments.yaml               one recipe per task

Every task's gold actions are replayed on the imported atoms (failing calls
included, as tau2 does) and the final database hashed as tau2 hashes it.
--json prints {"tasks", "imported", "gold_db_sha256": {"<task id>": "<sha256>"}}.

Exit codes: 0 when every task was imported, 2 on bad input.`,
		Example: `  legoenv import tau2 --data testdata/tau2 --out lib/tau2`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if data == "" {
				return badInput("--data is required: the folder with retail/db.json")
			}
			if out == "" {
				return badInput("--out is required: the library directory to write")
			}
			if st, err := os.Stat(out); err == nil && !st.IsDir() {
				return badInput("--out %s is not a directory", out)
			}
			src, err := tau2.Load(data)
			if err != nil {
				return badInput("%v", err)
			}
			res, err := tau2.Import(src, progressLine(cmd.ErrOrStderr(), "tau2: replayed", "tasks", 2*time.Second))
			if err != nil {
				return badInput("%v", err)
			}
			if err := res.Write(out); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(res.Report)
			}
			failing, reads, unseen := 0, 0, 0
			for _, g := range res.Gold {
				failing += g.Errors
				reads += g.Reads
				unseen += len(g.Unseen)
			}
			fmt.Fprintf(w, "imported %d of %d tau2 retail tasks into %s: 1 server (%d tools), 1 data, 1 rule, %d intents, %d recipes\n",
				res.Report.Imported, res.Report.Tasks, out, len(res.Server.Tools), len(res.Intents), len(res.Recipes))
			fmt.Fprintf(w, "gold actions replayed: %d calls fail as tau2's do (left out of the reference plans); --json prints the final database hashes\n", failing)
			fmt.Fprintf(w, "reference plans: %d reads added to show the ids the gold actions use; values no read shows: %d\n", reads, unseen)
			return nil
		},
	}
	c.Flags().StringVar(&data, "data", "", "tau2 data folder (holding retail/db.json, tasks.json, policy.md)")
	c.Flags().StringVar(&out, "out", "", "library directory to write")
	c.Flags().BoolVar(&asJSON, "json", false, "print the task count and the gold database hashes as JSON")
	return c
}

// progressLine returns a progress function that writes "<what> N of M
// <unit>" to w at most once per every, and the last count when it wrote
// any, so that a long import says how far it is and a short one is quiet.
func progressLine(w io.Writer, what, unit string, every time.Duration) func(done, total int) {
	last, wrote := time.Now(), false
	return func(done, total int) {
		if time.Since(last) < every && (done < total || !wrote) {
			return
		}
		last, wrote = time.Now(), true
		fmt.Fprintf(w, "%s %d of %d %s\n", what, done, total, unit)
	}
}
