package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/rollout"
)

func init() { commands = append(commands, newRolloutCmd) }

// envSource is where a command takes its environments from: an envs.jsonl
// file (composed against --lib or the lib/ beside it) or a library.
type envSource struct {
	envsFile, libDir string
	all              bool // include environments the file marks unverified
}

func (s *envSource) flags(c *cobra.Command, withAll bool) {
	c.Flags().StringVar(&s.envsFile, "envs", "", "envs.jsonl of the environments (as 'legoenv build' writes it); default: every recipe of --lib")
	c.Flags().StringVar(&s.libDir, "lib", "", "atom library directory (default: the built-in example library, or lib/ beside --envs)")
	if withAll {
		c.Flags().BoolVar(&s.all, "all", false, "include environments --envs marks unverified")
	}
}

// envSet is the environments of a source: those selected, and what every
// known environment is (for grouping and splits).
type envSet struct {
	envs     []*episode.Env
	verified map[string]*bool // from envs.jsonl; absent when the source does not say
	info     map[string]rollout.EnvInfo
}

// load composes the source's environments. Recipes that do not compose are
// reported on stderr and left out.
func (s *envSource) load(stderr io.Writer) (*envSet, error) {
	set := &envSet{verified: map[string]*bool{}, info: map[string]rollout.EnvInfo{}}
	if s.envsFile == "" {
		lib, err := loadLibrary(s.libDir, stderr)
		if err != nil {
			return nil, err
		}
		opt, err := composeOptions()
		if err != nil {
			return nil, err
		}
		envs, errs := episode.ComposeAll(lib, opt)
		for _, e := range errs {
			fmt.Fprintln(stderr, "legoenv: skipped:", e)
		}
		set.envs = envs
		for _, e := range envs {
			set.info[e.ID] = rollout.Describe(e)
		}
		return set, nil
	}
	c, err := s.openCorpus(stderr)
	if err != nil {
		return nil, err
	}
	prog, finish := progress(stderr, len(c.Records), "composing")
	defer finish()
	seen := map[string]bool{}
	for start := 0; start < len(c.Records); start += demoBatch {
		batch := c.Records[start:min(start+demoBatch, len(c.Records))]
		envs, errs := c.ComposeBatch(batch)
		for i, r := range batch {
			if errs[i] != nil {
				fmt.Fprintf(stderr, "legoenv: skipped: %v\n", errs[i])
				continue
			}
			if env := envs[i]; !seen[env.ID] {
				seen[env.ID] = true
				set.add(env, r.Verified, s.all)
			}
		}
		if prog != nil {
			prog(start+len(batch), len(c.Records))
		}
	}
	return set, nil
}

// add records a composed environment and its verdict, and selects it
// unless it is marked unverified and all is not set.
func (set *envSet) add(env *episode.Env, verified *bool, all bool) {
	set.info[env.ID] = rollout.Describe(env)
	set.verified[env.ID] = verified
	if verified == nil || *verified || all {
		set.envs = append(set.envs, env)
	}
}

// progress returns a progress callback drawing a bar on a terminal (a
// line every few seconds elsewhere: a log, CI), and a function to finish
// it. The callback is safe for concurrent use.
func progress(stderr io.Writer, total int, what string) (func(done, total int), func()) {
	if total < 2 {
		return nil, func() {}
	}
	if !isTerminal(stderr) {
		l := newProgressLines(stderr, what, total, progressEvery)
		return l.set, l.finish
	}
	bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
	return func(done, _ int) { _ = bar.Set(done) }, func() { _ = bar.Finish() }
}

// llmConfig is the flags that say which model endpoint to use.
type llmConfig struct {
	prefix, baseURL, model, keyEnv, toolChoice string
	timeout                                    time.Duration
	retries                                    int
}

// flags adds the endpoint flags, each name with prefix ("" for rollout,
// "llm-" where a model helps build the library).
func (l *llmConfig) flags(c *cobra.Command, prefix string) {
	l.prefix = prefix
	c.Flags().StringVar(&l.baseURL, prefix+"base-url", "", "OpenAI-compatible API root, e.g. http://127.0.0.1:8000/v1 (vLLM) or http://127.0.0.1:11434/v1 (Ollama)")
	c.Flags().StringVar(&l.model, prefix+"model", "", "model name as the server knows it")
	c.Flags().StringVar(&l.keyEnv, prefix+"api-key-env", "OPENAI_API_KEY", "environment variable holding the API key (unset or empty: no key is sent)")
	c.Flags().DurationVar(&l.timeout, prefix+"timeout", 2*time.Minute, "limit on one HTTP attempt; a timed-out attempt is retried")
	c.Flags().IntVar(&l.retries, prefix+"retries", 4, "retries of a failed attempt (429, 5xx, timeout, connection error), with exponential backoff")
	if prefix == "" {
		c.Flags().StringVar(&l.toolChoice, "tool-choice", "auto", "tool_choice sent with tools: auto, required, none, or off (never sent; servers that reject it are detected anyway)")
	}
}

// set reports whether the endpoint flag was given.
func (l *llmConfig) set() bool { return l.baseURL != "" }

