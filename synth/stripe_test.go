package synth

import (
	"fmt"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestStripeAsTheProduct: the Stripe worlds synthesised break no rule,
// and none of them holds a kind the readings found: a text quoting an
// amount in cents as dollars (a charge of 2398 "Value: $2,398.00"), a
// refund above its charge, an open invoice paid in full, a customer whose
// delinquent flag disagrees with their past-due or unpaid subscriptions.
// Texts quote amounts in dollars of the cents the records hold.
func TestStripeAsTheProduct(t *testing.T) {
	quoted, kinds := 0, map[string]int{}
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "stripe")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s: %s", d.ID, v)
			}
			r := d.Records["stripe"]
			for coll, f := range map[string]string{"customers": "balance", "charges": "amount", "invoices": "amount_due", "payment_intents": "amount"} {
				for _, x := range r[coll] {
					v, ok := state.Number(x[f])
					text, _ := x["description"].(string)
					switch {
					case !ok || v <= 0:
					case strings.Contains(text, fmt.Sprintf("$%s.00", commas(int64(v)))):
						kinds["cents quoted as dollars"]++
					case strings.Contains(text, money(v/100)):
						quoted++
					}
				}
			}
			charge := map[string]float64{}
			for _, x := range r["charges"] {
				charge[state.Text(x["id"])], _ = state.Number(x["amount"])
			}
			for _, x := range r["refunds"] {
				if w, ok := charge[state.Text(x["charge"])]; ok {
					if v, _ := state.Number(x["amount"]); v > w {
						kinds["refund above its charge"]++
					}
				}
			}
			for _, x := range r["invoices"] {
				due, _ := state.Number(x["amount_due"])
				paid, _ := state.Number(x["amount_paid"])
				if x["status"] == "open" && due > 0 && paid >= due {
					kinds["open invoice paid in full"]++
				}
			}
			behind := map[string]bool{}
			for _, x := range r["subscriptions"] {
				if x["status"] == "past_due" || x["status"] == "unpaid" {
					behind[state.Text(x["customer"])] = true
				}
			}
			for _, x := range r["customers"] {
				if d, ok := x["delinquent"].(bool); ok && d != behind[state.Text(x["id"])] {
					kinds["delinquent against subscriptions"]++
				}
			}
		}
	}
	for k, n := range kinds {
		t.Errorf("%d records: %s", n, k)
	}
	t.Logf("%d texts quote their amount in dollars", quoted)
	if quoted == 0 {
		t.Error("no text quotes its amount")
	}
}

// commas writes n with a comma between each three digits: 2,398.
func commas(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
