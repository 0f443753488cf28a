// Package deptest checks the import rules between legoenv's packages: the
// data packages (state, assert, gen, atom, episode) must not depend on
// servers, the CLI, databases or the network.
package deptest

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestCorePackagesStayPure(t *testing.T) {
	forbidden := []string{
		"net/http", "database/sql", "github.com/spf13/cobra", "modernc.org/sqlite",
		"github.com/nats-io/", "github.com/modelcontextprotocol/", "github.com/prometheus/",
		"github.com/openai/", "github.com/legoenv/legoenv/cmd/", "github.com/legoenv/legoenv/serve",
		"github.com/legoenv/legoenv/store", "github.com/legoenv/legoenv/rollout", "github.com/legoenv/legoenv/evolve",
	}
	pure := []string{"state", "assert", "gen", "atom", "episode"}
	for _, p := range pure {
		pkg := "github.com/legoenv/legoenv/" + p
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, f := range forbidden {
				if dep == f || strings.HasPrefix(dep, f) {
					t.Errorf("%s imports %s", p, dep)
				}
			}
		}
	}
}

// The verify packages are layered, each importing only those below it:
// satisfy (value predicates) at the bottom; ground (what an agent has
// seen) and celshape (cel checks read as predicates) above it, side by
// side; verdict (verdicts, root causes, fixes) beside them, importing no
// verify package; facts (what verify derives once per environment, and
// replays of calls on it) above those; plan (the planner) and probe (the
// wrong plans of the discriminating check) above facts, side by side; and
// verify (the checks, Verify) on top. No package under verify/ imports
// verify, the planner imports no check or probe, the probes no planner,
// and the facts neither.
func TestVerifyLayers(t *testing.T) {
	const mod = "github.com/legoenv/legoenv/"
	below := map[string][]string{
		"verify/satisfy":  nil,
		"verify/ground":   {"verify/satisfy"},
		"verify/celshape": {"verify/satisfy"},
		"verify/verdict":  nil,
		"verify/facts":    {"verify/celshape", "verify/ground", "verify/satisfy", "verify/verdict"},
		"verify/plan":     {"verify/celshape", "verify/facts", "verify/ground", "verify/satisfy", "verify/verdict"},
		"verify/probe":    {"verify/celshape", "verify/facts", "verify/ground", "verify/satisfy", "verify/verdict"},
		"verify":          {"verify/celshape", "verify/facts", "verify/ground", "verify/plan", "verify/probe", "verify/satisfy", "verify/verdict"},
	}
	listed, err := exec.Command("go", "list", mod+"verify/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list verify/...: %v\n%s", err, listed)
	}
	for _, p := range strings.Fields(string(listed)) {
		if _, ok := below[strings.TrimPrefix(p, mod)]; !ok {
			t.Errorf("%s has no place in the verify layers: add it to this test and to docs/ARCHITECTURE.md", p)
		}
	}
	for p, allowed := range below {
		out, err := exec.Command("go", "list", "-deps", mod+p).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", p, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			rel, ok := strings.CutPrefix(dep, mod)
			if !ok || rel == p || (rel != "verify" && !strings.HasPrefix(rel, "verify/")) {
				continue
			}
			if !slices.Contains(allowed, rel) {
				t.Errorf("%s depends on %s: the verify layers run verify -> plan, probe -> facts -> ground, celshape, verdict; ground, celshape -> satisfy", p, rel)
			}
		}
	}
}
