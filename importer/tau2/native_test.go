package tau2

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strconv"
	"testing"

	"github.com/legoenv/legoenv/episode"
)

// twin is one world in two environments: the tools as native Go code and
// as interpreted Starlark, the latter under a tenth of the default step
// and byte budget, so that a call the natives take is one the scripts
// answer far inside their limits.
type twin struct {
	native, star *episode.Env
	hasher       *Hasher
	took         map[string]int // calls each native answered itself
}

func newTwin(t *testing.T) *twin {
	t.Helper()
	_, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	tw := &twin{took: map[string]int{}, hasher: NewHasher(res.Data.Records[App])}
	counted := map[string]episode.NativeFunc{}
	for name, f := range nativeTools {
		counted[name] = func(db *episode.NativeDB, args map[string]any) (any, error) {
			out, err := f(db, args)
			if err != decline {
				tw.took[name]++
			}
			return out, err
		}
	}
	d := episode.Limits{}.WithDefaults()
	tight := episode.Limits{StarlarkSteps: d.StarlarkSteps / 10, StarlarkBytes: d.StarlarkBytes / 10}
	r := res.Recipes[0]
	if tw.native, err = episode.Compose(lib, r, episode.Options{FullSurface: true, Natives: nativesFor(res.Server.Tools, counted)}); err != nil {
		t.Fatal(err)
	}
	if tw.star, err = episode.Compose(lib, r, episode.Options{FullSurface: true, Limits: tight}); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tool := range tw.native.Tools() {
		if tool.Native() {
			n++
		}
	}
	if n != len(nativeTools) {
		t.Fatalf("%d tools run natively, want %d", n, len(nativeTools))
	}
	return tw
}

