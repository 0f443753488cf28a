package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestInvoicesWithinTheirOrder: the Magento worlds synthesised break no
// rule, and no order's invoices come to more than its grand total (the
// eleventh reading found an open invoice of 1,638.89 on an order of
// 911.63).
func TestInvoicesWithinTheirOrder(t *testing.T) {
	invoices := 0
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "magento", "mattermost")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s: %s", d.ID, v)
			}
			r := d.Records["magento"]
			total := map[string]float64{}
			for _, o := range r["orders"] {
				total[state.Text(o["entity_id"])], _ = state.Number(o["grand_total"])
			}
			billed := map[string]float64{}
			for _, x := range r["invoices"] {
				invoices++
				v, _ := state.Number(x["grand_total"])
				o := state.Text(x["order_id"])
				if billed[o] += v; billed[o] > total[o]+0.005 {
					t.Errorf("%s: invoice %v brings order %s's invoices to %.2f, above its grand total %.2f", d.ID, x["id"], o, billed[o], total[o])
				}
			}
		}
	}
	t.Logf("%d invoices", invoices)
	if invoices == 0 {
		t.Errorf("no invoice drawn; want some")
	}
}
