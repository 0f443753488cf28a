package ui

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// diffLine is one line of a unified diff: Op is ' ', '+', '-', or '~' for
// a run of unchanged lines left out (Text says how many).
type diffLine struct {
	Op   string
	Text string
}

// diffContext is how many unchanged lines a diff keeps around a change.
const diffContext = 3

// maxDiffCells bounds the table of the line diff; past it the diff shows
// the two middles as removed and added.
const maxDiffCells = 4 << 20

// atomDiff diffs two versions of an atom as the library writes them
// (canonical YAML).
func atomDiff(a, b any) ([]diffLine, error) {
	ya, err := atom.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("render the old version: %w", err)
	}
	yb, err := atom.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("render the new version: %w", err)
	}
	return lineDiff(splitLines(string(ya)), splitLines(string(yb))), nil
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func changed(d []diffLine) bool {
	for _, l := range d {
		if l.Op == "+" || l.Op == "-" {
			return true
		}
	}
	return false
}

// lineDiff is a longest-common-subsequence diff of two line lists, with
// unchanged runs folded to context lines.
func lineDiff(a, b []string) []diffLine {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var all []diffLine
	for _, l := range a[:pre] {
		all = append(all, diffLine{" ", l})
	}
	all = append(all, middleDiff(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		all = append(all, diffLine{" ", l})
	}
	return fold(all)
}

func middleDiff(a, b []string) []diffLine {
	var out []diffLine
	if len(a)*len(b) > maxDiffCells {
		for _, l := range a {
			out = append(out, diffLine{"-", l})
		}
		for _, l := range b {
			out = append(out, diffLine{"+", l})
		}
		return out
	}
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	w := len(b) + 1
	lcs := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			out = append(out, diffLine{" ", a[i]})
			i, j = i+1, j+1
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			out = append(out, diffLine{"-", a[i]})
			i++
		default:
			out = append(out, diffLine{"+", b[j]})
			j++
		}
	}
	for ; i < len(a); i++ {
		out = append(out, diffLine{"-", a[i]})
	}
	for ; j < len(b); j++ {
		out = append(out, diffLine{"+", b[j]})
	}
	return out
}

// fold replaces runs of unchanged lines farther than diffContext from a change
// with one '~' line.
func fold(all []diffLine) []diffLine {
	near := make([]bool, len(all))
	for i, l := range all {
		if l.Op == " " {
			continue
		}
		for k := max(0, i-diffContext); k <= min(len(all)-1, i+diffContext); k++ {
			near[k] = true
		}
	}
	var out []diffLine
	skipped := 0
	flush := func() {
		if skipped > 0 {
			out = append(out, diffLine{"~", fmt.Sprintf("%d unchanged lines", skipped)})
			skipped = 0
		}
	}
	for i, l := range all {
		if l.Op == " " && !near[i] {
			skipped++
			continue
		}
		flush()
		out = append(out, l)
	}
	flush()
	return out
}
