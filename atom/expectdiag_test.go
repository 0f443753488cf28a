package atom

import (
	"strings"
	"testing"
	"testing/fstest"
)

// expectDiag loads src as one atom file and fails t unless it loads with
// no diagnostic (want "") or one on field (a prefix) whose message holds
// want, of severity sev where sev is not "".
func expectDiag(t *testing.T, src, field, want string, sev Severity) {
	t.Helper()
	_, ds, err := Load(fstest.MapFS{"s.yaml": {Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	if want == "" {
		if len(ds) > 0 {
			t.Fatalf("diagnostics: %v", ds)
		}
		return
	}
	for _, d := range ds {
		if strings.HasPrefix(d.Field, field) && strings.Contains(d.Message, want) && (sev == "" || d.Severity == sev) {
			return
		}
	}
	t.Fatalf("no diagnostic on %s with %q (severity %q): %v", field, want, sev, ds)
}
