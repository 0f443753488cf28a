// Command legoenv composes, verifies, evolves and serves training
// environments for tool-using agents.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK       = 0
	exitFailed   = 1 // a check failed
	exitBadInput = 2 // bad usage or bad input
)

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// badInput marks an error as the caller's input being wrong (exit 2).
func badInput(format string, args ...any) error {
	return &exitError{code: exitBadInput, err: fmt.Errorf(format, args...)}
}

// failed marks a check that ran and failed (exit 1).
func failed(format string, args ...any) error {
	return &exitError{code: exitFailed, err: fmt.Errorf(format, args...)}
}

// commands lists the subcommand constructors; each command file adds its own
// in init so that commands stay independent of each other.
var commands []func() *cobra.Command

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "legoenv",
		Short:         "Compose, verify, evolve and serve training environments for tool-using agents",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &exitError{code: exitBadInput, err: fmt.Errorf("%w\nRun '%s --help' for usage.", err, c.CommandPath())}
	})
	root.Version = version()
	root.SetVersionTemplate("legoenv {{.Version}}\n")
	for _, f := range commands {
		root.AddCommand(f())
	}
	explainArgs(root)
	return root
}

// version is the module version and the commit the binary was built from,
// as the Go toolchain records them ("(devel)" for a build in the source
// tree; "+dirty" when it had uncommitted changes).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += fmt.Sprintf(" (commit %s%s, %s)", rev, dirty, at)
	}
	return v + ", " + bi.GoVersion
}

// explainArgs makes the argument errors of every command say how it is
// used and show its first example, where cobra alone says "accepts 1
// arg(s), received 0". It reads the tree as built, so commands added later
// get it too.
func explainArgs(c *cobra.Command) {
	for _, sub := range c.Commands() {
		explainArgs(sub)
	}
	check := c.Args
	if check == nil {
		return
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil {
			return nil
		}
		msg := fmt.Sprintf("%v\nUsage: %s", err, cmd.UseLine())
		if ex := firstExample(cmd.Example); ex != "" {
			msg += "\nExample: " + ex
		}
		msg += fmt.Sprintf("\nRun '%s --help' for more.", cmd.CommandPath())
		return &exitError{code: exitBadInput, err: errors.New(msg)}
	}
}

// firstExample is the first command of a cobra Example, continuation lines
// (ending in a backslash) joined.
func firstExample(ex string) string {
	var parts []string
	for _, line := range strings.Split(strings.TrimSpace(ex), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		cont := strings.HasSuffix(line, "\\")
		parts = append(parts, strings.TrimSpace(strings.TrimSuffix(line, "\\")))
		if !cont {
			break
		}
	}
	return strings.Join(parts, " ")
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, "legoenv:", err)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	// Cobra's own errors (unknown command, wrong argument count) are usage errors.
	return exitBadInput
}
