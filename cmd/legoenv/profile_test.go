package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestProfileCommand(t *testing.T) {
	code, out, errs := cli(t, "", "profile", "--lib", "../../corpus/example", "--against", "../../corpus/example", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var ps []struct {
		Name string  `json:"name"`
		Envs int     `json:"envs"`
		Neg  float64 `json:"negative_share"`
	}
	if err := json.Unmarshal([]byte(out), &ps); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(ps) != 2 || ps[0].Envs != 7 || ps[1].Envs != 7 {
		t.Errorf("profiles %+v, want two of the example's 7 environments", ps)
	}
	code, out, _ = cli(t, "", "profile", "--lib", "../../corpus/example")
	if code != 0 || !strings.Contains(out, "need information only the data holds") {
		t.Errorf("exit %d, table:\n%s", code, out)
	}
	if code, _, errs = cli(t, "", "profile"); code != 2 || !strings.Contains(errs, "--lib") {
		t.Errorf("no source: exit %d, %s", code, errs)
	}
}
