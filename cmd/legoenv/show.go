package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify"
)

func init() { commands = append(commands, newShowCmd) }

// envDetail is one environment as 'legoenv show' gives it.
type envDetail struct {
	ID          string               `json:"id"`
	Recipe      atom.Recipe          `json:"recipe"`
	Intent      string               `json:"intent"`
	Data        string               `json:"data"`
	Apps        []string             `json:"apps"`
	Instruction string               `json:"instruction"`
	Tools       []toolDetail         `json:"tools"`
	State       stateDetail          `json:"initial_state"`
	Goal        []assertionDetail    `json:"goal"`
	Rules       []ruleDetail         `json:"rules"`
	Verdict     string               `json:"verdict"` // "verified" or "failed"
	Checks      []verify.CheckResult `json:"checks"`
	RootCause   *verify.RootCause    `json:"root_cause,omitempty"`
	Plan        []planCall           `json:"plan"`
	PlanFrom    string               `json:"plan_from,omitempty"` // "reference" or "planner"
}

type toolDetail struct {
	Name        string `json:"name"`
	App         string `json:"app"`
	Description string `json:"description"`
}

type stateDetail struct {
	Clock       time.Time        `json:"clock"`
	Records     int              `json:"records"`
	Collections []collectionSize `json:"collections"`
	Hash        string           `json:"hash"`
}

type collectionSize struct {
	Name    string `json:"name"`
	Records int    `json:"records"`
}

type assertionDetail struct {
	Assertion string `json:"assertion"`
	Source    string `json:"source"` // "goal" or "rule:<id>"
	Negative  bool   `json:"negative"`
}

type ruleDetail struct {
	ID        string `json:"id"`
	Text      string `json:"text"`
	Placement string `json:"placement"`
}

