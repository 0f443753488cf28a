package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestInvoicesWithinTheirOrder: a Magento order is invoiced up to its
// grand total and no further (order_id declared part): an invoice above
// its order's grand total, or two that come to more, break it; one within
// it does not.
func TestInvoicesWithinTheirOrder(t *testing.T) {
	ss := map[string]*atom.Server{"magento": builtinServer(t, "magento")}
	orders := []state.Record{{"entity_id": "300001", "state": "processing", "grand_total": 911.63}}
	for _, c := range []struct {
		name   string
		totals []float64
		want   int
	}{
		{"within", []float64{911.63}, 0},
		{"above", []float64{1638.89}, 1},
		{"two above", []float64{600, 400}, 1},
	} {
		var invoices []state.Record
		for i, x := range c.totals {
			invoices = append(invoices, state.Record{"id": "90000" + string(rune('1'+i)), "order_id": "300001", "state": 1, "grand_total": x})
		}
		w := state.NewWorld(time.Date(2026, 4, 17, 9, 0, 0, 0, time.UTC),
			state.NewCollection("magento.orders", "entity_id", orders),
			state.NewCollection("magento.invoices", "id", invoices))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "magento.invoices" && strings.Contains(v.Message, "grand_total") {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
	}
}
