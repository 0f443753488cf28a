// Package deptest checks the import rules between legoenv's packages: the
// data packages (state, assert, gen, atom, episode) must not depend on
// servers, the CLI, databases or the network.
package deptest

import (
	"os/exec"
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
