package episode

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// A field the session makes of other records moves with them: sending an
// invoice raises what its customer owes, which the goal asking for the
// sent invoice need not say; a change the goal does not ask for is still
// caught where it is made.
func TestFenceLetsKeptFieldsFollow(t *testing.T) {
	records := `    contacts:
      - {contact_id: C1, contact_name: Ana Ruiz, contact_type: customer, outstanding_receivable_amount: 0}
    invoices:
      - {invoice_id: I1, customer_id: C1, status: draft, total: 120, balance: 120}
      - {invoice_id: I2, customer_id: C1, status: draft, total: 80, balance: 80}
`
	goal := "  - exists: zoho_books.invoices\n    where: {invoice_id: I1, status: sent}\n"
	for _, c := range []struct {
		name  string
		sends []string
		want  bool
		owes  float64
	}{
		{"the asked invoice sent", []string{"I1"}, true, 120},
		{"another invoice sent too", []string{"I1", "I2"}, false, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  zoho_books:\n" + records
			s := yamlSession(t, builtinServer(t, "zoho_books"), data, "kind: intent\nid: i\napps: [zoho_books]\ninstruction: Send invoice I1.\ngoal:\n"+goal)
			for _, id := range c.sends {
				if o := s.Call(ToolCall{Name: "zoho_books_mark_invoice_as_sent", Args: json.RawMessage(`{"invoice_id":"` + id + `"}`)}); o.IsError {
					t.Fatalf("send %s: %s", id, o.Content)
				}
			}
			if r, _ := s.State().Get("zoho_books.contacts", "C1"); r["outstanding_receivable_amount"] != c.owes {
				t.Fatalf("C1 owes %v, want %v", r["outstanding_receivable_amount"], c.owes)
			}
			res := s.Evaluate()
			if res.Passed != c.want {
				t.Errorf("passed %v, want %v: %s", res.Passed, c.want, reasons(res))
			}
		})
	}
}

// reasons is what each component of an evaluation says, for a failure's
// message.
func reasons(res assert.Result) string {
	var why []string
	for _, comp := range res.Components {
		why = append(why, comp.Assertion+": "+comp.Reason)
	}
	return strings.Join(why, "; ")
}
