package synth

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestSettleBalances: once payments are settled, a Zoho Books draft, sent
// or overdue invoice owes its total, a paid invoice nothing and its
// payments make up its total (a payment no task names takes the
// difference), and a partly paid invoice owes its total less its payments,
// a part of its total (a payment that paid all of it pays less); a vendor an invoice is for becomes a
// customer; the world then keeps every declared rule of its invoices.
func TestSettleBalances(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "zoho_books"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	pay := func(id, inv string, amount float64) map[string]any {
		return map[string]any{"payment_id": id, "invoice_id": inv, "customer_id": "c1", "amount": amount}
	}
	inv := func(id, status string, total, balance float64) map[string]any {
		return map[string]any{"invoice_id": id, "customer_id": "c1", "status": status, "total": total, "balance": balance}
	}
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"zoho_books": {
		"invoices": {inv("inv1", "draft", 2253.55, 269.75), inv("inv2", "paid", 27966.87, 0), inv("inv3", "partially_paid", 11014.91, 1113.91),
			inv("inv4", "sent", 640.0, 120.5), inv("inv5", "overdue", 980.0, 0), inv("inv6", "partially_paid", 1500.0, 0), inv("inv7", "partially_paid", 800.0, 800.0),
			inv("inv8", "partially_paid", 400.0, 0)},
		"customer_payments": {pay("p1", "inv2", 5000), pay("p2", "inv2", 333.43), pay("p3", "inv3", 2658.79), pay("p4", "inv8", 400.0)},
	}}}
	settleBalances(m, m.byName["invoices"], d)
	want := map[string]float64{"inv1": 2253.55, "inv2": 0, "inv3": 8356.12, "inv4": 640.0, "inv5": 980.0}
	for _, r := range d.Records["zoho_books"]["invoices"] {
		got, _ := state.Number(r["balance"])
		total, _ := state.Number(r["total"])
		if w, ok := want[r["invoice_id"].(string)]; ok && got != w || !ok && (got <= 0 || got >= total) {
			t.Errorf("%s %s balance %v of %v, want %v (or, partly paid, a part)", r["invoice_id"], r["status"], got, total, w)
		}
	}
	if got, _ := state.Number(d.Records["zoho_books"]["customer_payments"][3]["amount"]); got <= 0 || got >= 400 {
		t.Errorf("the payment of the partly paid invoice is %v, want a part of its 400", got)
	}
	if got, _ := state.Number(d.Records["zoho_books"]["customer_payments"][1]["amount"]); got != 22966.87 {
		t.Errorf("the last payment of the paid invoice is %v, want 22966.87 (its total less the first)", got)
	}
	d.Records["zoho_books"]["contacts"] = []map[string]any{{"contact_id": "c1", "contact_type": "vendor", "contact_name": "Julia Nguyen"}}
	for _, inv := range m.byName["invoices"].c.Invariants {
		if inv.Rule == "refers_to" {
			referToKind(m, m.byName["invoices"], inv, d)
		}
	}
	if got := d.Records["zoho_books"]["contacts"][0]["contact_type"]; got != "customer" {
		t.Errorf("the contact an invoice is for is a %v, want a customer", got)
	}
	var colls []*state.Collection
	for name, rs := range d.Records["zoho_books"] {
		colls = append(colls, state.NewCollection("zoho_books."+name, m.byName[name].key, rs))
	}
	for _, v := range coherence.CheckWorld("d", map[string]*atom.Server{"zoho_books": m.server}, state.NewWorld(time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC), colls...)) {
		if v.Rule == coherence.RuleInvariant {
			t.Errorf("settled world: %s", v.Message)
		}
	}
}

