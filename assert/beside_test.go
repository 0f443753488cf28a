package assert

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// TestContainsBesideLongerNames: a contains check with longer texts
// Beside does not count the name inside one of them. A comment asked to
// mention the file "Q3 pricing sheet" does not do so by naming the
// look-alike "Q3 pricing sheet 2"; it does where it names the file
// itself, beside the look-alike or not.
func TestContainsBesideLongerNames(t *testing.T) {
	for _, c := range []struct {
		text    string
		op      string
		beside  []string
		want    bool
		because string
	}{
		{"See Q3 pricing sheet.", OpIContains, []string{"Q3 pricing sheet 2"}, true, "the name itself"},
		{"See q3 PRICING sheet.", OpIContains, []string{"Q3 pricing sheet 2"}, true, "the name, case aside"},
		{"See Q3 pricing sheet 2.", OpIContains, []string{"Q3 pricing sheet 2"}, false, "only the look-alike's name"},
		{"See q3 pricing SHEET 2.", OpIContains, []string{"Q3 pricing sheet 2"}, false, "only the look-alike's name, case aside"},
		{"See Q3 pricing sheet 2 and Q3 pricing sheet 3.", OpIContains, []string{"Q3 pricing sheet 10", "Q3 pricing sheet 2", "Q3 pricing sheet 3"}, false, "only look-alikes"},
		{"Q3 pricing sheet 2, not Q3 pricing sheet.", OpIContains, []string{"Q3 pricing sheet 2"}, true, "the name beside the look-alike's"},
		{"See Q3 pricing sheet 2.", OpIContains, nil, true, "nothing beside: a plain icontains"},
		{"See Q3 pricing sheet 2.", OpContains, []string{"Q3 pricing sheet 2"}, false, "contains, only the look-alike's name"},
		{"See Q3 pricing sheet.", OpContains, []string{"Q3 pricing sheet 2"}, true, "contains, the name itself"},
	} {
		t.Run(c.because, func(t *testing.T) {
			w := state.NewWorld(time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), state.NewCollection("docs.comments", "id", []state.Record{{"id": "c1", "content": c.text}}))
			p, err := Compile(Assertion{Type: Exists, Target: "docs.comments", Where: Where{{Field: "content", Op: c.op, Value: "Q3 pricing sheet", Beside: c.beside}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Eval(Input{State: state.New(w)}).Holds; got != c.want {
				t.Errorf("%q: holds %v, want %v; CEL: %s", c.text, got, c.want, p.Source)
			}
		})
	}
}
