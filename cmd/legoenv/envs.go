package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

func init() { commands = append(commands, newEnvsCmd, newPlanCmd) }

// envSummary is one environment as listed for people and machines.
type envSummary struct {
	ID          string            `json:"id"`
	Intent      string            `json:"intent"`
	Data        string            `json:"data"`
	Apps        []string          `json:"apps"`
	Rules       []string          `json:"rules"`
	Tools       int               `json:"tools"`
	Instruction string            `json:"instruction"`
	Verdict     string            `json:"verdict"` // "verified", "failed", or "unknown" (an envs file that does not say)
	RootCause   *verify.RootCause `json:"root_cause,omitempty"`
	Recipe      any               `json:"recipe"`
}

func summarize(e *episode.Env) envSummary {
	s := envSummary{ID: e.ID, Intent: e.Intent.ID, Data: e.Data.ID, Apps: e.Apps, Rules: []string{}, Tools: len(e.Tools()),
		Instruction: e.Instruction, Verdict: "unknown", Recipe: e.Recipe}
	for _, r := range e.Rules {
		s.Rules = append(s.Rules, r.ID)
	}
	return s
}

// listEnvs composes the environments 'envs' lists, with their verdicts:
// from --envs as the file records them, else verified now.
func listEnvs(cmd *cobra.Command, src *envSource) ([]envSummary, []error, error) {
	stderr := cmd.ErrOrStderr()
	if src.envsFile != "" {
		list, err := listCorpus(src, stderr)
		return list, nil, err
	}
	lib, err := loadLibrary(src.libDir, stderr)
	if err != nil {
		return nil, nil, err
	}
	envs, errs := episode.ComposeAll(lib, episode.Options{})
	prog, finish := progress(stderr, len(lib.Recipes()), "verifying")
	vs := verify.VerifyAll(cmd.Context(), lib, lib.Recipes(), verify.Options{Progress: prog})
	finish()
	byID := map[string]verify.Verdict{}
	for _, v := range vs {
		byID[v.EnvID] = v
	}
	list := make([]envSummary, len(envs))
	for i, e := range envs {
		list[i] = summarize(e)
		if v, ok := byID[e.ID]; ok {
			list[i].Verdict, list[i].RootCause = verdictWord(v.Verified), v.RootCause
		}
	}
	return list, errs, nil
}

// listCorpus lists an envs.jsonl file from its records and the index
// beside it, composing only what the index lacks; with no index, it
// composes every environment once and writes one.
func listCorpus(src *envSource, stderr io.Writer) ([]envSummary, error) {
	c, err := src.openCorpus(stderr)
	if err != nil {
		return nil, err
	}
	idx, err := envfile.ReadIndex(src.envsFile)
	if err != nil {
		fmt.Fprintf(stderr, "legoenv: %v; composing instead\n", err)
	}
	var missing []envfile.Record
	for _, id := range c.IDs() {
		if _, ok := idx[id]; !ok {
			i, _ := c.Index(id)
			missing = append(missing, c.Records[i])
		}
	}
	if len(missing) > 0 {
		if idx, err = indexCorpus(c, idx, missing, stderr); err != nil {
			return nil, err
		}
	}
	var list []envSummary
	for _, id := range c.IDs() {
		i, _ := c.Index(id)
		r := c.Records[i]
		sum, ok := idx[id]
		if !ok {
			_, err := c.Env(i) // says why it does not compose
			fmt.Fprintf(stderr, "legoenv: skipped: %v\n", err)
			continue
		}
		list = append(list, recordSummary(r, sum))
	}
	return list, nil
}

