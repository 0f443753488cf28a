package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/serve"
)

func init() { commands = append(commands, newServeCmd) }

// serveCatalog builds the catalog of --lib / --envs: the environments of
// an envs.jsonl file (composed against --lib, or the "lib" directory beside
// the file), or every recipe of the library.
func serveCatalog(libDir, envsFile string, cmd *cobra.Command) (*serve.Catalog, error) {
	cat, _, err := serveSources(libDir, envsFile, cmd)
	return cat, err
}

// serveSources is serveCatalog that also returns the library: with
// --envs, a lazy catalog over the file (each environment composed when
// first used) and no library (the whole library is loaded only for what
// needs it, see openCorpus).
func serveSources(libDir, envsFile string, cmd *cobra.Command) (*serve.Catalog, *atom.Library, error) {
	stderr := cmd.ErrOrStderr()
	if envsFile == "" {
		lib, err := loadLibrary(libDir, stderr)
		if err != nil {
			return nil, nil, err
		}
		opt, err := composeOptions()
		if err != nil {
			return nil, nil, err
		}
		cat, errs := serve.LibraryCatalog(lib, opt)
		for _, e := range errs {
			fmt.Fprintln(stderr, "legoenv: skipped:", e)
		}
		return cat, lib, nil
	}
	src := envSource{envsFile: envsFile, libDir: libDir}
	t0 := time.Now()
	c, err := src.openCorpus(io.Discard)
	if err != nil {
		return nil, nil, err
	}
	if err := c.LoadIndex(); err != nil {
		fmt.Fprintf(stderr, "legoenv: %v; listings compose instead\n", err)
	}
	fmt.Fprintf(stderr, "legoenv: read %s of %s in %.1f s; each is composed when first used\n", plural(len(c.Records), "environment"), envsFile, time.Since(t0).Seconds())
	return serve.CorpusCatalog(c), nil, nil
}

// gcOptions tune the garbage collector of a serving process. A server's
// live heap is small (an idle session holds well under a kilobyte) while
// every step makes garbage, so with Go's default (GOGC=100) the collector
// runs many times a second and its pauses and assists show in the latency
// tail; a higher GOGC with a soft memory limit as the cap trades memory
// for that tail (see docs/serve.md for the figures).
type gcOptions struct {
	percent  int
	limitMiB int64
}

func (g *gcOptions) flags(c *cobra.Command) { g.flagsWith(c, 1000, 2048) }

// flagsWith adds --gogc and --memory-limit with the given defaults.
func (g *gcOptions) flagsWith(c *cobra.Command, percent int, limitMiB int64) {
	c.Flags().IntVar(&g.percent, "gogc", percent, "GC target percentage (as GOGC; the GOGC environment variable wins unless this flag is given); negative: the collector is off (GOGC=off) and only --memory-limit bounds the heap")
	c.Flags().Int64Var(&g.limitMiB, "memory-limit", limitMiB, "soft memory limit in MiB (as GOMEMLIMIT; the environment variable wins unless this flag is given); 0: none")
}

// apply sets the collector's pace and limit. A negative --gogc turns the
// collector off, so it is refused unless a memory limit bounds the heap.
func (g *gcOptions) apply(c *cobra.Command) error {
	if g.percent < 0 && g.limitMiB <= 0 {
		return badInput("--gogc %d turns the collector off; give --memory-limit too, or the heap grows without bound", g.percent)
	}
	if _, set := os.LookupEnv("GOGC"); !set || c.Flags().Changed("gogc") {
		debug.SetGCPercent(g.percent)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); (!set || c.Flags().Changed("memory-limit")) && g.limitMiB > 0 {
		debug.SetMemoryLimit(g.limitMiB << 20)
	}
	return nil
}

// starlarkMemory is the share of the process's memory limit (as --memory-limit
// or GOMEMLIMIT set it; math.MaxInt64 when none) that Starlark calls in
// flight may reserve together: an eighth, as a call may hold more than
// its budget charges (the interpreter's own frames are not charged) and
// the collector lets as much again in garbage build up beside it at
// --gogc 100; with a quarter, eight hostile sessions on 16 threads took a
// 512 MiB server to 417 MiB, with an eighth to at most 254 MiB in three
// runs (TestServeMemoryUnderHostileLibrary).
func starlarkMemory(limit int64) int64 {
	if limit == math.MaxInt64 {
		return 0
	}
	return limit / 8
}

// serveFlags are the flags of legoenv serve.
type serveFlags struct {
	libDir, envsFile, addr string
	insecurePublic         bool
	opts                   serve.Options
	gc                     gcOptions
	web                    uiFlags
	lim                    episode.Limits
}

