package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/episode"
)

func init() { commands = append(commands, newCoherenceCmd) }

func newCoherenceCmd() *cobra.Command {
	var dir, envsFile string
	var asJSON bool
	var show, sample, jobs int
	c := &cobra.Command{
		Use:   "coherence",
		Short: "Check that a library's initial states make sense; report violations per rule and per data atom",
		Long: `Coherence composes, for every data atom a recipe uses, the initial state of
the first such recipe and checks every record against its server's schema:
type, enum, format and role of each value (no words in an id, a date or a
person's name), references that resolve, lifecycles that agree (dates in
order, no refused state beside one moving ahead, nothing due on a paid
record), one name per email address across apps, and keys of one form per
collection, and no payment card number in free text. It prints, per text
role (description, body, note...), the share of that role's records that
hold its most common sentence, then the count per rule, the atoms with most
violations and the first --show violations, and exits 1 when there is any.

With --envs, it checks instead the worlds the environments leave: it runs
each environment's plan (every one of the file, or --sample of them) and
reports, by rule, collection and field, what the end world breaks that
the initial world keeps: a tool that writes what the product never would
(a message from a user the workspace lacks, a key of another form) shows
there. It exits 1 when any plan leaves such a world.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if envsFile != "" {
				return runLeft(cmd, envSource{envsFile: envsFile, libDir: dir}, sample, jobs, show, asJSON)
			}
			lib, err := loadLibrary(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			rep := coherence.Check(lib)
			out := cmd.OutOrStdout()
			if asJSON {
				if rep.Violations == nil {
					rep.Violations = []coherence.Violation{}
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				_ = enc.Encode(rep)
			} else {
				printCoherence(out, rep, show)
			}
			if len(rep.Violations) > 0 {
				return failed("%d coherence violations", len(rep.Violations))
			}
			return nil
		},
	}
	libFlag(c, &dir)
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	c.Flags().IntVar(&show, "show", 20, "violations to list (with --envs: kinds to give an example of)")
	c.Flags().StringVar(&envsFile, "envs", "", "envs.jsonl that 'legoenv build' wrote: check the worlds their plans leave")
	c.Flags().IntVar(&sample, "sample", 0, "with --envs: about this many environments, spread over the file (0: all)")
	c.Flags().IntVar(&jobs, "jobs", 0, "with --envs: parallel workers (0: all cores)")
	return c
}

// runLeft is 'coherence --envs': the worlds the plans leave.
func runLeft(cmd *cobra.Command, src envSource, sample, jobs, show int, asJSON bool) error {
	lib, recipes, err := src.recipes("", cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	envs := composeAll(lib, sampleRecipes(recipes, sample), episode.Options{})
	tick, done := progress(cmd.ErrOrStderr(), len(envs), "plans run")
	rep := checkLeft(cmd.Context(), envs, jobs, tick)
	done()
	if asJSON {
		if rep.Violations == nil {
			rep.Violations, rep.Kinds = []coherence.Violation{}, []leftKind{}
		}
		if err := writeJSON(cmd.OutOrStdout(), rep); err != nil {
			return err
		}
	} else {
		printLeft(cmd.OutOrStdout(), rep, show)
	}
	if rep.Left > 0 {
		return failed("%d of %d environments leave a world that breaks a rule its start keeps", rep.Left, rep.Envs)
	}
	return nil
}

func printCoherence(out io.Writer, rep coherence.Report, show int) {
	fmt.Fprintf(out, "%d data atoms, %d records, %d violations", rep.Data, rep.Records, len(rep.Violations))
	if len(rep.Skipped) > 0 {
		fmt.Fprintf(out, " (%d data atoms no recipe composes, not checked)", len(rep.Skipped))
	}
	fmt.Fprintln(out)
	printTextShares(out, rep.Text)
	if len(rep.Violations) == 0 {
		return
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nrule\tviolations")
	for _, r := range coherence.Rules() {
		if n := rep.ByRule[r]; n > 0 {
			fmt.Fprintf(tw, "%s\t%d\n", r, n)
		}
	}
	atoms := make([]string, 0, len(rep.ByAtom))
	for a := range rep.ByAtom {
		atoms = append(atoms, a)
	}
	sort.Slice(atoms, func(i, j int) bool {
		if rep.ByAtom[atoms[i]] != rep.ByAtom[atoms[j]] {
			return rep.ByAtom[atoms[i]] > rep.ByAtom[atoms[j]]
		}
		return atoms[i] < atoms[j]
	})
	fmt.Fprintln(tw, "\ndata atom\tviolations")
	for i, a := range atoms {
		if i >= 10 {
			fmt.Fprintf(tw, "... %d more\t\n", len(atoms)-i)
			break
		}
		fmt.Fprintf(tw, "%s\t%d\n", a, rep.ByAtom[a])
	}
	tw.Flush()
	fmt.Fprintln(out)
	for i, v := range rep.Violations {
		if i >= show {
			fmt.Fprintf(out, "... %d more\n", len(rep.Violations)-i)
			break
		}
		fmt.Fprintln(out, v)
	}
}

// printTextShares lists, per text role, how often its most common
// sentence recurs among the records holding text of that role.
func printTextShares(out io.Writer, shares []coherence.TextShare) {
	if len(shares) == 0 {
		return
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "text role\trecords\ttop sentence share\ttop sentence")
	for _, s := range shares {
		fmt.Fprintf(tw, "%s\t%d\t%.2f%% (%d)\t%q\n", s.Role, s.Records, 100*s.Share, s.TopCount, s.Top)
	}
	tw.Flush()
}
