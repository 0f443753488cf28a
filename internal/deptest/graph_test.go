package deptest

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the import graph in docs/ARCHITECTURE.md")

const module = "github.com/legoenv/legoenv/"

// layers orders the module's packages from the bottom up: a package may
// import packages of its own layer or of the layers below it, never one
// above. A package missing here fails the test, so a new package is placed
// on purpose. Prefix entries ending in "/" take a directory's packages.
var layers = []struct {
	name, what string
	pkgs       []string
}{
	{"base", "helpers and stores that know no atom", []string{"internal/", "gen", "schema", "state", "store", "llm", "llm/llmtest", "corpus"}},
	{"data", "atoms, assertions and environments", []string{"assert", "atom", "episode"}},
	{"checks", "what a world or an environment is worth", []string{"coherence", "envfile", "redteam", "verify", "verify/", "internal/testlib"}},
	{"makers", "what makes, repairs, measures or plays environments", []string{"synth", "evolve", "evolve/propose", "importer/automationbench", "importer/tau2", "profile", "rollout"}},
	{"runners", "the build pipeline and the servers", []string{"pipeline", "dist", "serve", "serve/ui"}},
	{"commands", "the binaries", []string{"cmd/"}},
}

// layerOf is the index of a package's layer, or -1: the layer naming it,
// else the layer of the longest directory prefix that holds it.
func layerOf(pkg string) int {
	best, bestLen := -1, 0
	for i, l := range layers {
		for _, p := range l.pkgs {
			switch {
			case p == pkg:
				return i
			case strings.HasSuffix(p, "/") && strings.HasPrefix(pkg, p) && len(p) > bestLen:
				best, bestLen = i, len(p)
			}
		}
	}
	return best
}

// moduleGraph is every package of the module with its direct imports
// inside the module, by `go list`, without the module prefix.
func moduleGraph(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	g := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, deps, _ := strings.Cut(line, ":")
		var in []string
		for _, d := range strings.Fields(deps) {
			if strings.HasPrefix(d, module) {
				in = append(in, strings.TrimPrefix(d, module))
			}
		}
		g[strings.TrimPrefix(pkg, module)] = in
	}
	return g
}

func TestLayering(t *testing.T) {
	g := moduleGraph(t)
	for _, pkg := range slices.Sorted(maps.Keys(g)) {
		l := layerOf(pkg)
		if l < 0 {
			t.Errorf("%s is in no layer: place it in internal/deptest/graph_test.go's layers", pkg)
			continue
		}
		for _, d := range g[pkg] {
			if dl := layerOf(d); dl > l {
				t.Errorf("%s (layer %s) imports %s (layer %s, above it)", pkg, layers[l].name, d, layers[dl].name)
			}
		}
	}
}

// graphText draws the graph by layer, top down: each package with the
// module packages it imports.
func graphText(g map[string][]string) string {
	var b strings.Builder
	for i := len(layers) - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "%s: %s\n", layers[i].name, layers[i].what)
		for _, pkg := range slices.Sorted(maps.Keys(g)) {
			if layerOf(pkg) != i {
				continue
			}
			deps := "(nothing of the module)"
			if len(g[pkg]) > 0 {
				deps = strings.Join(g[pkg], ", ")
			}
			fmt.Fprintf(&b, "  %-26s -> %s\n", pkg, deps)
		}
	}
	return b.String()
}

const (
	graphStart = "<!-- import graph: go test ./internal/deptest -run TestImportGraphDocumented -update writes it -->\n```text\n"
	graphEnd   = "```\n<!-- end of import graph -->"
)

// TestImportGraphDocumented holds the picture of the import graph in
// docs/ARCHITECTURE.md to the code.
func TestImportGraphDocumented(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "ARCHITECTURE.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, graphStart), strings.Index(s, graphEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no import graph between %q and %q", path, graphStart, graphEnd)
	}
	want := graphText(moduleGraph(t))
	got := s[i+len(graphStart) : j]
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(s[:i+len(graphStart)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's import graph is not the code's (run go test ./internal/deptest -run TestImportGraphDocumented -update):\n%s", path, want)
}