// TestStoryCompletedFollowsItsState: synthesis makes a Shortcut story's
// completed flag say what its workflow state is: true in a done state,
// false in a started one.
func TestStoryCompletedFollowsItsState(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "shortcut"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	cm := m.byName["stories"]
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"shortcut": {
		"workflow_states": {{"id": "w1", "type": "done"}, {"id": "w2", "type": "started"}},
		"stories":         {{"id": "s1", "workflow_state_id": "w1", "completed": false}, {"id": "s2", "workflow_state_id": "w2", "completed": true}},
	}}}
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "flag_of" {
			referToKind(m, cm, inv, d)
		}
	}
	for i, want := range []bool{true, false} {
		if got := d.Records["shortcut"]["stories"][i]["completed"]; got != want {
			t.Errorf("story in %v: completed %v, want %v", d.Records["shortcut"]["stories"][i]["workflow_state_id"], got, want)
		}
	}
}

// TestFilledPartKeepsItsNote: a refund that takes up what is left of a
// refunded Shopify order no longer has a note naming its old amount.
func TestFilledPartKeepsItsNote(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "shopify"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	refund := map[string]any{"id": "gid://shopify/Refund/91", "order_id": "o1", "amount": 1364.17, "note": "Zoran confirmed the $1,364.17 figure. Updated by Zoran Okonkwo on 8 May."}
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"shopify": {
		"orders":  {{"id": "o1", "financial_status": "refunded", "total_price": 23649.67}},
		"refunds": {refund},
	}}}
	settleBalances(m, m.byName["orders"], d)
	if got, _ := state.Number(refund["amount"]); got != 23649.67 {
		t.Errorf("the refund of a refunded order is %v, want its total 23649.67", got)
	}
	if len(m.byName["refunds"].shape.Contradictions(refund)) > 0 {
		t.Errorf("the refund's note still disagrees with it: %v", refund["note"])
	}
}

// TestTeamChannelTakesMessages: the channel a team reports in is of a
// kind its app posts messages to (a Discord text channel, not a category
// or a forum), as the refers_to rule on a message's channel says.
func TestTeamChannelTakesMessages(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "discord"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	r := newPlan().needTeam(m.byName["channels"], "wfch")
	msgs := m.byName["messages"]
	for _, inv := range msgs.c.Invariants {
		if inv.Rule == "refers_to" && !inv.RefersToKind(map[string]any{inv.Fields[1]: r.set[inv.Fields[1]]}) {
			t.Errorf("the team's channel is of type %v, which takes no message (%v)", r.set[inv.Fields[1]], inv.In)
		}
	}
	if _, ok := r.set["type"]; !ok {
		t.Errorf("the team's channel leaves its type to chance: %v", r.set)
	}
}

// TestNamedMessageStaysItsMail: a Gmail message a task names does not
// become a draft for a draft no task names (its sender would turn the
// account's and the task's words would match another draft): the draft
// wraps a message no task names and no other draft holds.
func TestNamedMessageStaysItsMail(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "gmail"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	cm := m.byName["drafts"]
	d := &atom.Data{
		Records: map[string]map[string][]map[string]any{"gmail": {
			"messages": {{"id": "m1", "from_": "ana.ruiz@example.com", "label_ids": []any{}}, {"id": "m2", "from_": "li.wei@example.com", "label_ids": []any{}}, {"id": "m3", "from_": "bo.lund@example.com", "label_ids": []any{}}},
			"drafts":   {{"id": "r1", "message_id": "m1"}, {"id": "r2", "message_id": "m2"}},
		}},
		Handles: map[string]atom.Handle{"t": {App: "gmail", Collection: "messages", Key: "m1"}},
	}
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "refers_to" {
			referToKind(m, cm, inv, d)
		}
	}
	msgs := d.Records["gmail"]["messages"]
	if slices.Contains(atom.ReferenceKeys(msgs[0]["label_ids"]), "DRAFT") {
		t.Errorf("the task's message became a draft: %v", msgs[0])
	}
	for _, m := range msgs[1:] {
		if !slices.Contains(atom.ReferenceKeys(m["label_ids"]), "DRAFT") {
			t.Errorf("a message no task names, wrapped by a draft, is not labelled DRAFT: %v", m)
		}
	}
	if got := d.Records["gmail"]["drafts"][0]["message_id"]; got != "m3" {
		t.Errorf("the draft of the task's message wraps %v, not the message no task names or draft holds (m3)", got)
	}
}

