package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestCheckLeftReadsTheWorldASessionLeaves: an invoice a session writes
// naming a customer the world lacks is what the session left broken; an
// invoice that named no such customer at the start and is left alone is
// not, nor is a write that keeps every rule.
func TestCheckLeftReadsTheWorldASessionLeaves(t *testing.T) {
	ss := servers()
	dangling := with(goodInvoice(), "id", "inv_3002", "customer_ref", "cus_9999")
	start := world(goodCustomers(), []state.Record{goodInvoice(), dangling}, nil)
	for _, c := range []struct {
		name  string
		write state.Record
		want  int
	}{
		{"a write that keeps the rules", with(goodInvoice(), "amount_due", 99.0), 0},
		{"a write naming a missing customer", with(goodInvoice(), "customer_ref", "cus_7777"), 1},
	} {
		st := state.New(start)
		if err := st.Replace("billing.invoices", "inv_3001", c.write); err != nil {
			t.Fatal(err)
		}
		var got []Violation
		for _, v := range CheckLeft("d", ss, start, st.World()) {
			if v.Rule == RuleRef {
				got = append(got, v)
			}
		}
		if len(got) != c.want || c.want == 1 && got[0].Key != "inv_3001" {
			t.Errorf("%s: %v, want %d on inv_3001", c.name, got, c.want)
		}
	}
}
