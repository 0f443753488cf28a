package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/profile"
)

func init() { commands = append(commands, newProfileCmd) }

// profileFlags are the flags of legoenv profile.
type profileFlags struct {
	dir, envs, against string
	noPlan, asJSON     bool
	jobs               int
}

func newProfileCmd() *cobra.Command {
	var f profileFlags
	c := &cobra.Command{
		Use:   "profile",
		Short: "Measure a corpus (calls per solution, apps, assertions, negatives, rules, tools, families) beside another",
		Long: `Profile measures the environments of a library (--lib, every recipe) or of
an envs.jsonl file (--envs; the library beside it unless --lib is given):

  tool calls a solution needs   the larger of the verified plan's length
                                (envs.jsonl's plan_steps, the intent's
                                reference plan, or the planner's plan) and
                                a lower bound read from the goal: one write
                                per record it asks to change or create, one
                                read per collection holding a value the goal
                                needs that the messages do not show
  apps per task                 mean, and share with 3 or more
  goal assertions               mean, and share with a negative one
  prompt words                  median words of the instruction
  where rules live              share with a rule in the system prompt, and
                                with one in the data (a rule document, or a
                                record whose text reads as a policy)
  rule relevant to the goal     of the environments with a rule: a rule check
                                reads what the goal reads, or the policy's
                                text shares a value with the goal
  tools offered                 median size of the tool surface
  task families                 how many, the share of the top four and of
                                the largest (a family is the template or
                                workflow shape an intent came from: its
                                family field, kept in envs.jsonl)
  instruction variety           distinct word 4-grams over all 4-grams, on
                                the whole corpus and on fixed samples of 50
                                instructions (comparable across sizes); the
                                most common opening (first three words) and
                                its share
  information only in the data  share whose goal checks a value (not a key)
                                the messages do not show and the data holds

--against SRC adds a second column: SRC is a library directory or an
envs.jsonl file. An imported benchmark is a library:

  legoenv import automationbench --schemas S --out ab TASKS
  legoenv profile --envs out/envs.jsonl --against ab

After the table, one table per corpus measures each family on its own:
its share, median calls, assertions and apps, share with negatives,
median words and the share of its most common opening.

--json prints the profiles as a list (family_table, variety included).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runProfile(cmd, &f) },
	}
	c.Flags().StringVar(&f.dir, "lib", "", "library directory (every recipe; with --envs, the library the file's recipes pin)")
	c.Flags().StringVar(&f.envs, "envs", "", "envs.jsonl file (as 'legoenv build' writes it)")
	c.Flags().StringVar(&f.against, "against", "", "a second corpus to show beside: a library directory or an envs.jsonl file")
	c.Flags().BoolVar(&f.noPlan, "no-plan", false, "do not run the planner where no plan length is known")
	c.Flags().IntVar(&f.jobs, "jobs", 0, "parallel workers (0: every core)")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the profiles as JSON")
	return c
}

// runProfile runs legoenv profile.
func runProfile(cmd *cobra.Command, f *profileFlags) error {
	if f.dir == "" && f.envs == "" {
		return badInput("give --lib DIR or --envs FILE")
	}
	opt := profile.Options{Planner: !f.noPlan, Jobs: f.jobs}
	var ps []profile.Profile
	p, err := profileSource(cmd, f.envs, f.dir, opt)
	if err != nil {
		return err
	}
	ps = append(ps, p)
	if f.against != "" {
		st, err := os.Stat(f.against)
		if err != nil {
			return badInput("--against: %v", err)
		}
		var q profile.Profile
		if st.IsDir() {
			q, err = profileSource(cmd, "", f.against, opt)
		} else {
			q, err = profileSource(cmd, f.against, "", opt)
		}
		if err != nil {
			return err
		}
		ps = append(ps, q)
	}
	if f.asJSON {
		return writeJSON(cmd.OutOrStdout(), ps)
	}
	if err := profile.WriteTable(cmd.OutOrStdout(), ps...); err != nil {
		return err
	}
	return profile.WriteFamilies(cmd.OutOrStdout(), ps...)
}

// profileSource profiles an envs file (with its library) or a library.
func profileSource(cmd *cobra.Command, envs, dir string, opt profile.Options) (profile.Profile, error) {
	stderr := cmd.ErrOrStderr()
	name := dir
	var rs []atom.Recipe
	if envs != "" {
		name = envs
		if dir == "" {
			dir = envfile.LibraryBeside(envs)
		}
		recs, err := envfile.ReadFile(envs)
		if err != nil {
			return profile.Profile{}, badInput("%v", err)
		}
		opt.Steps = map[string]int{}
		for _, r := range recs {
			rs = append(rs, r.Recipe)
			if r.Verdict != nil {
				opt.Steps[r.ID] = r.Verdict.Steps
			}
		}
	}
	lib, err := loadLibrary(dir, stderr)
	if err != nil {
		return profile.Profile{}, err
	}
	if envs == "" {
		rs = lib.Recipes()
	}
	p, _, bad, err := profile.Recipes(cmd.Context(), shortName(name), lib, rs, opt)
	if err != nil {
		return profile.Profile{}, err
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "legoenv: %s: %d recipes do not compose and are left out\n", name, bad)
	}
	return p, nil
}

// shortName names a column by the last two parts of its path.
func shortName(p string) string {
	p = filepath.Clean(p)
	parts := strings.Split(filepath.ToSlash(p), "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
}
