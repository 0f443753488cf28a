package episode

import (
	"math"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// encode gives what converting the value and encoding it gives: the same
// bytes, the same error and the same budget left.
func TestStarlarkEncodeAsConversion(t *testing.T) {
	values := []string{
		`None`, `True`, `[False, 0, -1, 1 << 60, (1 << 62) + 1]`, `1 << 70`, `"a<b>&\"\\\n\t\x01 é \u2028"`,
		`{"b": 1, "a": {"z": [], "y": {}}, "é": 0.5, "A": 1e21, "c": 1e-7, "d": -0.0, "e": 100.0}`,
		`(1, "x", [2.5])`, `{"a": 1, "b": {"c": 2}}`, `float("nan")`, `[1, float("inf")]`, `{1: 2}`, `{"k": set()}`, `cyclic`,
		`deep`, `"x" * 5000`, `["y" * 100] * 30`, `{"k%d" % i: i for i in range(50)}`,
	}
	prelude := "cyclic = [1]\ncyclic.append(cyclic)\ndeep = " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n"
	for _, src := range values {
		for _, budget := range []int{1 << 20, 3000} {
			th := &starlark.Thread{}
			g, err := starlark.ExecFile(th, "v.star", prelude+"v = "+src, nil)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			v := g["v"]
			a, b := budgetDB(budget), budgetDB(budget)
			got, gerr := a.encode(v)
			var gotText string
			if gerr == nil {
				bs, err := marshalJSON(got)
				gotText, gerr = string(bs), err
			}
			want, werr := b.fromStarlark(v)
			var wantText string
			if werr == nil {
				bs, err := marshalJSON(want)
				wantText, werr = string(bs), err
			}
			if gotText != wantText || errText(gerr) != errText(werr) || a.g.left != b.g.left {
				t.Errorf("%s (budget %d):\n got  %s, %v, %d left\n want %s, %v, %d left", src, budget, gotText, gerr, a.g.left, wantText, werr, b.g.left)
			}
		}
	}
}

func budgetDB(n int) *starDB { return &starDB{g: &guard{limit: n, left: n}} }

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// absBits is big.Int's BitLen of the absolute value.
func TestAbsBits(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 127, -128, -129, 255, -256, 1 << 40, math.MaxInt64, math.MinInt64} {
		x := starlark.MakeInt64(v)
		if got, want := absBits(x), x.BigInt().BitLen(); got != want {
			t.Errorf("absBits(%d) = %d, want %d", v, got, want)
		}
	}
	big := starlark.MakeInt64(math.MaxInt64).Mul(starlark.MakeInt64(4))
	if absBits(big) != 65 {
		t.Errorf("absBits(2^65-4) = %d", absBits(big))
	}
}
