package ground

import "testing"

// A stated formula is read with the usual precedence and parentheses; a
// line that is no formula (a range, a sentence with "=" and no operator)
// states none.
func TestStatedFormulas(t *testing.T) {
	r := rowOf(map[string]any{"Revenue": "$1,000", "Unit Cost": "30", "Qty": "5"}, nil)
	ctx := &Visible{}
	for text, want := range map[string]float64{
		"- Margin = Revenue - Unit Cost × Quantity": 850,
		"Margin = (Revenue - Unit Cost) * Quantity": 4850,
		"Margin = Revenue / Quantity + 2":           202,
	} {
		fs := statedFormulas(text)
		if len(fs) != 1 {
			t.Fatalf("%q: %d formulas", text, len(fs))
		}
		if got, ok := ctx.eval(fs[0].expr, r, nil, &binding{}); !ok || got != want {
			t.Errorf("%q = %v (%v), want %v", text, got, ok, want)
		}
	}
	for _, text := range []string{"Target range = 30-45", "Owner = Finance team", "DPO = Average AP Balance / (Total Purchases"} {
		if fs := statedFormulas(text); len(fs) != 0 {
			t.Errorf("%q read as a formula: %+v", text, fs[0])
		}
	}
}
