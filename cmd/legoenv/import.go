package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/importer/automationbench"
)

func init() { commands = append(commands, newImportCmd) }

func newImportCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "import",
		Short: "Import an outside benchmark as an atom library",
		Long:  `Import turns an outside benchmark's tasks into legoenv atoms. One subcommand per benchmark.`,
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	c.AddCommand(newImportABCmd(), newImportTau2Cmd())
	return c
}

// importABFlags are the flags of 'legoenv import automationbench'.
type importABFlags struct {
	schemas, out string
	asJSON       bool
}

func newImportABCmd() *cobra.Command {
	var f importABFlags
	c := &cobra.Command{
		Use:   "automationbench --schemas DIR --out LIBDIR TASK.json... | TASKDIR",
		Short: "Import AutomationBench tasks and app schemas",
		Long: `Import AutomationBench tasks (JSON files, or directories of them) and the
apps' state schemas (a directory with _index.json and one JSON Schema per
app) into an atom library in --out:

  servers/<app>.yaml    one server atom per app: its collections from the
                        schema, a tool for every name in the tasks'
                        zapier_tools (effects derived from the name; a tool
                        whose effect cannot be derived is "unresolved")
  data/<task>.yaml      the task's initial state, clock from meta.current_time
  intents/<task>.yaml   prompt, tool list and the assertions mapped to
                        legoenv's vocabulary
  environments.yaml     one recipe per task

Apps are shared: every task that uses Gmail uses the one gmail server atom.
A task is imported whole or not at all: one whose data, clock or any
assertion cannot be read or mapped is not imported (a goal with fewer
assertions would verify and score as another task). The summary gives the
tasks imported and not, the unmapped assertion types by frequency and every
problem with its file and JSON path. Whether a task can be solved as
written is judged by 'legoenv verify'. --json prints
{"tasks", "imported_fully", "failed", "unmapped_types",
"errors": [{"file", "path", "message"}]}.

Exit codes: 0 when every task was imported, 2 when a task could not be
imported or the arguments are wrong.`,
		Example: `  legoenv import automationbench --schemas testdata/automationbench/schemas \
      --out lib/automationbench testdata/automationbench/tasks`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runImportAB(cmd, args, &f) },
	}
	c.Flags().StringVar(&f.schemas, "schemas", "", "directory of the apps' state schemas (_index.json and <app>.json)")
	c.Flags().StringVar(&f.out, "out", "", "library directory to write")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the coverage report as JSON")
	return c
}

// runImportAB runs 'legoenv import automationbench'.
func runImportAB(cmd *cobra.Command, args []string, f *importABFlags) error {
	if f.schemas == "" {
		return badInput("--schemas is required: the directory with _index.json")
	}
	if f.out == "" {
		return badInput("--out is required: the library directory to write")
	}
	s, err := automationbench.LoadSchemas(f.schemas)
	if err != nil {
		return badInput("%v", err)
	}
	files, err := automationbench.Expand(args)
	if err != nil {
		return badInput("%v", err)
	}
	if len(files) == 0 {
		return badInput("no task files (*.json) in %v", args)
	}
	res, err := automationbench.ImportFiles(s, files)
	if err != nil {
		return badInput("%v", err)
	}
	if st, err := os.Stat(f.out); err == nil && !st.IsDir() {
		return badInput("--out %s is not a directory", f.out)
	}
	if err := res.Write(f.out); err != nil {
		return fmt.Errorf("%w", err)
	}
	w := cmd.OutOrStdout()
	if f.asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res.Report); err != nil {
			return err
		}
	} else {
		printImportSummary(w, res, f.out)
	}
	if res.Report.Failed > 0 {
		return badInput("%d of %d tasks could not be imported (see the errors above)", res.Report.Failed, res.Report.Tasks)
	}
	return nil
}

func printImportSummary(w io.Writer, res *automationbench.Result, out string) {
	r := res.Report
	fmt.Fprintf(w, "imported %d of %s into %s: %s, %d data, %s, %s\n\n",
		r.ImportedFully, plural(r.Tasks, "task"), out, plural(len(res.Servers), "server"), len(res.Data),
		plural(len(res.Intents), "intent"), plural(len(res.Recipes), "recipe"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "IMPORTED\tTASKS")
	fmt.Fprintf(tw, "fully\t%d\n", r.ImportedFully)
	fmt.Fprintf(tw, "not at all\t%d\n", r.Failed)
	tw.Flush()
	if len(r.UnmappedTypes) > 0 {
		fmt.Fprintln(w, "\nunmapped assertion types, by frequency:")
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "COUNT\tTYPE")
		for _, kv := range byCount(r.UnmappedTypes) {
			fmt.Fprintf(tw, "%d\t%s\n", kv.n, kv.k)
		}
		tw.Flush()
	}
	unresolved := map[string]int{}
	var notFull []automationbench.TaskReport
	for _, t := range r.PerTask {
		for _, u := range t.Unresolved {
			unresolved[u]++
		}
		if t.Status != automationbench.StatusFull {
			notFull = append(notFull, t)
		}
	}
	if len(notFull) > 0 {
		fmt.Fprintln(w, "\ntasks not imported fully:")
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "FILE\tSTATUS\tMAPPED\tUNMAPPED TYPES")
		for _, t := range notFull {
			fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%v\n", t.File, t.Status, t.Mapped, t.Assertions, t.Unmapped)
		}
		tw.Flush()
	}
	if len(unresolved) > 0 {
		fmt.Fprintln(w, "\ntools with an unresolved effect (verification blames them; evolution can fix them):")
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "TASKS\tTOOL")
		for _, kv := range byCount(unresolved) {
			fmt.Fprintf(tw, "%d\t%s\n", kv.n, kv.k)
		}
		tw.Flush()
	}
	if len(res.Intents) > 0 {
		// Whether a task can be solved as written is verification's
		// judgement alone (the planner over the offered tools): an import
		// does not guess it from the names.
		fmt.Fprintf(w, "\nwhether each task can be solved as written: legoenv verify --lib %s\n", out)
	}
	if len(r.Errors) > 0 {
		fmt.Fprintf(w, "\n%d problems:\n", len(r.Errors))
		for _, e := range r.Errors {
			fmt.Fprintln(w, e.Error())
		}
	}
}

type countKV struct {
	k string
	n int
}

func byCount(m map[string]int) []countKV {
	out := make([]countKV, 0, len(m))
	for k, n := range m {
		out = append(out, countKV{k, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].n != out[j].n {
			return out[i].n > out[j].n
		}
		return out[i].k < out[j].k
	})
	return out
}
