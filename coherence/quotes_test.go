package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestQuotes: a quote is a passage of the text of the record it names (a
// Google Docs comment's quoted_text, of its document); a quote of any
// other text is found.
func TestQuotes(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["quoted"] = atom.Field{Type: "string", Role: atom.RoleText}
	inv.Invariants = []atom.Invariant{{Rule: "quotes", Fields: []string{"quoted", "customer_ref"}, From: []string{"company_name"}}}
	for _, c := range []struct {
		name, quoted string
		bad          bool
	}{
		{"a passage", "Acme", false},
		{"nothing quoted", "", false},
		{"another text", "Can we move the review to Thursday?", true},
	} {
		var got []string
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{with(goodInvoice(), "quoted", c.quoted)}, nil)) {
			if v.Rule == RuleInvariant {
				got = append(got, v.Field)
			}
		}
		if c.bad != (len(got) == 1 && got[0] == "quoted") || !c.bad && len(got) > 0 {
			t.Errorf("%s: invariant violations on %v, want one on quoted: %v", c.name, got, c.bad)
		}
	}
}