// run steps both environments through calls and fails on the first
// observation or state that differs; it returns the native session.
func (tw *twin) run(t *testing.T, what string, calls []episode.ToolCall) *episode.Session {
	t.Helper()
	ns, err := episode.NewSession(tw.native, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ss, err := episode.NewSession(tw.star, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range calls {
		no, so := ns.Call(c), ss.Call(c)
		if no != so {
			t.Fatalf("%s, call %d %s %s:\nnative    %+v\nstarlark  %+v", what, i, c.Name, c.Args, no, so)
		}
		if nh, sh := ns.Hash(), ss.Hash(); nh != sh {
			t.Fatalf("%s, call %d %s %s: the states differ after the call", what, i, c.Name, c.Args)
		}
	}
	if nh, sh := tw.hasher.Sum(ns.State()), tw.hasher.Sum(ss.State()); nh != sh {
		t.Fatalf("%s: tau2's database hash differs: %s against %s", what, nh, sh)
	}
	return ns
}

// TestNativeGold runs every task's gold actions and reference plan on both
// implementations: the same observations, byte for byte, and the same
// states after every call, and the natives answer the calls themselves.
func TestNativeGold(t *testing.T) {
	tw := newTwin(t)
	src, res := importTestdata(t)
	lib, err := res.Library()
	if err != nil {
		t.Fatal(err)
	}
	steps, calc := 0, 0
	for i, task := range src.Tasks {
		var calls []episode.ToolCall
		for _, a := range task.Criteria.Actions {
			b, _ := json.Marshal(a.Arguments)
			calls = append(calls, episode.ToolCall{Name: a.Name, Args: b})
		}
		tw.run(t, "task "+task.ID+" gold", calls)
		env, err := episode.Compose(lib, res.Recipes[i], episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, env.PlanCalls()...)
		tw.run(t, "task "+task.ID+" plan", env.PlanCalls())
		for _, c := range calls {
			steps++
			if c.Name == "calculate" {
				calc++
			}
		}
	}
	took := 0
	for _, n := range tw.took {
		took += n
	}
	// Every call reaches a native, which answers it.
	if took != steps {
		t.Errorf("natives answered %d of %d calls (%d calculate): some declined", took, steps, calc)
	}
	t.Logf("%d calls, %d calculate, %d answered natively: %v", steps, calc, took, tw.took)
}

// TestNativeFuzz runs seeded random sequences of calls, right and wrong:
// ids that exist and that do not, in other cases, repeated and swapped
// item lists, lists of different lengths or past the natives' bounds,
// gift cards short of the amount, missing, extra and mistyped arguments.
func TestNativeFuzz(t *testing.T) {
	tw := newTwin(t)
	_, res := importTestdata(t)
	p := newPools(res.Data.Records[App])
	rng := rand.New(rand.NewSource(30))
	seqs := 400
	if testing.Short() {
		seqs = 100
	}
	for i := 0; i < seqs; i++ {
		calls := make([]episode.ToolCall, 1+rng.Intn(8))
		for j := range calls {
			calls[j] = p.call(rng)
		}
		tw.run(t, fmt.Sprintf("sequence %d", i), calls)
	}
	var names []string
	for n := range nativeTools {
		if tw.took[n] == 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) > 0 {
		t.Errorf("the fuzz never reached the natives of %v", names)
	}
	t.Logf("native answers: %v", tw.took)
}

// TestNativesKeyedByScript: an edited script has no native and is
// interpreted; the shipped one has.
func TestNativesKeyedByScript(t *testing.T) {
	n, err := Natives()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := Server()
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range srv.Tools {
		e := tool.Effect
		if got := n.For(e) != nil; got != (nativeTools[tool.Name] != nil) {
			t.Errorf("%s: native %v", tool.Name, got)
		}
		e.Code += "\n# edited\n"
		if n.For(e) != nil {
			t.Errorf("%s: an edited script still runs natively", tool.Name)
		}
	}
	if n.Len() != len(nativeTools) {
		t.Errorf("%d natives registered, want %d", n.Len(), len(nativeTools))
	}
}

// TestNativeRound2 sets the native round2 beside the prelude's, which
// calculate runs (it answers pyfloat(round2(x))): ties of every kind,
// tiny and large values, and sums of prices.
func TestNativeRound2(t *testing.T) {
	s := session(t)
	xs := []float64{0.005, 0.015, 0.025, 0.125, 0.375, 0.625, 0.875, 2.675, 1.005, 1e-9, 123456789.125, 4503599627370495.5, 0.04999999999999716}
	for k := 1; k < 400; k += 3 {
		xs = append(xs, float64(k)/8, float64(k)/16+100, float64(k)*0.01+0.005)
	}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 200; i++ {
		xs = append(xs, rng.Float64()*1000, (rng.Float64()-0.5)*1e-3, 3289.46-28.14*rng.Float64())
	}
	for _, x := range xs {
		for _, v := range []float64{x, -x} {
			expr := strconv.FormatFloat(v, 'f', -1, 64)
			s.Reset()
			obs := call(s, "calculate", map[string]any{"expression": expr})
			var text string
			if obs.IsError || json.Unmarshal([]byte(obs.Content), &text) != nil {
				t.Fatalf("calculate %s: %s", expr, obs.Content)
			}
			want, err := strconv.ParseFloat(text, 64)
			if err != nil {
				t.Fatalf("calculate %s: %s", expr, text)
			}
			got, err := round2(v)
			if err != nil || math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("round2(%s) = %v (%v), the prelude's %v", expr, got, err, want)
			}
		}
	}
}

// TestNativeCalculate sets calculate's native answers beside the script's
// on chosen expressions (every error, float layouts at the edges of fixed
// notation) and on random ones.
func TestNativeCalculate(t *testing.T) {
	tw := newTwin(t)
	exprs := []string{"2 + 2", "(3 - 1) * 2.5", "1/3", "10 // 0", "2 ** 10", "1 +", "x", ")", "1)", "(1", "((2)", "()", "1 2",
		"1 / 0", "1.0 / 0", "1 / 0.0", "0.0 / 0", "007", "0", "00", "1.2.3", ".", ".5 + 5.", "-(-3)", "+-+2", "2 * -3", "* 2",
		"1000000 * 1000000 * 1000", "1000000 * 1000000 * 10000", "999999999999999.9", "9999999999999999", "0.0001", "0.00001",
		"0.000123456", "123456789012345.67", "1 - 1.0", "-0.001", "0.005", "0.015", "2.675", "1e5", "9007199254740993 + 1",
		"100000000 * 100000000", "3 * (2 + 4) / 7 - 1.25"}
	rng := rand.New(rand.NewSource(31))
	for i := 0; i < 1500; i++ {
		exprs = append(exprs, expression(rng))
	}
	for start := 0; start < len(exprs); start += 90 {
		var calls []episode.ToolCall
		for _, e := range exprs[start:min(start+90, len(exprs))] {
			b, _ := json.Marshal(map[string]any{"expression": e})
			calls = append(calls, episode.ToolCall{Name: "calculate", Args: b})
		}
		tw.run(t, fmt.Sprintf("expressions from %d", start), calls)
	}
	if tw.took["calculate"] < len(exprs)/2 {
		t.Errorf("natives answered %d of %d expressions", tw.took["calculate"], len(exprs))
	}
}