type planCall struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func newShowCmd() *cobra.Command {
	var (
		src    envSource
		asJSON bool
	)
	c := &cobra.Command{
		Use:   "show ENV_ID",
		Short: "Show one environment: instruction, tools, initial state, goal, rules, verdict and plan",
		Long: `Show prints what an agent meets in one environment and what the verifier
makes of it: the instruction, the tools, a summary of the initial state
(records per collection, clock, state hash), the goal and rule assertions,
the rules' text, the verdict with its checks and root cause (verified now,
on this environment only), and the plan that solves it (the intent's
reference plan, or the planner's).`,
		Example: `  legoenv show env-1a2b3c --envs out/envs.jsonl
  legoenv show env-1a2b3c --lib corpus/mine --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			env, err := src.env(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			d, err := describeEnv(cmd, env)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), d)
			}
			d.writeText(cmd.OutOrStdout())
			return nil
		},
	}
	src.idFlags(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: {id, instruction, tools, initial_state, goal, rules, verdict, checks, root_cause, plan, plan_from, ...}")
	return c
}

// describeEnv verifies env and gathers what show prints.
func describeEnv(cmd *cobra.Command, env *episode.Env) (*envDetail, error) {
	w, err := env.World(env.Recipe.Seed)
	if err != nil {
		return nil, badInput("environment %s: initial state: %v", env.ID, err)
	}
	v := verify.VerifyEnv(cmd.Context(), env)
	d := &envDetail{ID: env.ID, Recipe: env.Recipe, Intent: env.Intent.ID, Data: env.Data.ID, Apps: env.Apps,
		Instruction: env.Instruction, Verdict: verdictWord(v.Verified), Checks: v.Checks, RootCause: v.RootCause,
		Tools: []toolDetail{}, Goal: []assertionDetail{}, Rules: []ruleDetail{}, Plan: []planCall{}}
	for _, t := range env.Tools() {
		d.Tools = append(d.Tools, toolDetail{Name: t.Name, App: t.App, Description: t.Description})
	}
	d.State = stateDetail{Clock: w.Clock, Records: w.Len(), Collections: []collectionSize{}}
	names := append([]string(nil), w.Names()...)
	sort.Strings(names)
	for _, n := range names {
		d.State.Collections = append(d.State.Collections, collectionSize{Name: n, Records: len(w.Collection(n).Records)})
	}
	d.State.Hash = state.New(w).Hash()
	for _, c := range env.Checks {
		d.Goal = append(d.Goal, assertionDetail{Assertion: c.Program.Assertion.String(), Source: c.Source, Negative: c.Program.Assertion.IsNegative()})
	}
	for _, r := range env.Rules {
		ru := r.MustRule()
		d.Rules = append(d.Rules, ruleDetail{ID: r.ID, Text: ru.Text, Placement: ru.Placed()})
	}
	plan, from := v.Plan, v.PlanFrom
	if len(plan) == 0 && len(env.Plan) > 0 {
		plan, from = env.PlanCalls(), "reference"
	}
	for _, c := range plan {
		d.Plan = append(d.Plan, planCall{Name: c.Name, Arguments: json.RawMessage(c.Args)})
	}
	d.PlanFrom = from
	return d, nil
}

func verdictWord(verified bool) string {
	if verified {
		return "verified"
	}
	return "failed"
}

func (d *envDetail) writeText(out io.Writer) {
	fmt.Fprintf(out, "%s  intent %s, data %s, apps %s\n\n", d.ID, d.Intent, d.Data, strings.Join(d.Apps, ", "))
	fmt.Fprintf(out, "instruction:\n  %s\n\n", strings.ReplaceAll(d.Instruction, "\n", "\n  "))
	fmt.Fprintf(out, "tools (%d):\n", len(d.Tools))
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, t := range d.Tools {
		fmt.Fprintf(tw, "  %s\t%s\n", t.Name, clip(t.Description, 70))
	}
	tw.Flush()
	fmt.Fprintf(out, "\ninitial state: %s, clock %s, hash %s\n",
		plural(d.State.Records, "record"), d.State.Clock.Format(time.RFC3339), d.State.Hash)
	tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, c := range d.State.Collections {
		fmt.Fprintf(tw, "  %s\t%d\n", c.Name, c.Records)
	}
	tw.Flush()
	fmt.Fprintf(out, "\ngoal (%s):\n", plural(len(d.Goal), "assertion"))
	for _, a := range d.Goal {
		neg := ""
		if a.Negative {
			neg = " (negative)"
		}
		fmt.Fprintf(out, "  [%s] %s%s\n", a.Source, a.Assertion, neg)
	}
	if len(d.Rules) == 0 {
		fmt.Fprintln(out, "\nrules: none")
	} else {
		fmt.Fprintln(out, "\nrules:")
		for _, r := range d.Rules {
			fmt.Fprintf(out, "  %s (%s): %s\n", r.ID, r.Placement, r.Text)
		}
	}
	fmt.Fprintf(out, "\nverdict: %s\n", d.Verdict)
	var checks []string
	for _, c := range d.Checks {
		checks = append(checks, c.Name+" "+c.Status)
	}
	fmt.Fprintf(out, "  checks: %s\n", strings.Join(checks, ", "))
	if rc := d.RootCause; rc != nil {
		fmt.Fprintf(out, "  root cause: %s, blamed on %s\n  why: %s\n", rc.Code, rc.Atom, rc.Evidence.Message)
		if rc.SuggestedFix != nil {
			fmt.Fprintf(out, "  suggested fix: %s %s: %s\n", rc.SuggestedFix.Action(), rc.SuggestedFix.Atom, rc.SuggestedFix.Description)
		}
	}
	if len(d.Plan) == 0 {
		fmt.Fprintln(out, "\nplan: none (no reference plan, and the planner found none)")
		return
	}
	fmt.Fprintf(out, "\nplan (%s, %s):\n", d.PlanFrom, plural(len(d.Plan), "step"))
	for i, c := range d.Plan {
		fmt.Fprintf(out, "  %d. %s %s\n", i+1, c.Name, c.Arguments)
	}
}
