package synth

import (
	"math"
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestReferencesNameTheirKind synthesises the apps whose references name a
// record of one kind or of the record's own: a Zoho Books bill's vendor is
// a contact of type vendor while its invoices' customers stay customers,
// and what a customer owes is its unpaid invoices' balances, a
// Confluence space's homepage is a current page of the space (never a
// draft or a page in the trash), a RingCentral call is
// not from the number it is to and the company's extensions are its own,
// and a Zulip stream message is in a stream and every message has a sender.
// Coherence finds no violation over these worlds.
func TestReferencesNameTheirKind(t *testing.T) {
	c, servers := readWorld(t, 55, "zoho_books", "confluence", "ringcentral", "zulip")
	var bills, owed, homes, calls, texts, posts, bad int
	for _, d := range c.Data {
		zb := d.Records["zoho_books"]
		for _, b := range zb["bills"] {
			bills++
			v := findRec(zb["contacts"], "contact_id", state.Text(b["vendor_id"]))
			if v == nil || v["contact_type"] != "vendor" {
				if bad++; bad <= 10 {
					t.Errorf("%s: bill %v names %v, not a vendor", d.ID, b["bill_id"], v)
				}
			}
		}
		for _, ct := range zb["contacts"] {
			if ct["outstanding_receivable_amount"] == nil {
				continue
			}
			owed++
			var sum float64
			for _, inv := range zb["invoices"] {
				if x, ok := state.Number(inv["balance"]); ok && inv["customer_id"] == ct["contact_id"] && slices.Contains([]any{"sent", "overdue", "partially_paid"}, inv["status"]) {
					sum += x
				}
			}
			if got, _ := state.Number(ct["outstanding_receivable_amount"]); math.Abs(got-sum) > 0.005 {
				if bad++; bad <= 10 {
					t.Errorf("%s: contact %v owes %v, its unpaid invoices %.2f", d.ID, ct["contact_id"], got, sum)
				}
			}
		}
		cf := d.Records["confluence"]
		for _, s := range cf["spaces"] {
			if s["homepage_id"] == nil {
				continue
			}
			homes++
			p := findRec(cf["pages"], "id", state.Text(s["homepage_id"]))
			if p == nil || state.Text(p["space_key"]) != state.Text(s["key"]) || p["status"] != "current" {
				if bad++; bad <= 10 {
					t.Errorf("%s: space %v's homepage %v is %v, no current page of the space", d.ID, s["key"], s["homepage_id"], p)
				}
			}
		}
		for _, call := range d.Records["ringcentral"]["call_log"] {
			calls++
			if f := state.Text(call["from_phone"]); f == "" || f == state.Text(call["to_phone"]) {
				if bad++; bad <= 10 {
					t.Errorf("%s: call %v from %q to %v", d.ID, call["id"], f, call["to_phone"])
				}
			}
		}
		for _, m := range d.Records["ringcentral"]["messages"] {
			texts++
			if f := state.Text(m["from_phone"]); f != "" && slices.Contains(atom.ReferenceKeys(m["to_phones"]), f) {
				if bad++; bad <= 10 {
					t.Errorf("%s: message %v from %s to itself", d.ID, m["id"], f)
				}
			}
		}
		zl := d.Records["zulip"]
		for _, m := range zl["messages"] {
			posts++
			if m["type"] == "stream" && findRec(zl["streams"], "stream_id", state.Text(m["stream_id"])) == nil || m["sender_email"] == nil {
				if bad++; bad <= 10 {
					t.Errorf("%s: zulip %s message %v in stream %v from %v", d.ID, m["type"], m["id"], m["stream_id"], m["sender_email"])
				}
			}
		}
		for _, v := range checkData(t, d, servers) {
			if bad++; bad <= 20 {
				t.Errorf("%s", v)
			}
		}
	}
	t.Logf("%d bills, %d receivables, %d space homepages, %d calls, %d texts, %d Zulip messages over %d data atoms", bills, owed, homes, calls, texts, posts, len(c.Data))
	if bills < 10 || owed < 10 || homes < 10 || calls < 10 || texts < 10 || posts < 10 {
		t.Errorf("drawn %d bills, %d receivables, %d homepages, %d calls, %d texts, %d Zulip messages; want more", bills, owed, homes, calls, texts, posts)
	}
	if bad > 0 {
		t.Errorf("%d violations", bad)
	}
}