func (l *llmConfig) client() (*llm.Client, error) {
	if l.baseURL == "" {
		return nil, badInput("--%sbase-url URL is required (e.g. http://127.0.0.1:8000/v1)", l.prefix)
	}
	if l.model == "" {
		return nil, badInput("--%smodel NAME is required", l.prefix)
	}
	if l.retries < 0 {
		return nil, badInput("--%sretries must be 0 or more, not %d", l.prefix, l.retries)
	}
	retries := l.retries
	if retries == 0 {
		retries = -1 // llm.Config: negative means none
	}
	c, err := llm.New(llm.Config{BaseURL: l.baseURL, Model: l.model, APIKey: os.Getenv(l.keyEnv), Timeout: l.timeout, MaxRetries: retries, ToolChoice: l.toolChoice})
	if err != nil {
		return nil, badInput("%v", err)
	}
	return c, nil
}

// rolloutFlags are the flags of legoenv rollout.
type rolloutFlags struct {
	src                     envSource
	model                   llmConfig
	out, toolset            string
	n, conc, steps, maxToks int
	temp                    float64
	seed                    int64
	asJSON                  bool
}

func newRolloutCmd() *cobra.Command {
	var f rolloutFlags
	c := &cobra.Command{
		Use:   "rollout --base-url URL --model NAME --out traj.jsonl",
		Short: "Run a model on the environments through an OpenAI-compatible endpoint; write trajectories as JSONL",
		Long: `Rollout runs K episodes (--n) of every environment against a model served
by any OpenAI-compatible chat completions endpoint (vLLM, SGLang, Ollama,
llama.cpp, hosted APIs). Each episode opens with the environment's system
and user messages and its tools, then asks for completions until the model
answers without calling a tool or --max-steps turns are used; every tool
call runs in the episode's session (a bad call is an error observation for
the model, never a crash), and the episode ends with evaluate.

Each episode is one line of --out (schema/trajectory.schema.json): task_id,
env_id, seed, model, tools, messages (OpenAI chat format), reward, passed,
components, steps, usage, started_at, duration_ms. Rerunning the command
skips the episodes already in --out, so an interrupted run resumes.

Environments: every recipe of --lib (default: the built-in example
library), or the verified environments of an envs.jsonl file (--envs; --all
for every one).

Before any episode, one request for a one-token completion (no retries)
checks that the endpoint answers: a refused connection, a timeout, a 5xx,
a rejected key or an unknown model stops the run at once.

Exit codes: 0 when every episode ran, 1 when some failed on model errors
(rerun to retry them) or the run was interrupted, 2 for bad input.`,
		Example: `  legoenv rollout --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B --n 4 --concurrency 8 --out traj.jsonl
  legoenv rollout --base-url http://127.0.0.1:11434/v1 --model qwen3:8b --envs out/envs.jsonl --out traj.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runRollout(cmd, &f) },
	}
	f.src.flags(c, true)
	f.model.flags(c, "")
	c.Flags().StringVar(&f.out, "out", "", "trajectory file (JSONL); an existing file is resumed")
	c.Flags().IntVar(&f.n, "n", 1, "episodes per environment")
	c.Flags().IntVar(&f.conc, "concurrency", 4, "episodes run at once")
	c.Flags().IntVar(&f.steps, "max-steps", 30, "assistant turns (chat completions) per episode")
	c.Flags().Float64Var(&f.temp, "temperature", 0, "sampling temperature (default: the server's)")
	c.Flags().IntVar(&f.maxToks, "max-tokens", 0, "completion tokens per turn (0: the server's default)")
	c.Flags().Int64Var(&f.seed, "seed", 0, "data seed of every episode (0: the recipe's)")
	c.Flags().StringVar(&f.toolset, "toolset", episode.ToolsetNamed, "tool surface: named (every tool) or meta (search_tools and execute_tool)")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the summary as JSON")
	return c
}

// runRollout runs legoenv rollout.
func runRollout(cmd *cobra.Command, f *rolloutFlags) error {
	stderr := cmd.ErrOrStderr()
	if f.out == "" {
		return badInput("--out FILE is required")
	}
	if f.n < 1 || f.conc < 1 || f.steps < 1 {
		return badInput("--n, --concurrency and --max-steps must be 1 or more")
	}
	if f.toolset != episode.ToolsetNamed && f.toolset != episode.ToolsetMeta {
		return badInput("--toolset %q: named or meta", f.toolset)
	}
	client, err := f.model.client()
	if err != nil {
		return err
	}
	_, statErr := os.Stat(f.out)
	o, err := rollout.OpenOutput(f.out)
	if err != nil {
		return badInput("%v", err)
	}
	// A run that stops before its first episode leaves no empty file it made.
	defer func() {
		o.Close()
		if st, err := os.Stat(f.out); errors.Is(statErr, fs.ErrNotExist) && err == nil && st.Size() == 0 {
			os.Remove(f.out)
		}
	}()
	if o.Dropped > 0 {
		fmt.Fprintf(stderr, "legoenv: %s: dropped a partial last line; that episode runs again\n", f.out)
	}
	// One tiny request first: a dead endpoint stops the run here, before
	// the environments load, rather than failing every episode after its
	// retries. A resumed run asks only if it has episodes left.
	if o.Resumed == 0 {
		if err := preflight(cmd, client); err != nil {
			return err
		}
	}
	set, err := f.src.load(stderr)
	if err != nil {
		return err
	}
	if len(set.envs) == 0 {
		return badInput("no environments to run")
	}
	if o.Resumed > 0 && pending(set.envs, f.n, f.seed, o.Done) > 0 {
		if err := preflight(cmd, client); err != nil {
			return err
		}
	}
	opts := rollout.Options{Model: f.model.model, Episodes: f.n, Concurrency: f.conc, MaxSteps: f.steps, MaxTokens: f.maxToks, Seed: f.seed, Toolset: f.toolset, Skip: o.Done}
	if cmd.Flags().Changed("temperature") {
		opts.Temperature = &f.temp
	}
	var finish func()
	opts.Progress, finish = progress(stderr, len(set.envs)*f.n, "episodes")
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, runErr := rollout.Run(ctx, client, set.envs, opts, o.Write)
	finish()
	if err := printRollout(cmd.OutOrStdout(), f, len(set.envs), sum); err != nil {
		return err
	}
	switch {
	case runErr != nil && ctx.Err() != nil:
		return failed("interrupted; run the same command again to resume")
	case runErr != nil:
		return failed("%v", runErr)
	case sum.Failed > 0:
		return failed("%s failed; run the same command again to retry them", plural(sum.Failed, "episode"))
	}
	return nil
}

// printRollout writes what a rollout did: JSON with --json, else a line
// of counts and the first errors.
func printRollout(w io.Writer, f *rolloutFlags, envs int, sum rollout.Summary) error {
	if f.asJSON {
		errs := make([]string, len(sum.Errors))
		for i, e := range sum.Errors {
			errs[i] = e.Error()
		}
		return writeJSON(w, map[string]any{"out": f.out, "envs": envs, "summary": sum, "errors": errs})
	}
	fmt.Fprintf(w, "%s x %s: %d run now (%d passed), %d already in %s, %d failed\n",
		plural(envs, "environment"), plural(f.n, "episode"), sum.Run, sum.Passed, sum.Skipped, f.out, sum.Failed)
	for i, e := range sum.Errors {
		if i == 5 {
			fmt.Fprintf(w, "  ... and %d more\n", len(sum.Errors)-5)
			break
		}
		fmt.Fprintf(w, "  %v\n", e)
	}
	return nil
}

// preflight asks the endpoint for one tiny completion (llm.Client.Ping).
func preflight(cmd *cobra.Command, client *llm.Client) error {
	if err := client.Ping(cmd.Context()); err != nil {
		return failed("pre-flight request: %v; no episode was run", err)
	}
	return nil
}

// pending counts the episodes of a rollout not yet in its output.
func pending(envs []*episode.Env, n int, seed int64, done func(taskID string) bool) int {
	left := 0
	for _, env := range envs {
		s := rollout.EffectiveSeed(env, seed)
		for k := 0; k < n; k++ {
			if !done(rollout.TaskID(env.ID, s, k)) {
				left++
			}
		}
	}
	return left
}

// readTrajectoryFiles reads and concatenates trajectory files.
func readTrajectoryFiles(paths []string) ([]*rollout.Trajectory, error) {
	var all []*rollout.Trajectory
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, badInput("%v", err)
		}
		ts, err := rollout.ReadTrajectories(p, f)
		f.Close()
		if err != nil {
			return nil, badInput("%v", err)
		}
		all = append(all, ts...)
	}
	return all, nil
}

// writeLines writes JSON lines to path atomically (a temporary file renamed
// into place), so that a failed export leaves no half file.
func writeLines(path string, lines [][]byte) error {
	f, err := createLines(path)
	if err != nil {
		return err
	}
	defer f.abort()
	for _, l := range lines {
		if err := f.write(l); err != nil {
			return err
		}
	}
	return f.commit()
}

// lineFile is a JSONL file written line by line to a temporary file beside
// its path, which commit renames into place: until then the path is as it
// was.
type lineFile struct {
	path string
	tmp  *os.File
	w    *bufio.Writer
}

func createLines(path string) (*lineFile, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".legoenv-*.jsonl")
	if err != nil {
		return nil, failed("%v", err)
	}
	return &lineFile{path: path, tmp: tmp, w: bufio.NewWriterSize(tmp, 1<<16)}, nil
}

func (f *lineFile) write(line []byte) error {
	if _, err := f.w.Write(line); err != nil {
		return failed("write %s: %v", f.path, err)
	}
	return nil
}

// commit flushes the file and renames it into place.
func (f *lineFile) commit() error {
	err := f.w.Flush()
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		return failed("write %s: %v", f.path, err)
	}
	return nil
}

// abort removes the temporary file, unless commit renamed it.
func (f *lineFile) abort() {
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// cmdContext is a context that ends on Ctrl-C or SIGTERM.
func cmdContext(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
}
