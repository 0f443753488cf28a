package verify

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Derivations an intent may declare (atom.Intent.Derive).
const (
	DeriveCount      = "count"
	DeriveSum        = "sum"
	DeriveDifference = "difference"
	DeriveProduct    = "product"
	DeriveRatio      = "ratio"
)

// maxDeriveOperands bounds the numbers paired by a derivation.
const maxDeriveOperands = 400

// maxSubsetRows bounds the rows of a list whose selections are summed: a
// total over the rows that match a condition (the revenue accounts of a
// trial balance, the expedited lines of an invoice) is one of the 2^n
// subset sums, which stays cheap and specific for short lists only.
const maxSubsetRows = 16

// maxDates bounds the dates paired by a difference in days.
const maxDates = 64

// tabulate records, for every list of records an observation holds, its
// length and the sum of each numeric field: the counts and totals an
// agent computes from what it read. For short lists it also keeps each
// numeric column, and each row's product of two columns (quantity x unit
// price), so that a total over selected rows can be recognised.
func (ctx *visible) tabulate(v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			ctx.tabulate(x[k])
		}
	case []any:
		ctx.counts = append(ctx.counts, float64(len(x)))
		cols := map[string]float64{}
		rows := make([]map[string]float64, 0, len(x))
		for _, e := range x {
			rec, ok := e.(map[string]any)
			if !ok {
				continue
			}
			row := map[string]float64{}
			for _, lf := range leaves("", rec) {
				if f, ok := numberOf(lf.value); ok {
					cols[lf.path] += f
					row[lf.path] = f
				}
			}
			rows = append(rows, row)
			ctx.tabulate(rec)
		}
		for _, k := range slices.Sorted(maps.Keys(cols)) {
			ctx.sums = append(ctx.sums, cols[k])
		}
		if len(rows) >= 2 && len(rows) <= maxSubsetRows {
			ctx.columns = append(ctx.columns, rowColumns(rows, slices.Sorted(maps.Keys(cols)))...)
		}
	}
}

// rowColumns returns, for the numeric fields of rows, each field's values and each pair's
// per-row products, row by row (a row without the field counts as 0).
func rowColumns(rows []map[string]float64, fields []string) [][]float64 {
	col := func(f func(map[string]float64) float64) []float64 {
		out := make([]float64, len(rows))
		for i, r := range rows {
			out[i] = f(r)
		}
		return out
	}
	var out [][]float64
	for i, a := range fields {
		out = append(out, col(func(r map[string]float64) float64 { return r[a] }))
		for _, b := range fields[i+1:] {
			out = append(out, col(func(r map[string]float64) float64 { return r[a] * r[b] }))
		}
	}
	return out
}

// subsetSum reports whether some rows of a column, two or more, add up to
// f: the total of the rows an agent selected by a condition.
func subsetSum(col []float64, f float64) bool {
	n := len(col)
	sums := make([]float64, 1<<n)
	for mask := 1; mask < len(sums); mask++ {
		low := bits.TrailingZeros(uint(mask))
		sums[mask] = sums[mask&(mask-1)] + col[low]
		if mask&(mask-1) != 0 && approx(sums[mask], f) {
			return true
		}
	}
	return false
}

// daysBetween finds f as the number of days between two dates the agent
// saw, or between one and today (days until a visa expires, days overdue).
func (ctx *visible) daysBetween(f float64) string {
	if f != math.Trunc(f) || f == 0 {
		return ""
	}
	dates := ctx.dates
	if !ctx.clock.IsZero() {
		dates = append([]time.Time{ctx.clock.Truncate(24 * time.Hour)}, dates...)
	}
	for i, a := range dates {
		for _, b := range dates[i+1:] {
			if d := math.Round(b.Sub(a).Hours() / 24); d == f || -d == f {
				return fmt.Sprintf("derived: the days from %s to %s", a.Format("2006-01-02"), b.Format("2006-01-02"))
			}
		}
	}
	return ""
}

func numberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case string:
		return parseNumber(x)
	}
	return 0, false
}

var tokenRE = regexp.MustCompile(`[\d][\d,]*(?:\.\d+)?|[^\s\d]+`)

// derive reports how v could be computed from what the agent saw with the
// declared operations. A text that mixes numbers and words ("6 escalated",
// "1 of 9") is derived when each number is seen or derived and each word
// is seen.
func (ctx *visible) derive(v any, ops []string) string {
	if f, ok := numberOf(v); ok {
		return ctx.deriveNumber(f, ops)
	}
	s, ok := v.(string)
	if !ok {
		return ""
	}
	var how []string
	for _, tok := range tokenRE.FindAllString(s, -1) {
		if f, ok := parseNumber(tok); ok {
			src := ctx.find(f, "")
			if src == "" {
				src = ctx.deriveNumber(f, ops)
			}
			if src == "" {
				return ""
			}
			how = append(how, src)
			continue
		}
		if w := loose(tok); w != "" && ctx.find(tok, "") == "" {
			return ""
		}
	}
	if len(how) == 0 {
		return ""
	}
	return strings.Join(how, "; ")
}

