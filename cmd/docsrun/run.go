package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/legoenv/legoenv/internal/doccmd"
)

// run prints what is skipped and why, runs each file's commands in the
// clone, and returns 1 when any failed.
func (o options) run(files []string, perFile map[string][]doccmd.Command) int {
	env, script, err := o.prepare()
	if err != nil {
		fmt.Fprintln(os.Stderr, "docsrun:", err)
		return 2
	}
	found, skipped := 0, 0
	for _, f := range files {
		for _, c := range perFile[f] {
			found++
			if c.Skip != "" {
				skipped++
				fmt.Printf("docs: skip %s:%d: %s\n      because %s\n", c.File, c.Line, c.Text, c.Skip)
			}
		}
	}
	start := time.Now()
	var failed []string
	for _, f := range files {
		if err := o.runFile(f, script.Bash(perFile[f]), env); err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", f, err))
		}
	}
	fmt.Printf("docs: %d commands in %d files: %d run, %d skipped; %s\n", found, len(files), found-skipped, skipped, time.Since(start).Round(time.Second))
	if len(failed) > 0 {
		fmt.Printf("docs: FAILED\n  %s\n", strings.Join(failed, "\n  "))
		return 1
	}
	return 0
}

// prepare makes the scratch directories and the legoenv shim on PATH, and
// returns the commands' environment and the script settings.
func (o options) prepare() ([]string, doccmd.Script, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, doccmd.Script{}, err
	}
	work, err := filepath.Abs(o.work)
	if err != nil {
		return nil, doccmd.Script{}, err
	}
	bin, err := filepath.Abs(o.bin)
	if err != nil {
		return nil, doccmd.Script{}, err
	}
	for _, d := range []string{"tmp", "bin", "gobin", "builds", "logs"} {
		if err := os.MkdirAll(filepath.Join(work, d), 0o755); err != nil {
			return nil, doccmd.Script{}, err
		}
	}
	shims := map[string]string{
		"legoenv":   fmt.Sprintf("#!/bin/sh\nexec %q shim %q \"$@\"\n", self, bin),
		"docs-exec": fmt.Sprintf("#!/bin/sh\nexec %q shim \"$@\"\n", self),
	}
	for name, text := range shims {
		if err := os.WriteFile(filepath.Join(work, "bin", name), []byte(text), 0o755); err != nil {
			return nil, doccmd.Script{}, err
		}
	}
	env := append(os.Environ(),
		"PATH="+filepath.Join(work, "bin")+":"+filepath.Join(work, "gobin")+":"+os.Getenv("PATH"),
		"GOBIN="+filepath.Join(work, "gobin"),
		"TMPDIR="+filepath.Join(work, "tmp"),
		"DOCS_BUILD_CACHE="+filepath.Join(work, "builds"),
		"DOCS_BUILD_SIZE="+o.buildSize)
	return env, doccmd.Script{Dir: o.clone, TmpDir: filepath.Join(work, "tmp"), Exec: "docs-exec"}, nil
}

// fileTimeout bounds one file's commands: the longest, docs/build.md with
// its full-size builds, takes about 20 minutes on 2 idle cores.
const fileTimeout = 45 * time.Minute

// runFile runs one file's script: the commands' output goes to a log in
// the scratch directory, one line per command to stdout, and the log's
// tail when a command fails.
func (o options) runFile(file, script string, env []string) error {
	name := strings.NewReplacer("/", "_", ".md", "").Replace(file)
	logPath := filepath.Join(o.work, "logs", name+".log")
	scriptPath := filepath.Join(o.work, "logs", name+".sh")
	if err := os.WriteFile(scriptPath, []byte(script), 0o644); err != nil {
		return err
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer logFile.Close()
	report, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("bash", scriptPath)
	cmd.Env, cmd.Stdout, cmd.Stderr, cmd.ExtraFiles = env, logFile, logFile, []*os.File{w}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	w.Close()
	// A command that never ends (a server the runner did not recognise)
	// stops the file, not the run: its whole process group is killed.
	timer := time.AfterFunc(fileTimeout, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	defer timer.Stop()
	failed := ""
	sc := bufio.NewScanner(report)
	for sc.Scan() {
		fmt.Printf("docs: %s\n", sc.Text())
		if strings.HasPrefix(sc.Text(), "FAIL ") {
			failed = sc.Text()
		}
	}
	err = cmd.Wait()
	if failed == "" && err == nil {
		return nil
	}
	if failed == "" {
		failed = err.Error()
	}
	fmt.Printf("docs: the end of %s:\n%s\n", logPath, tail(logPath, 40))
	return fmt.Errorf("%s", failed)
}

// tail returns the last n lines of a file.
func tail(path string, n int) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "    " + strings.Join(lines, "\n    ")
}