// indexCorpus composes the records the index lacks, a batch at a time
// from the library files of their atoms, with progress; when there was no
// index, it writes one so the next listing composes nothing.
func indexCorpus(c *envfile.Corpus, idx map[string]envfile.Summary, missing []envfile.Record, stderr io.Writer) (map[string]envfile.Summary, error) {
	prog, finish := progress(stderr, len(missing), "composing")
	var sums []envfile.Summary
	for start := 0; start < len(missing); start += demoBatch {
		batch := missing[start:min(start+demoBatch, len(missing))]
		envs, _ := c.ComposeBatch(batch) // listCorpus says why one does not compose
		for _, env := range envs {
			if env != nil {
				sums = append(sums, envfile.Summarize(env))
			}
		}
		if prog != nil {
			prog(start+len(batch), len(missing))
		}
	}
	finish()
	if idx == nil {
		if err := envfile.WriteIndex(c.Path, sums); err != nil {
			fmt.Fprintf(stderr, "legoenv: %v (the next listing composes again)\n", err)
		}
		idx = map[string]envfile.Summary{}
	}
	for _, s := range sums {
		idx[s.ID] = s
	}
	return idx, nil
}

// recordSummary is a listing's line from an envs.jsonl record and its
// index entry.
func recordSummary(r envfile.Record, s envfile.Summary) envSummary {
	out := envSummary{ID: r.ID, Intent: r.Recipe.Intent.ID, Data: r.Recipe.Data.ID, Apps: r.Apps, Rules: []string{}, Tools: s.Tools,
		Instruction: s.Instruction, Verdict: "unknown", Recipe: r.Recipe}
	if out.Apps == nil {
		out.Apps = []string{}
	}
	for _, p := range r.Recipe.Rules {
		out.Rules = append(out.Rules, p.ID)
	}
	if r.Verified != nil {
		out.Verdict = verdictWord(*r.Verified)
	}
	return out
}

func newEnvsCmd() *cobra.Command {
	var src envSource
	var asJSON bool
	c := &cobra.Command{
		Use:   "envs",
		Short: "List the environments of a library or an envs.jsonl: id, intent, data, apps, rules, verdict, instruction",
		Long: `Envs lists environments: every recipe of --lib (default: the built-in
example library), verified now, or those of an envs.jsonl that 'legoenv
build' wrote (--envs; the library beside it), with the verdict the file
records. 'legoenv show ENV_ID' gives one in full.`,
		Example: `  legoenv envs
  legoenv envs --envs out/envs.jsonl --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list, errs, err := listEnvs(cmd, &src)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				msgs := make([]string, len(errs))
				for i, e := range errs {
					msgs[i] = e.Error()
				}
				return writeJSON(out, map[string]any{"envs": list, "errors": msgs})
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tINTENT\tDATA\tAPPS\tRULES\tVERDICT\tINSTRUCTION")
			for _, s := range list {
				rules := strings.Join(s.Rules, ",")
				if rules == "" {
					rules = "-"
				}
				verdict := s.Verdict
				if s.RootCause != nil {
					verdict += " (" + string(s.RootCause.Code) + ")"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.Intent, s.Data, strings.Join(s.Apps, ","), rules, verdict, clip(s.Instruction, 60))
			}
			tw.Flush()
			fmt.Fprint(out, plural(len(list), "environment"))
			if len(errs) > 0 {
				fmt.Fprintf(out, "; %s not compose:", pluralVerb(len(errs), "recipe", "does", "do"))
				for _, e := range errs {
					fmt.Fprintf(out, "\n  %v", e)
				}
			}
			fmt.Fprintln(out)
			return nil
		},
	}
	src.idFlags(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: {envs: [{id, intent, data, apps, rules, tools, instruction, verdict, root_cause, recipe}], errors}")
	return c
}

func newPlanCmd() *cobra.Command {
	var src envSource
	c := &cobra.Command{
		Use:   "plan ENV_ID",
		Short: "Print an environment's reference plan as a calls file (JSONL) for 'legoenv play'",
		Example: `  legoenv plan env-1a2b3c4d5e6f --envs out/envs.jsonl > calls.jsonl
  legoenv plan env-1a2b3c --lib corpus/mine`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			env, err := src.env(args[0], cmd.ErrOrStderr())
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
	src.idFlags(c)
	return c
}

// planFor returns the environment's reference plan, or the planner's plan
// for an intent without one.
func planFor(env *episode.Env) ([]episode.ToolCall, error) {
	if len(env.Plan) > 0 {
		return env.PlanCalls(), nil
	}
	return verify.Plan(context.Background(), env)
}
