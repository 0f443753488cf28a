package main

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/pipeline"
)

// Off a terminal, a build phase with a known amount of work says how far
// it is while it runs, and Ctrl-C says where the build stopped, that
// nothing was written, and what the store keeps for the next run.
func TestBuildPhasesOffTerminal(t *testing.T) {
	var b strings.Builder
	r := buildPhases(&b, "", "out", 2, 1)
	r.every = 0 // a line on every report
	r.phase(pipeline.Phase{Name: pipeline.PhaseVerify, Total: 100})
	r.phase(pipeline.Phase{Name: pipeline.PhaseVerify, Done: 40, Total: 100})
	r.interrupted("out", "legoenv.db", 1)
	got := b.String()
	for _, want := range []string{
		"legoenv build [3/7] verify: checking every environment on 2 workers (100)",
		"legoenv: build verify: 40 of 100",
		"legoenv build: interrupted during [3/7] verify",
		"nothing was written to out",
		"kept in legoenv.db; the same command continues that run",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	b.Reset()
	r = buildPhases(&b, "", "out", 2, 0)
	r.phase(pipeline.Phase{Name: pipeline.PhaseSynthesise})
	r.interrupted("out", "", 0)
	if !strings.Contains(b.String(), "nothing was kept") {
		t.Errorf("without a store the line must say nothing was kept:\n%s", b.String())
	}
}
