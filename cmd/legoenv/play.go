package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
)

func init() { commands = append(commands, newPlayCmd) }

// readCalls reads a JSONL calls file: {"name": ..., "arguments": {...}} a
// line; blank lines and lines starting with # are skipped.
func readCalls(name string, r io.Reader) ([]episode.ToolCall, error) {
	var calls []episode.ToolCall
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 || b[0] == '#' {
			continue
		}
		var c struct {
			ID        string          `json:"id"`
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("%s:%d: not a call object: %v", name, line, err)
		}
		if c.Name == "" {
			return nil, fmt.Errorf("%s:%d: call has no \"name\"", name, line)
		}
		if c.ID == "" {
			c.ID = fmt.Sprintf("call_%d", len(calls)+1)
		}
		calls = append(calls, episode.ToolCall{ID: c.ID, Name: c.Name, Args: c.Arguments})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return calls, nil
}

func newPlayCmd() *cobra.Command {
	var src envSource
	var callsFile, toolset string
	var seed int64
	var asJSON bool
	c := &cobra.Command{
		Use:   "play ENV_ID --calls FILE",
		Short: "Run a JSONL file of tool calls in a fresh session, then evaluate",
		Long: `Play starts a fresh session of an environment, runs the tool calls of a
JSONL file ({"name": ..., "arguments": {...}} a line; "-" reads standard
input), prints each observation, then the evaluation: reward, passed and one
component per assertion. It exits 0 when the episode passes and 1 when not.`,
		Example: `  legoenv play env-1a2b3c4d5e6f --envs out/envs.jsonl --calls calls.jsonl
  legoenv plan env-1a2b3c | legoenv play env-1a2b3c --calls -`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if callsFile == "" {
				return badInput("--calls FILE is required")
			}
			env, err := src.env(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			calls, err := readCallsFile(callsFile, cmd.InOrStdin())
			if err != nil {
				return badInput("%v", err)
			}
			s, err := episode.NewSession(env, episode.SessionOptions{Seed: seed, Toolset: toolset})
			if err != nil {
				return badInput("%v", err)
			}
			obs := s.Step(calls...)
			res := s.Evaluate()
			if err := printPlay(cmd.OutOrStdout(), env, s, calls, obs, res, asJSON); err != nil {
				return err
			}
			if !res.Passed {
				return &exitError{code: exitFailed, err: fmt.Errorf("episode did not pass (reward %.3f)", res.Reward)}
			}
			return nil
		},
	}
	src.idFlags(c)
	c.Flags().StringVar(&callsFile, "calls", "", "JSONL file of tool calls (\"-\" for standard input)")
	c.Flags().Int64Var(&seed, "seed", 0, "data seed (0: the recipe's)")
	c.Flags().StringVar(&toolset, "toolset", "named", "tool surface: named or meta")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// readCallsFile reads the tool calls of a JSONL file, or of stdin when
// name is "-".
func readCallsFile(name string, stdin io.Reader) ([]episode.ToolCall, error) {
	if name == "-" {
		return readCalls("stdin", stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readCalls(name, f)
}

// printPlay prints what 'legoenv play' did: each observation, then the
// evaluation, as text or as JSON.
func printPlay(out io.Writer, env *episode.Env, s *episode.Session, calls []episode.ToolCall, obs []episode.Observation, res assert.Result, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{
			"env_id": env.ID, "observations": obs, "steps": s.Steps(), "state_hash": s.Hash(),
			"reward": res.Reward, "passed": res.Passed, "components": res.Components,
		})
	}
	for i, o := range obs {
		mark := "ok"
		if o.IsError {
			mark = "ERROR"
		}
		content := o.Content
		if len(content) > 300 {
			content = content[:300] + "..."
		}
		fmt.Fprintf(out, "[%d] %s %s: %s\n", i+1, calls[i].Name, mark, content)
	}
	printResult(out, res)
	return nil
}

func printResult(out io.Writer, res assert.Result) {
	fmt.Fprintf(out, "reward %.3f  passed %v  (%d of %d counted assertions credited)\n", res.Reward, res.Passed, res.Credited, res.Counted)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  RESULT\tSOURCE\tASSERTION\tWHY")
	for _, c := range res.Components {
		mark := "pass"
		switch {
		case !c.Counted:
			mark = "skip"
		case !c.Passed:
			mark = "FAIL"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", mark, c.Source, c.Assertion, c.Reason)
	}
	tw.Flush()
}
