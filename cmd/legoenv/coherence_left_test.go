package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestCoherenceOfTheWorldsLeft: 'coherence --envs' runs every plan of the
// example environments and says, as JSON, how many leave a world that
// breaks a rule, each kind counted in no more environments than that,
// exiting 1 exactly where some do.
func TestCoherenceOfTheWorldsLeft(t *testing.T) {
	dir, envs := exampleEnvsDir(t, nil)
	code, stdout, stderr := cli(t, "", "coherence", "--envs", filepath.Join(dir, "envs.jsonl"), "--lib", filepath.Join("..", "..", "corpus", "example"), "--json")
	var rep leftReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("coherence --envs: %d %v: %s %s", code, err, stdout, stderr)
	}
	if rep.Envs != len(envs) || rep.Left > rep.Envs {
		t.Errorf("%d environments run, %d left broken; want %d run", rep.Envs, rep.Left, len(envs))
	}
	for _, k := range rep.Kinds {
		if k.Envs < 1 || k.Envs > rep.Left || k.Violations < k.Envs {
			t.Errorf("kind %+v: out of the report's %d", k, rep.Left)
		}
	}
	if (code != 0) != (rep.Left > 0) {
		t.Errorf("exit %d with %d environments left broken", code, rep.Left)
	}
}
