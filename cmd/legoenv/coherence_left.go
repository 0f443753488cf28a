package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"text/tabwriter"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/parallel"
)

// leftReport is 'coherence --envs': the worlds the environments' plans
// leave, checked as their initial worlds are.
type leftReport struct {
	Envs       int                   `json:"envs"`       // environments whose plan ran
	Left       int                   `json:"left"`       // of them, those whose end world breaks a rule its start keeps
	Kinds      []leftKind            `json:"kinds"`      // by rule, collection and field, the most environments first
	Violations []coherence.Violation `json:"violations"` // each new violation, Data naming its environment
}

// leftKind is one rule broken on one field of one collection.
type leftKind struct {
	Rule       string `json:"rule"`
	Collection string `json:"collection"`
	Field      string `json:"field,omitempty"`
	Envs       int    `json:"envs"`
	Violations int    `json:"violations"`
	Example    string `json:"example"`
}

// checkLeft runs each environment's reference plan (or the planner's)
// in a session and reports the violations its end world holds that its
// initial world does not.
func checkLeft(ctx context.Context, envs []*episode.Env, jobs int, progress func(done, total int)) leftReport {
	found := make([][]coherence.Violation, len(envs))
	parallel.For(ctx, len(envs), jobs, func(i int) { found[i] = leftBy(envs[i]) }, progress)
	rep := leftReport{Envs: len(envs)}
	type at struct{ rule, coll, field string }
	kinds := map[at]*leftKind{}
	for _, vs := range found {
		if len(vs) > 0 {
			rep.Left++
		}
		seen := map[at]bool{}
		for _, v := range vs {
			k := at{v.Rule, v.Collection, v.Field}
			lk := kinds[k]
			if lk == nil {
				lk = &leftKind{Rule: v.Rule, Collection: v.Collection, Field: v.Field, Example: v.String()}
				kinds[k] = lk
			}
			lk.Violations++
			if !seen[k] {
				seen[k] = true
				lk.Envs++
			}
			rep.Violations = append(rep.Violations, v)
		}
	}
	for _, lk := range kinds {
		rep.Kinds = append(rep.Kinds, *lk)
	}
	sort.Slice(rep.Kinds, func(i, j int) bool {
		a, b := rep.Kinds[i], rep.Kinds[j]
		if a.Envs != b.Envs {
			return a.Envs > b.Envs
		}
		return a.Example < b.Example
	})
	return rep
}

// leftBy is what env's plan leaves broken; nothing where it has no plan
// or its session does not start.
func leftBy(env *episode.Env) []coherence.Violation {
	calls, err := planFor(env)
	if err != nil {
		return nil
	}
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return nil
	}
	for _, c := range calls {
		s.Call(c)
	}
	servers := make(map[string]*atom.Server, len(env.Servers))
	for _, se := range env.Servers {
		sv := se.MustServer()
		servers[sv.AppName()] = sv
	}
	return coherence.CheckLeft(env.ID, servers, s.State().Base(), s.State().World())
}

func printLeft(out io.Writer, rep leftReport, show int) {
	fmt.Fprintf(out, "%d environments' plans run; %d leave a world that breaks a rule its start keeps\n", rep.Envs, rep.Left)
	if len(rep.Kinds) == 0 {
		return
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nrule\tcollection\tfield\tenvironments\tviolations")
	for _, k := range rep.Kinds {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\n", k.Rule, k.Collection, k.Field, k.Envs, k.Violations)
	}
	tw.Flush()
	fmt.Fprintln(out)
	for i, k := range rep.Kinds {
		if i >= show {
			fmt.Fprintf(out, "... %d more kinds\n", len(rep.Kinds)-i)
			break
		}
		fmt.Fprintln(out, k.Example)
	}
}
