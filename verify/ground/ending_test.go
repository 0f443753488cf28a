package ground

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A word for work ended names the records in the one state of their field
// that ends work, written otherwise (the fifteenth batch's
// twilio_sms_intercom_resolved_conversations_count: "resolved"
// conversations are those whose state is "closed"). Where two states end
// work (Zendesk's "solved" and "closed") the word names neither, and a
// text that names no ending names no group.
func TestDeriveCountOfAnEndStateNamedOtherwise(t *testing.T) {
	ds := []atom.Derivation{{Op: atom.DeriveCount}}
	oneEnd := `[{"id":"c1","state":"closed"},{"id":"c2","state":"open"},{"id":"c3","state":"closed"},{"id":"c4","state":"snoozed"},
		{"id":"c5","state":"open"},{"id":"c6","state":"closed"},{"id":"c7","state":"snoozed"}]`
	twoEnds := `[{"id":"t1","status":"solved"},{"id":"t2","status":"open"},{"id":"t3","status":"solved"},{"id":"t4","status":"closed"},
		{"id":"t5","status":"open"},{"id":"t6","status":"solved"},{"id":"t7","status":"pending"},{"id":"t8","status":"pending"}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Text the lead how many conversations have been resolved.", oneEnd, "3", true},
		{"Text the lead how many conversations are done.", oneEnd, "3", true},
		{"Text the lead how many conversations there are by state.", oneEnd, "3", false},
		{"Text the lead how many tickets have been resolved.", twoEnds, "3", false},
		{"Text the lead how many tickets are solved.", twoEnds, "3", true},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("records", c.records)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A record in draft is named by the act it has not had (the fifteenth
// batch's gmail_wave_unsent_invoices_total): the invoices "we haven't
// sent out yet", "not yet issued" or "unsent" are those whose status is
// "draft", not every invoice other than the sent ones; a text that denies
// no such act names no draft.
func TestDeriveTotalOfDraftsNamedByTheActNotHad(t *testing.T) {
	ds := []atom.Derivation{{Op: atom.DeriveSum}}
	invoices := `[{"invoice_number":"2301","status":"DRAFT","invoice_amount_due":1840.00},{"invoice_number":"2302","status":"SENT","invoice_amount_due":2200.00},
		{"invoice_number":"2303","status":"DRAFT","invoice_amount_due":965.50},{"invoice_number":"2304","status":"PAID","invoice_amount_due":0},
		{"invoice_number":"2305","status":"VIEWED","invoice_amount_due":410.00}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Email the total of the invoices we haven't sent out yet.", "2,805.50", true},
		{"Email the total of the invoices not yet issued.", "2,805.50", true},
		{"Email the total of our unsent invoices.", "2,805.50", true},
		{"Email the total of the invoices we sent out.", "2,805.50", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("invoices", invoices)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A pending record is named by the act it awaits, denied (the sixteenth
// batch's slack_mailchimp_unconfirmed_subscribers_count): the subscribers
// who "haven't confirmed their subscription yet" or are "unconfirmed"
// are those whose status is "pending", five of ten. Where a value of the
// field is the act itself ("confirmed"), the words name that value; a
// text that denies no such act names no group.
func TestDeriveCountOfPendingNamedByTheActAwaited(t *testing.T) {
	count := []atom.Derivation{{Op: atom.DeriveCount}}
	subs := `[{"email":"a@x.example","status":"pending"},{"email":"b@x.example","status":"subscribed"},{"email":"c@x.example","status":"pending"},
		{"email":"d@x.example","status":"pending"},{"email":"e@x.example","status":"unsubscribed"},{"email":"f@x.example","status":"pending"},
		{"email":"g@x.example","status":"pending"},{"email":"h@x.example","status":"cleaned"},{"email":"i@x.example","status":"subscribed"},
		{"email":"j@x.example","status":"subscribed"}]`
	withConfirmed := `[{"email":"a@x.example","status":"pending"},{"email":"b@x.example","status":"confirmed"},{"email":"c@x.example","status":"pending"},
		{"email":"d@x.example","status":"pending"},{"email":"e@x.example","status":"unsubscribed"},{"email":"f@x.example","status":"pending"},
		{"email":"g@x.example","status":"pending"},{"email":"h@x.example","status":"cleaned"},{"email":"i@x.example","status":"confirmed"},
		{"email":"j@x.example","status":"confirmed"}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"How many people haven't confirmed their subscription yet? Post it.", subs, "5", true},
		{"Post how many subscribers are unconfirmed.", subs, "5", true},
		{"Post how many subscribers we have, by email.", subs, "5", false},
		{"How many people haven't confirmed their subscription yet? Post it.", withConfirmed, "5", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("subscribers", c.records)
		if got := ctx.Derive(c.figure, count); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
