package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/episode"
)

func init() { commands = append(commands, newEnvsCmd, newPlanCmd) }

// envSummary is one environment as listed for people and machines.
type envSummary struct {
	ID     string   `json:"id"`
	Intent string   `json:"intent"`
	Data   string   `json:"data"`
	Apps   []string `json:"apps"`
	Rules  []string `json:"rules"`
	Tools  int      `json:"tools"`
	Recipe any      `json:"recipe"`
}

func summarize(e *episode.Env) envSummary {
	s := envSummary{ID: e.ID, Intent: e.Intent.ID, Data: e.Data.ID, Apps: e.Apps, Rules: []string{}, Tools: len(e.Tools()), Recipe: e.Recipe}
	for _, r := range e.Rules {
		s.Rules = append(s.Rules, r.ID)
	}
	return s
}

func newEnvsCmd() *cobra.Command {
	var dir string
	var asJSON bool
	c := &cobra.Command{
		Use:   "envs",
		Short: "List the environments a library composes (id, intent, apps, rules)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lib, err := loadLibrary(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			envs, errs := composeAll(lib)
			out := cmd.OutOrStdout()
			if asJSON {
				list := make([]envSummary, len(envs))
				for i, e := range envs {
					list[i] = summarize(e)
				}
				msgs := make([]string, len(errs))
				for i, e := range errs {
					msgs[i] = e.Error()
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(map[string]any{"envs": list, "errors": msgs})
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tINTENT\tDATA\tAPPS\tRULES")
			for _, e := range envs {
				s := summarize(e)
				rules := strings.Join(s.Rules, ",")
				if rules == "" {
					rules = "-"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.ID, s.Intent, s.Data, strings.Join(s.Apps, ","), rules)
			}
			tw.Flush()
			fmt.Fprintf(out, "%d environments", len(envs))
			if len(errs) > 0 {
				fmt.Fprintf(out, "; %d recipes do not compose:", len(errs))
				for _, e := range errs {
					fmt.Fprintf(out, "\n  %v", e)
				}
			}
			fmt.Fprintln(out)
			return nil
		},
	}
	libFlag(c, &dir)
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

func newPlanCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "plan ENV_ID",
		Short: "Print an environment's reference plan as a calls file (JSONL) for 'legoenv play'",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := loadLibrary(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			env, err := findEnv(lib, args[0])
			if err != nil {
				return err
			}
			calls, err := planFor(env)
			if err != nil {
				return failed("%v", err)
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			for _, c := range calls {
				if err := enc.Encode(map[string]any{"name": c.Name, "arguments": json.RawMessage(c.Args)}); err != nil {
					return err
				}
			}
			return nil
		},
	}
	libFlag(c, &dir)
	return c
}

// planFor returns the environment's reference plan. It is a variable so the
// planner can take over for intents without one.
var planFor = func(env *episode.Env) ([]episode.ToolCall, error) {
	if len(env.Plan) == 0 {
		return nil, fmt.Errorf("intent %s has no reference plan", env.Intent.ID)
	}
	return env.PlanCalls(), nil
}
