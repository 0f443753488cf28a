package ground

import (
	"fmt"

	"github.com/legoenv/legoenv/atom"
)

// A figure is often over the records a document qualifies by a period or
// a flag (qualify.go), then counted whole or split by a value a document
// names: "how many tickets were created last week" is the count of last
// week's tickets, "what share of last month's conversations are closed"
// the closed ones' share of last month's, "the balance of the approved
// invoices past due" the total of a named status's among the past-due.

// qualifiedCounts yields the count of rows, the records of t a document
// qualifies (of says how), and for each value of t's text fields that a
// document names, the count of the rows holding it and their share of rows.
func (ctx *Visible) qualifiedCounts(t *table, rows []tableRow, of string, yield func(Formula) bool) bool {
	if !yield(Formula{Ops: []string{atom.DeriveCount}, Fields: t.allFields(), value: float64(len(rows)), How: "the count of " + of}) {
		return false
	}
	for _, g := range ctx.groupValues(t) {
		in := g.rows(rows)
		if g.key || len(in) == 0 || len(in) == len(rows) {
			continue
		}
		gof := fmt.Sprintf("%s whose %s is %q", of, g.field, g.value)
		if !yield(Formula{Ops: []string{atom.DeriveCount}, Fields: []string{g.field}, value: float64(len(in)), How: "the count of " + gof}) ||
			!yield(Formula{Ops: []string{atom.DeriveRatio}, Fields: []string{g.field}, value: float64(len(in)) / float64(len(rows)), How: fmt.Sprintf("the share of %s among %s", gof, of), loose: true, rate: g.rate}) ||
			!totals(t, in, gof, yield) {
			return false
		}
	}
	return ctx.headCounts(t, rows, of, yield)
}
