package verdict

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A stored fix reads back into its typed payload and writes out byte for
// byte as it was stored: every suggested fix of the golden verdicts.
func TestFixJSONRoundTrip(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "golden", "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var golden []struct {
		Fixture   string `json:"fixture"`
		RootCause *struct {
			SuggestedFix json.RawMessage `json:"suggested_fix"`
		} `json:"root_cause"`
	}
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	seen := map[Action]bool{}
	for _, g := range golden {
		if g.RootCause == nil || g.RootCause.SuggestedFix == nil {
			continue
		}
		var want bytes.Buffer
		if err := json.Compact(&want, g.RootCause.SuggestedFix); err != nil {
			t.Fatal(err)
		}
		var f Fix
		if err := json.Unmarshal(want.Bytes(), &f); err != nil {
			t.Fatalf("%s: %v", g.Fixture, err)
		}
		if f.Edit == nil || f.Action() == "" {
			t.Fatalf("%s: no payload decoded from %s", g.Fixture, want.Bytes())
		}
		seen[f.Action()] = true
		got, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: fix re-encodes as\n%s\nwant\n%s", g.Fixture, got, want.Bytes())
		}
	}
	if len(seen) < 10 {
		t.Errorf("golden verdicts exercise %d actions, want most of the %d", len(seen), len(newEdits))
	}
}

// Every action decodes into the payload type that names it, and an unknown
// action is an error that names it.
func TestFixActions(t *testing.T) {
	for a, mk := range newEdits {
		if got := mk().Action(); got != a {
			t.Errorf("payload for %s names %s", a, got)
		}
		var f Fix
		if err := json.Unmarshal([]byte(`{"action":"`+string(a)+`","atom":{"kind":"intent","id":"x"},"description":"d"}`), &f); err != nil {
			t.Errorf("%s without params: %v", a, err)
		} else if f.Action() != a {
			t.Errorf("%s decodes as %s", a, f.Action())
		}
	}
	var f Fix
	err := json.Unmarshal([]byte(`{"action":"paint_it_blue","params":{}}`), &f)
	if err == nil || !strings.Contains(err.Error(), "paint_it_blue") {
		t.Errorf("unknown action: err = %v", err)
	}
	err = json.Unmarshal([]byte(`{"action":"relax_rule","params":{"check":"zero"}}`), &f)
	if err == nil || !strings.Contains(err.Error(), "relax_rule") {
		t.Errorf("mistyped params: err = %v", err)
	}
}