// deriveNumber finds f as a count or a column total of an observation, or
// as the sum, difference, product or ratio (as a share or a percentage) of
// two numbers the agent saw, as the intent allows.
func (ctx *visible) deriveNumber(f float64, ops []string) string {
	has := func(op string) bool { return slices.Contains(ops, op) }
	if has(DeriveCount) && slices.ContainsFunc(ctx.counts, func(n float64) bool { return approx(n, f) }) {
		return "derived: a count of listed records"
	}
	if has(DeriveSum) && slices.ContainsFunc(ctx.sums, func(n float64) bool { return approx(n, f) }) {
		return "derived: a column total"
	}
	if has(DeriveSum) && slices.ContainsFunc(ctx.columns, func(c []float64) bool { return subsetSum(c, f) }) {
		return "derived: a total of selected rows"
	}
	if has(DeriveDifference) {
		if how := ctx.daysBetween(f); how != "" {
			return how
		}
	}
	nums := ctx.operands()
	for i, a := range nums {
		for _, b := range nums[i:] {
			switch {
			case has(DeriveSum) && approx(a+b, f):
				return fmt.Sprintf("derived: %v + %v", a, b)
			case has(DeriveDifference) && (approx(a-b, f) || approx(b-a, f)):
				return fmt.Sprintf("derived: the difference of %v and %v", a, b)
			case has(DeriveProduct) && approx(a*b, f):
				return fmt.Sprintf("derived: %v x %v", a, b)
			case has(DeriveRatio) && ratioOf(a, b, f):
				return fmt.Sprintf("derived: the ratio of %v and %v", a, b)
			}
		}
	}
	return twoStep(f, nums, has)
}

// maxTwoStepOperands bounds the numbers a two-step derivation pairs: it
// tries every pair of them, so it keeps to the first numbers seen.
const maxTwoStepOperands = 160

// twoStep finds f as a value times, or over, the difference or sum of two
// others, where the intent declares both operations: an amount times the
// change of a rate between two readings (50,000 x (1.10 - 1.08), a gain
// on a foreign-currency invoice). Against matching by accident the two
// others must be positive readings of like size (neither more than twice
// the other, as a rate then and now, two prices, two quantities), their
// difference or sum is not 1 (times 1 is the value itself), the value is
// neither of them nor a whole number below 10 (a count of a few things or
// a part of a date, which times some difference of two sheet values makes
// almost any figure: 2 x (340 - 250) is no reading of a $180 claim), and
// the result must hold exactly (no rounding). Each
// pair costs one binary search for the value: O(n² log n) for n operands.
func twoStep(f float64, nums []float64, has func(string) bool) string {
	mul, div := has(DeriveProduct), has(DeriveRatio)
	diff, sum := has(DeriveDifference), has(DeriveSum)
	if f == 0 || !(mul || div) || !(diff || sum) {
		return ""
	}
	nums = nums[:min(len(nums), maxTwoStepOperands)]
	sorted := slices.Sorted(slices.Values(nums))
	// value finds an operand x other than b and c with op(x) == f.
	value := func(want, b, c float64, holds func(x float64) bool) (float64, bool) {
		i, _ := slices.BinarySearch(sorted, want)
		for _, j := range []int{i - 1, i, i + 1} {
			if j < 0 || j >= len(sorted) || fewWhole(sorted[j]) {
				continue
			}
			if x := sorted[j]; x != b && x != c && holds(x) {
				return sorted[j], true
			}
		}
		return 0, false
	}
	for i, b := range nums {
		for _, c := range nums[i+1:] {
			if b <= 0 || c <= 0 || max(b, c) > 2*min(b, c) {
				continue
			}
			hi, lo := max(b, c), min(b, c)
			for _, op := range []struct {
				ok   bool
				d    float64
				sign string
			}{{diff, hi - lo, "-"}, {sum, hi + lo, "+"}} {
				if !op.ok || op.d == 0 || approx(op.d, 1) {
					continue
				}
				d := op.d
				if a, ok := value(f/d, b, c, func(x float64) bool { return approx(x*d, f) }); mul && ok {
					return fmt.Sprintf("derived: %v x (%v %s %v)", a, hi, op.sign, lo)
				}
				if a, ok := value(f*d, b, c, func(x float64) bool { return approx(x/d, f) }); div && ok {
					return fmt.Sprintf("derived: %v / (%v %s %v)", a, hi, op.sign, lo)
				}
			}
		}
	}
	return ""
}

// ratioOf reports whether f is a/b or b/a, as a share or a percentage, of
// two positive numbers: the pieces of a date ("2026-02-15" reads -2 and
// -15) are no quantities. Two equal numbers stay a ratio (a load of 4 on
// a capacity of 4 is 100%), though the numbers seen are kept once, so a
// number over itself passes too.
func ratioOf(a, b, f float64) bool {
	for _, r := range []float64{a / b, b / a} {
		if b <= 0 || a <= 0 {
			return false
		}
		if approxLoose(r, f) || approxLoose(r*100, f) {
			return true
		}
	}
	return false
}

// approxLoose compares a computed ratio with a written one, which people
// round to two decimals.
func approxLoose(a, b float64) bool { return a-b < 0.006 && b-a < 0.006 }

// operands lists the distinct numbers seen so far, bounded.
func (ctx *visible) operands() []float64 {
	var out []float64
	seen := map[float64]bool{}
	for _, d := range ctx.docs {
		for _, n := range d.nums {
			if !seen[n] && len(out) < maxDeriveOperands {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	for _, n := range append(append([]float64(nil), ctx.counts...), ctx.sums...) {
		if !seen[n] && len(out) < maxDeriveOperands {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// fewWhole reports whether x is a whole number below 10 in size.
func fewWhole(x float64) bool { return x == math.Trunc(x) && math.Abs(x) < 10 }
