package coherence

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// The rules a server declares are checked: budgets within budgets, clicks
// within impressions, a timestamp only in its states, an end after its
// start, one lifecycle state at a time, unique numbers, and a display
// name that is the referenced record's.
func TestDeclaredInvariants(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["customer_name"] = atom.Field{Type: "string"}
	inv.Fields["paid_at"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["voided_at"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["clicks"] = atom.Field{Type: "integer"}
	inv.Fields["impressions"] = atom.Field{Type: "integer"}
	inv.Fields["days_remaining"] = atom.Field{Type: "integer"}
	inv.Fields["end_date"] = atom.Field{Type: "string", Format: "date"}
	inv.Fields["title"] = atom.Field{Type: "string"}
	inv.Fields["archived_reason"] = atom.Field{Type: "string"}
	inv.Fields["archived_at"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["billing_email"] = atom.Field{Type: "string", Format: "email"}
	inv.Fields["contact_email"] = atom.Field{Type: "string", Format: "email"}
	inv.Fields["from_phone"] = atom.Field{Type: "string", Role: atom.RolePhone}
	inv.Fields["receipt_id"] = atom.Field{Type: "string"}
	inv.Fields["to_phones"] = atom.Field{Type: "array", Items: "string", Role: atom.RolePhone}
	inv.Fields["days_since_activity"] = atom.Field{Type: "integer"}
	inv.Fields["last_activity_date"] = atom.Field{Type: "string", Format: "date"}
	inv.Fields["date"] = atom.Field{Type: "integer", Unit: atom.UnitEpochMillis}
	inv.Fields["internal_date"] = atom.Field{Type: "integer", Unit: atom.UnitEpochMillis}
	inv.Fields["revision"] = atom.Field{Type: "integer"}
	inv.Lifecycle = &atom.Lifecycle{Field: "status", Error: "no", Stamps: []atom.Stamp{{Field: "paid_at", States: []string{"paid"}}}}
	// A paid invoice has a receipt (set_when); a draft may have none. A
	// draft, never sent, is at its first revision (set_when with values).
	inv.Invariants = []atom.Invariant{
		{Rule: "lte", Fields: []string{"clicks", "impressions"}},
		{Rule: "before", Fields: []string{"created_at", "updated_at"}},
		{Rule: "at_most_one", Fields: []string{"paid_at", "voided_at"}},
		{Rule: "unique", Fields: []string{"doc_number"}},
		{Rule: "display", Fields: []string{"customer_name", "customer_ref"}, From: []string{"name"}},
		{Rule: "days_until", Fields: []string{"days_remaining", "end_date"}},
		{Rule: "only_when", Fields: []string{"title", "payment"}, In: []string{"scheduled"}},
		{Rule: "only_when", Fields: []string{"archived_reason", "archived_at"}, In: []string{atom.StateSet}},
		{Rule: "differs", Fields: []string{"billing_email", "contact_email"}},
		{Rule: "differs", Fields: []string{"from_phone", "to_phones"}},
		{Rule: "set_when", Fields: []string{"receipt_id", "status"}, In: []string{"paid"}},
		{Rule: "set_when", Fields: []string{"revision", "status"}, In: []string{"draft"}, Values: []string{"1"}},
		{Rule: "days_until", By: atom.DaysSince, Fields: []string{"days_since_activity", "last_activity_date"}},
		{Rule: "soon_after", Fields: []string{"date", "internal_date"}},
	}
	good := with(goodInvoice(), "customer_name", "Noor Abernathy", "clicks", 3.0, "impressions", 40.0, "days_remaining", 10.0, "end_date", "2026-03-12",
		"days_since_activity", 10.0, "last_activity_date", "2026-02-20", "date", 1772400000000.0, "internal_date", 1772400300000.0, "revision", 1.0)
	for _, c := range []struct {
		name  string
		recs  []state.Record
		field string // "" when nothing is wrong
		want  string
	}{
		{"coherent", []state.Record{good}, "", ""},
		{"clicks over impressions", []state.Record{with(good, "clicks", 21.0, "impressions", 13.0)}, "clicks", "more than"},
		{"paid_at on a draft", []state.Record{with(good, "paid_at", "2026-02-01T10:00:00Z")}, "paid_at", "is set on a record that is draft"},
		{"paid without paid_at", []state.Record{with(good, "status", "paid", "amount_due", 0.0)}, "paid_at", "has no paid_at"},
		{"end before start", []state.Record{with(good, "updated_at", "2025-12-01T10:00:00Z")}, "updated_at", "is before"},
		{"paid and voided", []state.Record{with(good, "status", "paid", "amount_due", 0.0, "paid_at", "2026-02-01T10:00:00Z", "voided_at", "2026-02-02T10:00:00Z")}, "voided_at", "at most one"},
		{"two numbered alike", []state.Record{good, with(good, "id", "inv_3002")}, "doc_number", "is also"},
		{"another customer's name", []state.Record{with(good, "customer_name", "Paulo Nakamura")}, "customer_name", "Noor Abernathy"},
		{"days left off the clock", []state.Record{with(good, "days_remaining", 37.0)}, "days_remaining", "10 days from the clock"},
		{"days left after the end", []state.Record{with(good, "days_remaining", 3.0, "end_date", "2026-02-20")}, "days_remaining", "0 days from the clock"},
		{"a title in a state that has none", []state.Record{with(good, "title", "Q3 plan")}, "title", "not one of [scheduled]"},
		{"archived for a reason at no time", []state.Record{with(good, "archived_reason", "Hired elsewhere")}, "archived_reason", "not one of [set]"},
		{"archived for a reason at a time", []state.Record{with(good, "archived_reason", "Hired elsewhere", "archived_at", "2026-02-03T10:00:00Z")}, "", ""},
		{"days since off the clock", []state.Record{with(good, "days_since_activity", 4.0)}, "days_since_activity", "10 days before the clock"},
		{"days since an activity ahead", []state.Record{with(good, "days_since_activity", 4.0, "last_activity_date", "2026-03-20")}, "days_since_activity", "0 days before the clock"},
		{"received in milliseconds days after sending", []state.Record{with(good, "internal_date", 1772400000000.0+3*86400000)}, "internal_date", "not within"},
		{"received in milliseconds before sending", []state.Record{with(good, "internal_date", 1772400000000.0-60000)}, "internal_date", "is before date"},
		{"paid with a receipt", []state.Record{with(good, "status", "paid", "amount_due", 0.0, "paid_at", "2026-02-01T10:00:00Z", "receipt_id", "rc_1")}, "", ""},
		{"paid with no receipt", []state.Record{with(good, "status", "paid", "amount_due", 0.0, "paid_at", "2026-02-01T10:00:00Z")}, "receipt_id", "whose status is paid has no receipt_id"},
		{"a draft at a later revision", []state.Record{with(good, "revision", 4.0)}, "revision", "where status is draft, not one of [1]"},
		{"a paid invoice at a later revision", []state.Record{with(good, "status", "paid", "amount_due", 0.0, "paid_at", "2026-02-01T10:00:00Z", "receipt_id", "rc_1", "revision", 4.0)}, "", ""},
		{"a text to others", []state.Record{with(good, "from_phone", "+1-646-555-5896", "to_phones", []any{"+1-646-555-2731"})}, "", ""},
		{"a text to its own number", []state.Record{with(good, "from_phone", "+1-646-555-5896", "to_phones", []any{"+1-290-555-5601", "+1-646-555-5896"})}, "from_phone", "to_phones's own value"},
		{"a second address that is the first", []state.Record{with(good, "billing_email", "noor@acme.example", "contact_email", "Noor@acme.example")}, "billing_email", "contact_email's own value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []Violation
			for _, v := range CheckWorld("d", ss, world(goodCustomers(), c.recs, nil)) {
				if v.Rule == RuleInvariant {
					got = append(got, v)
				}
			}
			if c.field == "" {
				if len(got) > 0 {
					t.Fatalf("violations: %v", got)
				}
				return
			}
			for _, v := range got {
				if v.Field == c.field && strings.Contains(v.Message, c.want) {
					return
				}
			}
			t.Fatalf("no invariant violation on %s with %q: %v", c.field, c.want, got)
		})
	}
}

// TestWithinItsParent: a record dated after the record it belongs to
// ended (a time-off request after its employee's termination) breaks a
// within rule; one dated by then, or of a parent that has not ended,
// keeps it.
func TestWithinItsParent(t *testing.T) {
	ss := servers()
	ss["billing"].Collection("customers").Fields["closed_on"] = atom.Field{Type: "string", Format: "date"}
	ss["billing"].Collection("invoices").Invariants = []atom.Invariant{{Rule: "within", Fields: []string{"created_at", "customer_ref", "closed_on"}}}
	for _, c := range []struct {
		closed string
		want   bool // a violation
	}{
		{"2025-12-31", true},
		{"2026-01-02", true}, // the invoice of 10:00 is after the day began
		{"2026-01-03", false},
		{"", false},
	} {
		cs := goodCustomers()
		if c.closed != "" {
			cs[0]["closed_on"] = c.closed
		}
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(cs, []state.Record{goodInvoice()}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "created_at" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("customer closed on %q: violations %v, want one %v", c.closed, got, c.want)
		}
	}
}

// TestSinceItsParent: a record dated before the record it belongs to
// began (an attendee joining before the meeting starts) breaks a since
// rule; one dated then or later, or of a parent with no start, keeps it.
func TestSinceItsParent(t *testing.T) {
	ss := servers()
	ss["billing"].Collection("customers").Fields["opened_at"] = atom.Field{Type: "string", Format: "date-time"}
	ss["billing"].Collection("invoices").Invariants = []atom.Invariant{{Rule: "since", Fields: []string{"created_at", "customer_ref", "opened_at"}}}
	for _, c := range []struct {
		opened string
		want   bool // a violation
	}{
		{"2026-01-16T10:00:00Z", true}, // the invoice of 2 January is before
		{"2026-01-02T10:00:00Z", false},
		{"2025-12-19T10:00:00Z", false},
		{"", false},
	} {
		cs := goodCustomers()
		if c.opened != "" {
			cs[0]["opened_at"] = c.opened
		}
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(cs, []state.Record{goodInvoice()}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "created_at" && strings.Contains(v.Message, "is before") {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("customer opened at %q: violations %v, want one %v", c.opened, got, c.want)
		}
	}
}

// TestSinceInSomeStates: a since rule with a fourth field holds only where
// the record is in one of its states (an update posted as a maintenance's
// work began is no older than its window; one announcing it may be).
func TestSinceInSomeStates(t *testing.T) {
	ss := servers()
	ss["billing"].Collection("customers").Fields["opened_at"] = atom.Field{Type: "string", Format: "date-time"}
	ss["billing"].Collection("invoices").Invariants = []atom.Invariant{{Rule: "since", Fields: []string{"created_at", "customer_ref", "opened_at", "status"}, In: []string{"open", "paid"}}}
	for _, c := range []struct {
		status string
		want   bool // a violation
	}{
		{"open", true}, // the open invoice of 2 January is before 16 January
		{"paid", true},
		{"draft", false},
		{"", false},
	} {
		cs := goodCustomers()
		cs[0]["opened_at"] = "2026-01-16T10:00:00Z"
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(cs, []state.Record{with(goodInvoice(), "status", c.status)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "created_at" && strings.Contains(v.Message, "is before") {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("invoice %q: violations %v, want one %v", c.status, got, c.want)
		}
	}
}