func newServeCmd() *cobra.Command {
	var f serveFlags
	c := &cobra.Command{
		Use:   "serve [--lib DIR | --envs FILE] [--addr 127.0.0.1:8080]",
		Short: "Serve environments over a gym REST API and MCP, with Prometheus metrics",
		Long: `Serve offers environments to trainers and agents:

  GET    /v1/envs                    list (?app=, ?intent=, ?verified=, ?limit=, ?offset=)
  GET    /v1/envs/{id}               one environment
  POST   /v1/sessions                {"env_id", "seed"?, "toolset"?: "named"|"meta"}
  POST   /v1/sessions/{id}/step      {"tool_calls": [{"id", "name", "arguments"}]}
  POST   /v1/sessions/{id}/evaluate  reward, passed, components
  POST   /v1/sessions/{id}/reset     back to the initial state
  GET    /v1/sessions/{id}/state     the state (?trajectory=true adds the steps)
  DELETE /v1/sessions/{id}           close
  *      /v1/sessions/{id}/mcp       the session's tools over MCP (streamable HTTP)
  GET    /healthz, GET /metrics
  GET    /                           the web UI (corpus, environments, replay,
                                     evolution, profile); --no-ui turns it off

The environments are every recipe of --lib (default: the built-in example
library), or those of an envs.jsonl file written by 'legoenv build'
(--envs), composed against --lib or the "lib" directory beside the file.
SIGTERM or SIGINT stops accepting, lets requests in flight finish, and exits.

With --auth-token (or LEGOENV_AUTH_TOKEN) every route but /healthz needs
"Authorization: Bearer <token>"; a non-loopback --addr needs one, unless
--insecure-public says to serve it open. REST bodies must be application/json;
cross-origin browser writes are refused; on a loopback address a foreign
Host (DNS rebinding) or Origin is refused, MCP included.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, &f) },
	}
	c.Flags().StringVar(&f.libDir, "lib", "", "atom library directory (default: the built-in example library, or lib/ beside --envs)")
	c.Flags().StringVar(&f.envsFile, "envs", "", "envs.jsonl of the environments to serve (as 'legoenv build' writes it)")
	c.Flags().StringVar(&f.addr, "addr", "127.0.0.1:8080", "address to listen on")
	c.Flags().BoolVar(&f.insecurePublic, "insecure-public", false, "serve on a non-loopback --addr without --auth-token (anyone who reaches it may open sessions)")
	c.Flags().IntVar(&f.opts.MaxSessions, "max-sessions", serve.DefaultMaxSessions, "sessions open at once; more are refused with 429")
	c.Flags().DurationVar(&f.opts.IdleTimeout, "idle-timeout", serve.DefaultIdleTimeout, "close a session unused for this long")
	c.Flags().Int64Var(&f.opts.MaxBodyBytes, "max-body", serve.DefaultMaxBodyBytes, "request body limit in bytes; larger bodies are refused with 413")
	c.Flags().DurationVar(&f.opts.ShutdownTimeout, "shutdown-timeout", serve.DefaultShutdownTimeout, "on SIGTERM, how long to wait for requests in flight")
	c.Flags().StringVar(&f.opts.AuthToken, "auth-token", "", "bearer token required on every route but /healthz (default: $LEGOENV_AUTH_TOKEN; none when both are empty)")
	c.Flags().StringSliceVar(&f.opts.AllowedOrigins, "allow-origin", nil, "browser origin to trust besides loopback ones (repeatable), e.g. https://ui.example.com")
	c.Flags().IntVar(&f.opts.MaxSessionsPerClient, "max-sessions-per-client", serve.DefaultMaxSessionsPerClient, "sessions one remote address may hold; more are refused with 429")
	c.Flags().IntVar(&f.opts.MaxMCPSessions, "max-mcp-sessions", serve.DefaultMaxMCPSessions, "MCP sessions per session (each also counts against --max-sessions); more are refused with 429")
	c.Flags().DurationVar(&f.opts.ReadHeaderTimeout, "read-header-timeout", serve.DefaultReadHeaderTimeout, "time to read a request's headers")
	c.Flags().DurationVar(&f.opts.ReadTimeout, "read-timeout", serve.DefaultReadTimeout, "time to read a whole request, body included")
	c.Flags().DurationVar(&f.opts.WriteTimeout, "write-timeout", serve.DefaultWriteTimeout, "time to write a response (MCP event streams are exempt)")
	c.Flags().DurationVar(&f.opts.ConnIdleTimeout, "conn-idle-timeout", serve.DefaultConnIdleTimeout, "how long an idle keep-alive connection stays open")
	d := episode.Limits{}.WithDefaults()
	c.Flags().IntVar(&f.lim.MaxSteps, "max-steps", 0, fmt.Sprintf("tool calls per session; later calls are refused and not recorded (0: the environment's, by default %d)", d.MaxSteps))
	c.Flags().IntVar(&f.lim.MaxArgBytes, "max-arg-bytes", 0, fmt.Sprintf("bytes of one call's arguments (0: %d)", d.MaxArgBytes))
	c.Flags().IntVar(&f.lim.MaxObservationBytes, "max-observation-bytes", 0, fmt.Sprintf("bytes of one observation; longer ones are cut (0: %d)", d.MaxObservationBytes))
	c.Flags().IntVar(&f.lim.MaxTrajectoryBytes, "max-trajectory-bytes", 0, fmt.Sprintf("bytes of arguments and observations a session records (0: %d)", d.MaxTrajectoryBytes))
	c.Flags().IntVar(&f.lim.StarlarkSteps, "starlark-steps", 0, fmt.Sprintf("execution steps of one Starlark tool call (0: %d)", d.StarlarkSteps))
	c.Flags().IntVar(&f.lim.StarlarkBytes, "starlark-bytes", 0, fmt.Sprintf("bytes of values one Starlark tool call builds, reads or returns (0: %d)", d.StarlarkBytes))
	c.Flags().IntVar(&f.lim.StarlarkTimeMS, "starlark-time-ms", 0, fmt.Sprintf("wall time of one Starlark tool call in ms (0: %d)", d.StarlarkTimeMS))
	f.gc.flags(c)
	f.web.flags(c)
	return c
}

// checkOpen refuses to serve a non-loopback address without a token: the
// Host and Origin checks only hold on loopback, so such a server is open to
// anyone who reaches it. --insecure-public serves it anyway, said loudly.
// addr is --addr before anything listens (an empty host is every
// interface) or, for a host name, the address it was bound to; it reports
// whether addr named a host it could judge.
func checkOpen(addr string, f *serveFlags, stderr io.Writer) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, nil // Listen says what is wrong with it
	}
	ip := net.ParseIP(host)
	if host != "" && ip == nil && host != "localhost" {
		return false, nil
	}
	if host == "localhost" || ip != nil && ip.IsLoopback() || f.opts.AuthToken != "" {
		return true, nil
	}
	if !f.insecurePublic {
		return true, badInput("--addr %s is not a loopback address and no --auth-token (or LEGOENV_AUTH_TOKEN) is set: anyone who reaches it could open sessions and run tools; set a token, or pass --insecure-public to serve it open", f.addr)
	}
	fmt.Fprintf(stderr, "legoenv: WARNING: serving %s without --auth-token (--insecure-public): anyone who reaches this address can open sessions and run tools\n", addr)
	return true, nil
}

// runServe runs legoenv serve.
func runServe(cmd *cobra.Command, f *serveFlags) error {
	cat, lib, err := serveSources(f.libDir, f.envsFile, cmd)
	if err != nil {
		return err
	}
	if cat.Len() == 0 {
		return badInput("no environment to serve")
	}
	f.web.envsFile = f.envsFile
	cat.SetLimits(f.lim)
	if f.opts.AuthToken == "" {
		f.opts.AuthToken = os.Getenv("LEGOENV_AUTH_TOKEN")
	}
	if err := f.opts.Validate(); err != nil {
		return badInput("%v", err)
	}
	if err := f.gc.apply(cmd); err != nil {
		return err
	}
	f.opts.StarlarkMemory = starlarkMemory(debug.SetMemoryLimit(-1))
	judged, err := checkOpen(f.addr, f, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return badInput("listen on %s: %v", f.addr, err)
	}
	if !judged {
		if _, err := checkOpen(ln.Addr().String(), f, cmd.ErrOrStderr()); err != nil {
			ln.Close()
			return err
		}
	}
	f.opts.Logger = slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: slog.LevelInfo}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.opts.UI, err = f.web.build(ctx, cat, lib, f.opts.Logger); err != nil {
		return err
	}
	srv := serve.New(cat, f.opts)
	fmt.Fprintf(cmd.ErrOrStderr(), "legoenv: serving %s on http://%s (REST under /v1, MCP at /v1/sessions/{id}/mcp, metrics at /metrics%s)\n",
		plural(cat.Len(), "environment"), ln.Addr(), f.web.banner())
	err = srv.Run(ctx, ln)
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(cmd.ErrOrStderr(), "legoenv: stopped")
	return nil
}
