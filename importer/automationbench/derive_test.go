package automationbench

import (
	"math"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// wrongFigures returns figures of the same size as f that are not f: one
// more and one less, and 1%, 5%, 10% and 25% off, written to f's
// precision.
func wrongFigures(f float64) []float64 {
	round := math.Round
	if f != math.Trunc(f) {
		round = func(x float64) float64 { return math.Round(x*100) / 100 }
	}
	var out []float64
	for _, x := range []float64{f + 1, f - 1, f * 1.01, f * 0.99, f * 1.05, f * 0.95, f * 1.1, f * 0.9, f * 1.25, f * 0.8} {
		if w := round(x); w != f && w > 0 {
			out = append(out, w)
		}
	}
	return out
}

// Wrong figures of the right size are not derived: on the sample's
// initial states, as an agent that listed every record sees them, at most
// 2% of figures near each one a goal checks (and not itself a figure the
// goal checks) are accepted by the intent's declared derivations. The
// true figures the importer declared a derivation for are derived.
func TestWrongFiguresAreNotDerived(t *testing.T) {
	_, res := sampleLibrary(t)
	data := map[string]*atom.Data{}
	for _, d := range res.Data {
		data[d.ID] = d
	}
	var menu []atom.Derivation // every operation over any field: what a menu allows
	for _, op := range atom.DeriveOpNames() {
		menu = append(menu, atom.Derivation{Op: op})
	}
	var tried, derived, seen, truth, truthDerived, byMenu int
	for _, in := range res.Intents {
		d := data[in.ID]
		if d == nil {
			continue
		}
		records := map[string][]map[string]any{}
		for app, colls := range d.Records {
			for c, recs := range colls {
				records[app+"."+c] = recs
			}
		}
		world := verify.NewFigures([]string{in.System, in.Instruction}, records, d.Clock, nil)
		figures := verify.GoalFigures(in.Goal)
		for _, f := range figures {
			if f < 10 {
				continue // a few of something: any count of a few matches some list
			}
			truth++
			if strings.HasPrefix(world.Source(in.Derive, f), "derived:") {
				truthDerived++
			}
			for _, w := range wrongFigures(f) {
				if containsFloat(figures, w) {
					continue
				}
				tried++
				switch src := world.Source(in.Derive, w); {
				case strings.HasPrefix(src, "derived:"):
					derived++
					t.Logf("%s: %v (near %v) %s", in.ID, w, f, src)
				case src != "":
					seen++
				}
				if strings.HasPrefix(world.Source(menu, w), "derived:") {
					byMenu++
				}
			}
		}
	}
	t.Logf("%d wrong figures near %d true ones: %d derived (%.1f%%; %d under a menu of every operation over any field), %d stated as they are by some record; %d true figures derived",
		tried, truth, derived, 100*float64(derived)/float64(tried), byMenu, seen, truthDerived)
	if tried < 200 {
		t.Fatalf("only %d wrong figures tried", tried)
	}
	if float64(derived) > 0.02*float64(tried) {
		t.Errorf("%d of %d wrong figures derived (%.1f%%), want at most 2%%", derived, tried, 100*float64(derived)/float64(tried))
	}
}

func containsFloat(xs []float64, x float64) bool {
	for _, y := range xs {
		if math.Abs(x-y) < 1e-9 {
			return true
		}
	}
	return false
}
