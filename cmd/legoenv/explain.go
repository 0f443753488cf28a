package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// explainEnv prints 'verify --explain ID': the verdict, the grounding trace
// of the solving plan and every probe of the discriminating check.
func explainEnv(cmd *cobra.Command, lib *atom.Library, r atom.Recipe, fence, asJSON bool) error {
	env, err := episode.Compose(lib, r, episode.Options{Fence: fence})
	if err != nil {
		return badInput("%v", err)
	}
	ex := verify.Explain(cmd.Context(), env)
	out := cmd.OutOrStdout()
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(ex)
	}
	writeExplanation(out, ex)
	return nil
}

func writeExplanation(w io.Writer, ex verify.Explanation) {
	v := ex.Verdict
	verdict := "verified"
	if !v.Verified {
		verdict = "failed"
		if v.RootCause != nil {
			verdict += ": " + string(v.RootCause.Code) + " (" + v.RootCause.Atom.String() + ")\n  " + v.RootCause.Evidence.Message
		}
	}
	fmt.Fprintf(w, "%s %s/%s: %s\n", v.EnvID, v.Intent, v.Data, verdict)
	fmt.Fprintf(w, "\nplan (%s, %d steps):\n", v.PlanFrom, len(v.Plan))
	for i, c := range v.Plan {
		fmt.Fprintf(w, "  %d. %s %s\n", i+1, c.Name, c.Args)
	}
	fmt.Fprintln(w, "\ngrounding (values the goal checks, and where the agent reads them):")
	if len(ex.Grounding) == 0 {
		fmt.Fprintln(w, "  none traced")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(ex.Grounding) > 0 {
		fmt.Fprintln(tw, "  STEP\tTOOL\tARG\tVALUE\tGOAL\tSOURCE")
	}
	for _, g := range ex.Grounding {
		src := g.Source
		if src == "" {
			src = "NOT VISIBLE"
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%q\tgoal[%d] %s\t%s\n", g.Step, g.Tool, g.Arg, g.Value, g.Goal, g.Field, src)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nprobes (wrong plans; each must lose reward):")
	if len(ex.Probes) == 0 {
		fmt.Fprintln(w, "  none run")
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(ex.Probes) > 0 {
		fmt.Fprintln(tw, "  KIND\tREWARD\tRESULT\tWHAT")
	}
	for _, p := range ex.Probes {
		res := "loses"
		if p.Passed {
			res = "PASSES"
		}
		fmt.Fprintf(tw, "  %s\t%.3f\t%s\t%s\n", p.Kind, p.Reward, res, p.What)
	}
	tw.Flush()
}
