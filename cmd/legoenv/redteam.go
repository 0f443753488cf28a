package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/redteam"
	"github.com/legoenv/legoenv/verify"
)

func init() { commands = append(commands, newRedteamCmd) }

// redteamFlags are the flags of 'legoenv redteam'.
type redteamFlags struct {
	src      envSource
	policies string
	asJSON   bool
	callsDir string
	fence    bool
	jobs     int
	sample   int
}

func newRedteamCmd() *cobra.Command {
	var f redteamFlags
	c := &cobra.Command{
		Use:   "redteam",
		Short: "Run generic cheating policies on a corpus and report the share of verified environments where one keeps full reward",
		Long: `Redteam runs wrong plans that know nothing of the goal on every verified
environment: nothing, the reference plan plus one write nobody asked for
(another field of a record the plan edits, a write tool the plan does not
use on a real record), the plan with one value swapped, a shotgun of writes
on the records the instruction names, and one blind write with junk values.
The reference plan runs too and must keep full reward. For each policy it
prints the share of environments where some attempt kept full reward, and
with --calls-dir writes each exploit as a calls file that 'legoenv play
ENV --calls FILE' replays.

--envs FILE runs on the environments of an envs.jsonl (those not marked
unverified); --lib DIR verifies each environment first and runs on the
verified ones, with the verifier's plan. --fence composes frozen intents (an
imported benchmark) under legoenv's whole-world fence; without it a frozen
goal is scored as the benchmark scores it.`,
		Example: `  legoenv redteam --envs out/envs.jsonl --sample 400 --calls-dir exploits
  legoenv redteam --lib ab --fence --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runRedteam(cmd, f) },
	}
	f.src.idFlags(c)
	c.Flags().StringVar(&f.policies, "policies", strings.Join(redteam.AllPolicies(), ","), "policies to run, comma-separated")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print JSON: {envs, policies: [{policy, envs, kept, share}], exploits: [{env_id, policy, what, reward, calls_file}]}")
	c.Flags().StringVar(&f.callsDir, "calls-dir", "", "write each exploit's calls as DIR/ENV-POLICY.jsonl")
	c.Flags().BoolVar(&f.fence, "fence", false, "compose frozen intents with legoenv's whole-world fence")
	c.Flags().IntVar(&f.jobs, "jobs", 0, fmt.Sprintf("parallel workers (0: all %d cores)", runtime.NumCPU()))
	c.Flags().IntVar(&f.sample, "sample", 0, "run on every Nth environment only, so that about this many run (0: all)")
	return c
}

func runRedteam(cmd *cobra.Command, f redteamFlags) error {
	pols := strings.Split(f.policies, ",")
	for _, p := range pols {
		if !slices.Contains(redteam.AllPolicies(), p) {
			return badInput("--policies: unknown policy %q (%s)", p, strings.Join(redteam.AllPolicies(), ", "))
		}
	}
	if f.jobs < 0 || f.sample < 0 {
		return badInput("--jobs and --sample must be 0 or more")
	}
	if f.callsDir != "" {
		// Before the run, so that a folder that cannot be made loses no work.
		if err := os.MkdirAll(f.callsDir, 0o755); err != nil {
			return badInput("--calls-dir: %v", err)
		}
	}
	envs, plans, err := redteamEnvs(cmd, f)
	if err != nil {
		return err
	}
	opt := redteam.Options{Policies: pols, Jobs: f.jobs, Plan: plans}
	stderr := cmd.ErrOrStderr()
	if isTerminal(stderr) && !f.asJSON && len(envs) > 1 {
		bar := progressbar.NewOptions(len(envs), progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("red-teaming"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
		opt.Progress = func(done, total int) { _ = bar.Set(done) }
		defer bar.Finish()
	}
	results := redteam.Run(cmd.Context(), envs, opt)
	files, err := writeExploits(f.callsDir, results)
	if err != nil {
		return err
	}
	sum := redteam.Summarize(results, pols)
	if f.asJSON {
		return writeJSON(cmd.OutOrStdout(), redteamJSON{Envs: len(envs), Policies: sum, Exploits: files})
	}
	writeRedteamTable(cmd.OutOrStdout(), len(envs), sum, files)
	return nil
}

// redteamEnvs composes the environments to attack and says where their
// plans come from: the verdicts' plans for --lib, the reference plan or
// the planner's for --envs.
func redteamEnvs(cmd *cobra.Command, f redteamFlags) ([]*episode.Env, redteam.PlanFunc, error) {
	lib, recipes, err := f.src.recipes("", cmd.ErrOrStderr())
	if err != nil {
		return nil, nil, err
	}
	recipes = sampleRecipes(recipes, f.sample)
	opt := episode.Options{Fence: f.fence}
	if f.src.envsFile != "" {
		envs := composeAll(lib, recipes, opt)
		return envs, func(_ context.Context, env *episode.Env) ([]episode.ToolCall, error) { return planFor(env) }, nil
	}
	vs := verify.VerifyAll(cmd.Context(), lib, recipes, verify.Options{Jobs: f.jobs, Fence: f.fence})
	var envs []*episode.Env
	plans := map[string][]episode.ToolCall{}
	for _, v := range vs {
		if !v.Verified {
			continue
		}
		env, err := episode.Compose(lib, v.Recipe, opt)
		if err != nil {
			continue
		}
		envs = append(envs, env)
		plans[env.ID] = v.Plan
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "legoenv redteam: %d of %d environments verified; red-teaming those\n", len(envs), len(vs))
	return envs, func(_ context.Context, env *episode.Env) ([]episode.ToolCall, error) { return plans[env.ID], nil }, nil
}

// sampleRecipes keeps every Nth recipe so that about n are left.
func sampleRecipes(rs []atom.Recipe, n int) []atom.Recipe {
	if n <= 0 || n >= len(rs) {
		return rs
	}
	step := len(rs) / n
	var out []atom.Recipe
	for i := 0; i < len(rs) && len(out) < n; i += step {
		out = append(out, rs[i])
	}
	return out
}

// composeAll composes recipes, leaving out those that do not compose
// (verify names their cause).
func composeAll(lib *atom.Library, rs []atom.Recipe, opt episode.Options) []*episode.Env {
	var out []*episode.Env
	for _, r := range rs {
		if env, err := episode.Compose(lib, r, opt); err == nil {
			out = append(out, env)
		}
	}
	return out
}

// redteamExploit is one exploit in 'redteam --json'.
type redteamExploit struct {
	EnvID     string  `json:"env_id"`
	Policy    string  `json:"policy"`
	What      string  `json:"what"`
	Reward    float64 `json:"reward"`
	CallsFile string  `json:"calls_file,omitempty"`
}

type redteamJSON struct {
	Envs     int                     `json:"envs"`
	Policies []redteam.PolicySummary `json:"policies"`
	Exploits []redteamExploit        `json:"exploits"`
}

// writeExploits lists the exploits (the reference plan's full reward is
// none) and writes each as a calls file when dir is set.
func writeExploits(dir string, results []redteam.EnvResult) ([]redteamExploit, error) {
	out := []redteamExploit{}
	for _, r := range results {
		for _, pol := range slices.Sorted(maps.Keys(r.Policies)) {
			a := r.Policies[pol].Exploit
			if a == nil || pol == redteam.Reference {
				continue
			}
			x := redteamExploit{EnvID: r.EnvID, Policy: pol, What: a.What, Reward: a.Reward}
			if dir != "" {
				x.CallsFile = filepath.Join(dir, r.EnvID+"-"+pol+".jsonl")
				if err := writeCallsFile(x.CallsFile, a.Calls); err != nil {
					return nil, err
				}
			}
			out = append(out, x)
		}
	}
	return out, nil
}

// writeCallsFile writes calls as 'legoenv play --calls' reads them.
func writeCallsFile(name string, calls []episode.ToolCall) error {
	fh, err := os.Create(name)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(fh)
	for _, c := range calls {
		if err := enc.Encode(map[string]any{"name": c.Name, "arguments": json.RawMessage(c.Args)}); err != nil {
			fh.Close()
			return err
		}
	}
	return fh.Close()
}

func writeRedteamTable(w io.Writer, n int, sum []redteam.PolicySummary, exploits []redteamExploit) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "POLICY\tENVS\tFULL REWARD\tSHARE")
	for _, s := range sum {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\n", s.Policy, s.Envs, s.Kept, 100*s.Share)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s red-teamed; the reference plan should keep full reward, every other policy none\n", plural(n, "environment"))
	for i, x := range exploits {
		if i == 20 {
			fmt.Fprintf(w, "  ... %d more (--json lists them all)\n", len(exploits)-20)
			break
		}
		fmt.Fprintf(w, "  %s %s: %s\n", x.EnvID, x.Policy, clip(x.What, 100))
	}
}