// TestPartlyPaidInvoices: the invoices synthesised for Zoho Books, Sage
// Accounting and FreshBooks owe what their status says: all of their total
// where nothing was paid (sent, overdue, unpaid), a part of it, above
// nothing, where a part was (partially paid), and the worlds break no rule
// of their invoices.
func TestPartlyPaidInvoices(t *testing.T) {
	c, servers := readWorld(t, 27, "zoho_books", "sage_accounting", "freshbooks")
	type money struct{ coll, balance, total, status string }
	of := map[string]money{"zoho_books": {"invoices", "balance", "total", "status"}, "sage_accounting": {"sales_invoices", "outstanding_amount", "total_amount", "status"}, "freshbooks": {"invoices", "outstanding", "amount", "v3_status"}}
	partly, unpaid := 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
			t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
		}
		for app, mo := range of {
			for _, r := range d.Records[app][mo.coll] {
				b, bok := state.Number(r[mo.balance])
				total, tok := state.Number(r[mo.total])
				if !bok || !tok {
					continue
				}
				switch r[mo.status] {
				case "partially_paid", "PART_PAID", "partial":
					if partly++; b <= 0 || b >= total {
						t.Errorf("%s: %s %v invoice owes %v of %v", d.ID, app, r[mo.status], b, total)
					}
				case "sent", "overdue", "UNPAID", "viewed":
					if unpaid++; b != total {
						t.Errorf("%s: %s %v invoice owes %v of %v", d.ID, app, r[mo.status], b, total)
					}
				}
			}
		}
	}
	t.Logf("%d partly paid and %d unpaid invoices", partly, unpaid)
	if partly < 3 || unpaid < 3 {
		t.Errorf("only %d partly paid and %d unpaid invoices drawn", partly, unpaid)
	}
}

// TestNamedRecordKeepsItsState: a record a task names keeps the state it
// was drawn with under a refers_to rule (a Shopify order a report counts
// as paid stays paid): a refund no task names that would make it
// refunded goes instead, while a refund of an order no task names moves
// that order to partially refunded.
func TestNamedRecordKeepsItsState(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "shopify"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"shopify": {
		"orders": {
			{"id": "gid://shopify/Order/1", "financial_status": "paid", "total_price": "120.00"},
			{"id": "gid://shopify/Order/2", "financial_status": "paid", "total_price": "80.00"},
		},
		"refunds": {
			{"id": "gid://shopify/Refund/91", "order_id": "gid://shopify/Order/1"},
			{"id": "gid://shopify/Refund/92", "order_id": "gid://shopify/Order/2"},
		},
	}}, Handles: map[string]atom.Handle{"shopify_orders_rp1": {App: "shopify", Collection: "orders", Key: "gid://shopify/Order/1"}}}
	for _, inv := range m.byName["refunds"].c.Invariants {
		if inv.Rule == "refers_to" {
			referToKind(m, m.byName["refunds"], inv, d)
		}
	}
	orders := d.Records["shopify"]["orders"]
	if orders[0]["financial_status"] != "paid" {
		t.Errorf("the order a task names is %v, want paid as drawn", orders[0]["financial_status"])
	}
	if orders[1]["financial_status"] == "paid" {
		t.Errorf("the order no task names keeps paid beside its refund")
	}
	var left []any
	for _, r := range d.Records["shopify"]["refunds"] {
		left = append(left, r["id"])
	}
	if len(left) != 1 || left[0] != "gid://shopify/Refund/92" {
		t.Errorf("refunds left %v, want only the one of the order no task names", left)
	}
}
