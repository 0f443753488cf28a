package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/evolve/propose"
	"github.com/legoenv/legoenv/verify"
)

func init() { commands = append(commands, newSynthCmd) }

// synthFlags are the flags of legoenv synth.
type synthFlags struct {
	dir, out string
	model    llmConfig
	attempts int
	temp     float64
	asJSON   bool
}

func newSynthCmd() *cobra.Command {
	var f synthFlags
	c := &cobra.Command{
		Use:   "synth intent|app DESCRIPTION --llm-base-url URL --llm-model NAME",
		Short: "Have a model propose new atoms from a short description; keep only those that lint and verify",
		Long: `Synth asks a model (any OpenAI-compatible endpoint) for new atoms:

  synth intent "..."  one intent over the library's apps and data; it is tried
                      with every data atom that exports its slots' handles
  synth app "..."     a server atom for a new app, a data atom for it and
                      intents over it

Every answer is parsed as atoms in memory (the library loader: JSON Schema,
then the checks the schema cannot say), checked (new ids, known apps,
handles that exist), and the environments it makes are verified like any
other. A rejected proposal is logged with its reason, which is told to the
model for the next attempt (--attempts); nothing rejected is ever written.

An accepted proposal is written into --out DIR (a copy of the library with
the new atoms and their verified environments), or into --lib DIR itself
when --out is not given. The built-in library is only written with --out;
without it the accepted atoms are printed.

Exit codes: 0 accepted, 1 every proposal rejected (or the model failed),
2 bad input.`,
		Example: `  legoenv synth intent "refund a duplicate charge and tell the customer" --lib corpus/mine \
      --llm-base-url http://127.0.0.1:8000/v1 --llm-model Qwen/Qwen3-8B
  legoenv synth app "a shared notebook with pages and comments" --out mine \
      --llm-base-url http://127.0.0.1:11434/v1 --llm-model qwen3:8b`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error { return runSynth(cmd, args, &f) },
	}
	libFlag(c, &f.dir)
	f.model.flags(c, "llm-")
	c.Flags().StringVar(&f.out, "out", "", "write the library with the new atoms to this directory (default: back into --lib)")
	c.Flags().IntVar(&f.attempts, "attempts", 3, "proposals at most; each rejection is told to the model")
	c.Flags().Float64Var(&f.temp, "temperature", 0, "sampling temperature (default: the server's)")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the attempts and the outcome as JSON")
	return c
}

// runSynth runs legoenv synth.
func runSynth(cmd *cobra.Command, args []string, f *synthFlags) error {
	what, description := args[0], strings.Join(args[1:], " ")
	if what != "intent" && what != "app" {
		return badInput("synth %q: intent or app", what)
	}
	if strings.TrimSpace(description) == "" {
		return badInput("the description is empty")
	}
	if f.attempts < 1 {
		return badInput("--attempts must be 1 or more")
	}
	client, err := f.model.client()
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	lib, err := loadLibrary(f.dir, stderr)
	if err != nil {
		return err
	}
	ctx, stop := cmdContext(cmd)
	defer stop()
	opt := propose.SynthOptions{Conversation: propose.Conversation{Model: client, Attempts: f.attempts, Log: func(a propose.Attempt) {
		if a.Accepted {
			fmt.Fprintf(stderr, "attempt %d accepted: %s\n", a.N, strings.Join(a.Atoms, ", "))
			return
		}
		fmt.Fprintf(stderr, "attempt %d rejected: %s\n", a.N, indent(a.Reason))
	}}}
	if cmd.Flags().Changed("temperature") {
		opt.Temperature = &f.temp
	}
	var syn *propose.Synthesis
	if what == "intent" {
		syn, err = propose.Intent(ctx, lib, description, opt)
	} else {
		syn, err = propose.App(ctx, lib, description, opt)
	}
	w := cmd.OutOrStdout()
	if err != nil {
		if f.asJSON {
			_ = writeJSON(w, map[string]any{"accepted": false, "attempts": syn.Attempts, "error": err.Error()})
		}
		return failed("%s: %v; nothing written", what, err)
	}
	var refs []string
	for _, e := range syn.Atoms {
		refs = append(refs, e.Ref())
	}
	written, err := writeSynthesis(syn, f.dir, f.out, w, stderr, f.asJSON)
	if err != nil {
		return err
	}
	if f.asJSON {
		return writeJSON(w, map[string]any{"accepted": true, "attempts": syn.Attempts, "atoms": refs, "recipes": syn.Recipes, "written": written})
	}
	fmt.Fprintf(w, "accepted %s with %d verified environments\n", strings.Join(refs, ", "), len(syn.Recipes))
	return nil
}

// writeSynthesis writes the accepted library where the flags say and
// returns the directory ("" when it only printed the atoms).
func writeSynthesis(syn *propose.Synthesis, dir, out string, w, stderr io.Writer, asJSON bool) (string, error) {
	var base fs.FS = corpus.Example()
	if dir != "" {
		base = os.DirFS(dir)
	}
	target := out
	if target == "" {
		target = dir
	}
	if target == "" {
		fmt.Fprintln(stderr, "the built-in library is not written; use --out DIR to keep the new atoms")
		if !asJSON {
			for _, e := range syn.Atoms {
				b, err := atom.Marshal(e.Atom)
				if err != nil {
					return "", failed("%v", err)
				}
				fmt.Fprintf(w, "---\n%s", b)
			}
		}
		return "", nil
	}
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return "", failed("%v", err)
		}
	}
	st, err := atom.Write(syn.Library, base, target)
	if err != nil {
		return "", failed("write library: %v", err)
	}
	fmt.Fprintf(stderr, "library written to %s: %s rewritten, %d added, %d copied\n", target, plural(len(st.Rewritten), "file"), len(st.Added), st.Copied)
	return target, nil
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n  ") }

// evolveLLM is the --llm-* flags of 'legoenv evolve': with --llm-base-url,
// a model repairer follows the deterministic ones, so it is tried for the
// root causes they do not fix.
type evolveLLM struct {
	model    llmConfig
	attempts int
}

func (e *evolveLLM) flags(c *cobra.Command) {
	e.model.flags(c, "llm-")
	c.Flags().IntVar(&e.attempts, "llm-attempts", 3, "answers the model repairer may give per group; each rejection is told to the model")
}

// repairers returns the repairers to use: nil (the defaults) without
// --llm-base-url. Rejected answers are logged to stderr.
func (e *evolveLLM) repairers(stderr io.Writer) ([]evolve.Repairer, error) {
	if !e.model.set() {
		return nil, nil
	}
	if e.attempts < 1 {
		return nil, badInput("--llm-attempts must be 1 or more")
	}
	client, err := e.model.client()
	if err != nil {
		return nil, err
	}
	r := evolve.NewLLMRepairer(client, e.model.model)
	r.Attempts = e.attempts
	r.Log = func(code verify.Code, ref string, a propose.Attempt) {
		if a.Accepted {
			fmt.Fprintf(stderr, "llm repairer: %s %s: answer %d proposed for the gate\n", code, ref, a.N)
			return
		}
		fmt.Fprintf(stderr, "llm repairer: %s %s: answer %d rejected: %s\n", code, ref, a.N, indent(a.Reason))
	}
	return append(evolve.DefaultRepairers(), r), nil
}
