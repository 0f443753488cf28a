package ground

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/verify/satisfy"
)

// A record "partially paid" (partly paid, part-paid, paid in part, with a
// partial payment) has had some of its amount paid and not all: its
// amount paid is above nothing and its amount due too, or, where it shows
// no amount paid, its balance is above nothing and below its total. An
// invoice unpaid (balance equal to its total) or settled (balance zero) is
// neither.

// partPaidPhrases are the loose phrases that name records partly paid.
var partPaidPhrases = []string{"partially paid", "partly paid", "part paid", "paid in part", "partial payment"}

// amountFields finds t's numeric fields for the amount paid, the amount
// still due and the total, by their words ("" where none).
func amountFields(t *table) (paid, due, total string) {
	for _, k := range t.fieldNames() {
		ws := satisfy.FieldWords(k)
		has := func(w string) bool { return slices.Contains(ws, w) }
		switch {
		case has("paid") && paid == "":
			paid = k
		case (has("balance") || has("due")) && due == "":
			due = k
		case has("total") && !has("tax") && total == "":
			total = k
		}
	}
	return paid, due, total
}

// partPaid keeps the rows partly paid where the loose text names them so.
func partPaid(t *table, rows []tableRow, text string) ([]tableRow, string, bool) {
	if !slices.ContainsFunc(partPaidPhrases, func(p string) bool { return strings.Contains(" "+text+" ", " "+p) }) {
		return rows, "", false
	}
	paid, due, total := amountFields(t)
	var keep func(r tableRow) bool
	var why string
	switch {
	case paid != "" && (due != "" || total != ""):
		keep = func(r tableRow) bool {
			p, ok := r.nums[paid]
			if !ok || p <= 0 {
				return false
			}
			if d, ok := r.nums[due]; ok {
				return d > 0
			}
			tot, ok := r.nums[total]
			return ok && p < tot
		}
		why = "whose " + paid + " is above zero and short of the whole"
	case due != "" && total != "":
		keep = func(r tableRow) bool {
			d, ok := r.nums[due]
			tot, ok2 := r.nums[total]
			return ok && ok2 && d > 0 && d < tot
		}
		why = "whose " + due + " is above zero and below its " + total
	default:
		return rows, "", false
	}
	in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return !keep(r) })
	if len(in) == 0 || len(in) == len(rows) {
		return rows, "", false
	}
	return in, why, true
}
