package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/serve"
)

func init() { commands = append(commands, newMCPCmd) }

func newMCPCmd() *cobra.Command {
	var (
		src             envSource
		toolset, report string
		seed            int64
	)
	c := &cobra.Command{
		Use:   "mcp ENV_ID [--envs FILE | --lib DIR]",
		Short: "Serve one environment's tools to an MCP client over stdio",
		Long: `Mcp runs one session of an environment as an MCP server on standard input
and output, for desktop agents and IDEs. The tools are the environment's
tools (their input schemas are the atoms' JSON Schemas); a failing call is a
tool result with isError. The prompt "task" holds the instruction; the
resources legoenv://session/evaluation and legoenv://session/state show the
score and the state. When the client disconnects, the final evaluation is
printed on standard error (and written to --report as JSON).`,
		Example: `  legoenv mcp env-1a2b3c4d5e6f --envs out/envs.jsonl --report eval.json`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			env, err := src.env(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			sess, err := serve.NewSession("", env, episode.SessionOptions{Seed: seed, Toolset: toolset})
			if err != nil {
				return badInput("%v", err)
			}
			logger := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: slog.LevelWarn}))
			srv := serve.NewMCPServer(sess, serve.MCPOptions{Logger: logger})
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			runErr := srv.Run(ctx, &serve.StdioTransport{In: cmd.InOrStdin(), Out: cmd.OutOrStdout()})
			ev, err := sess.Evaluate()
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "legoenv: %s: %s, reward %.3f, passed %v\n", env.ID, plural(ev.Steps, "step"), ev.Reward, ev.Passed)
			if report != "" {
				b, err := json.MarshalIndent(map[string]any{"env_id": env.ID, "evaluation": ev}, "", "  ")
				if err != nil {
					return err
				}
				if err := atom.WriteFileAtomic(report, append(b, '\n')); err != nil {
					return fmt.Errorf("write report: %w", err)
				}
			}
			if runErr != nil && ctx.Err() == nil {
				return fmt.Errorf("mcp: %w", runErr)
			}
			return nil
		},
	}
	src.idFlags(c)
	c.Flags().Int64Var(&seed, "seed", 0, "data seed (0: the recipe's)")
	c.Flags().StringVar(&toolset, "toolset", "named", "tool surface: named or meta")
	c.Flags().StringVar(&report, "report", "", "write the final evaluation as JSON to this file")
	return c
}
