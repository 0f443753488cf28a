// Package doccmd finds the shell commands that markdown documentation shows
// in its code blocks, so that a runner can run each one as written and name
// the file and line of the one that fails.
package doccmd

import (
	"regexp"
	"strconv"
	"strings"
)

// Command is one shell command of a document: a line of a code block, with
// the lines it continues onto (a trailing backslash) joined.
type Command struct {
	File string
	Line int    // 1-based line of its first line
	Text string // as written, continuation lines joined with a space
	// Skip is why the command is not run (a "docs: skip" marker), or "".
	Skip string
	// Exit is the status the document says it ends with ("# ... exit 1"
	// on its line), 0 when it says none.
	Exit int
}

// A marker is an HTML comment, invisible when the markdown is rendered,
// that tells the runner about the next code block:
//
//	<!-- docs: output -->                  the block shows output or code, no command
//	<!-- docs: skip: REASON -->            none of its commands is run
//	<!-- docs: skip "PREFIX": REASON -->   the commands starting with PREFIX are not run
var markerRE = regexp.MustCompile(`^<!--\s*docs:\s*(output|skip)(?:\s+"([^"]*)")?\s*(?::\s*(.*?))?\s*-->$`)

var exitRE = regexp.MustCompile(`#.*\bexit (\d+)\b`)

// shellLangs are the fence languages whose blocks hold commands; an
// unlabelled fence counts as shell.
var shellLangs = map[string]bool{"": true, "sh": true, "bash": true, "shell": true, "console": true}

type marker struct {
	output bool
	prefix string
	reason string
}

type block struct {
	line  int      // 1-based line of lines[0]
	lines []string // the block's lines, its indentation removed
	marks []marker
}

// Extract returns the commands of a markdown document, in order. file is
// only recorded in each Command.
func Extract(file, md string) []Command {
	var out []Command
	for _, b := range blocks(md) {
		out = append(out, b.commands(file)...)
	}
	return out
}

// blocks returns the document's code blocks that may hold commands: fenced
// blocks labelled as shell or not at all, and indented blocks, each with
// the markers written since the previous block.
func blocks(md string) []block {
	lines := strings.Split(md, "\n")
	var out []block
	var marks []marker
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if m := markerRE.FindStringSubmatch(trimmed); m != nil {
			marks = append(marks, marker{output: m[1] == "output", prefix: m[2], reason: m[3]})
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			end := i + 1
			for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), "```") {
				end++
			}
			if shellLangs[strings.TrimSpace(strings.TrimPrefix(trimmed, "```"))] {
				out = append(out, block{line: i + 2, lines: dedent(lines[i+1 : min(end, len(lines))]), marks: marks})
			}
			marks = nil
			i = end
			continue
		}
		if indented(lines[i]) && (i == 0 || strings.TrimSpace(lines[i-1]) == "") {
			end := i
			for end < len(lines) && (indented(lines[end]) || strings.TrimSpace(lines[end]) == "" && end+1 < len(lines) && indented(lines[end+1])) {
				end++
			}
			out = append(out, block{line: i + 1, lines: dedent(lines[i:end]), marks: marks})
			marks = nil
			i = end - 1
		}
	}
	return out
}

func indented(line string) bool {
	return strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")
}

// dedent removes the indentation the block's first non-blank line has from
// every line, so that output indented under a command stays indented.
func dedent(lines []string) []string {
	cut := -1
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			cut = len(l) - len(strings.TrimLeft(l, " \t"))
			break
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l)-len(strings.TrimLeft(l, " \t")) >= cut && cut >= 0 {
			l = l[cut:]
		}
		out[i] = strings.TrimRight(l, " \t")
	}
	return out
}

// commands returns a block's commands. In a block with "$ " prompts, the
// prompted lines are the commands and the rest is output. Otherwise the
// commands are the lines up to the first blank one, less comments and
// lines indented under a command (its output); what follows a blank line
// is output.
func (b block) commands(file string) []Command {
	for _, m := range b.marks {
		if m.output {
			return nil
		}
	}
	prompted := false
	for _, l := range b.lines {
		prompted = prompted || strings.HasPrefix(l, "$ ")
	}
	var out []Command
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		switch {
		case prompted && !strings.HasPrefix(l, "$ "):
			continue
		case prompted:
			l = strings.TrimPrefix(l, "$ ")
		case l == "":
			return out
		case strings.HasPrefix(l, "#") || indented(l) || strings.HasPrefix(l, " "):
			continue
		}
		c := Command{File: file, Line: b.line + i}
		for strings.HasSuffix(l, `\`) && i+1 < len(b.lines) {
			i++
			l = strings.TrimSuffix(l, `\`) + " " + strings.TrimSpace(b.lines[i])
		}
		c.Text = l
		if m := exitRE.FindStringSubmatch(l); m != nil {
			c.Exit, _ = strconv.Atoi(m[1])
		}
		c.Skip = b.skip(l)
		out = append(out, c)
	}
	return out
}

// skip returns the reason of the first skip marker that covers a command.
func (b block) skip(text string) string {
	for _, m := range b.marks {
		if strings.HasPrefix(text, m.prefix) {
			if m.reason == "" {
				return "marked skip, no reason given"
			}
			return m.reason
		}
	}
	return ""
}
