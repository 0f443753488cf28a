package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestAppointmentsLastTheirTypesDuration: an Acuity appointment and a
// Cal.com booking end their type's duration in minutes after they start
// (the built-in atoms' lasts rules).
func TestAppointmentsLastTheirTypesDuration(t *testing.T) {
	ss := map[string]*atom.Server{"acuity_scheduling": builtinServer(t, "acuity_scheduling"), "cal_com": builtinServer(t, "cal_com")}
	for _, c := range []struct {
		end  string
		want int
	}{
		{"2026-05-12T11:15:00Z", 0},
		{"2026-07-23T15:00:00Z", 1}, // months for a 15-minute type
		{"2026-05-12T11:10:00Z", 1},
	} {
		a := state.Record{"id": "8821001", "appointmentTypeID": "1554001", "datetime": "2026-05-12T11:00:00Z", "endTime": c.end}
		at := state.Record{"id": "1554001", "name": "Office Hours", "duration": 15}
		b := state.Record{"uid": "bk_1001", "eventTypeId": "41001", "startTime": "2026-05-12T11:00:00Z", "endTime": c.end, "status": "ACCEPTED"}
		et := state.Record{"id": "41001", "title": "Office Hours", "slug": "office-hours", "length": 15}
		w := state.NewWorld(time.Date(2026, 6, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("acuity_scheduling.appointments", "id", []state.Record{a}),
			state.NewCollection("acuity_scheduling.appointment_types", "id", []state.Record{at}),
			state.NewCollection("cal_com.bookings", "uid", []state.Record{b}),
			state.NewCollection("cal_com.event_types", "id", []state.Record{et}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "acuity_scheduling.appointments", "endTime"); got != c.want {
			t.Errorf("end %s: %d violations on the appointment's endTime, want %d (%v)", c.end, got, c.want, vs)
		}
		if got := countOn(ofRule(vs, RuleInvariant), "cal_com.bookings", "endTime"); got != c.want {
			t.Errorf("end %s: %d violations on the booking's endTime, want %d (%v)", c.end, got, c.want, vs)
		}
	}
}

// ofRule are the violations of vs under rule.
func ofRule(vs []Violation, rule string) []Violation {
	var out []Violation
	for _, v := range vs {
		if v.Rule == rule {
			out = append(out, v)
		}
	}
	return out
}

// TestConversionsRecordedOnceTheyHappen: a Google Ads offline conversion
// is recorded (created_at) no earlier than its conversion_time.
func TestConversionsRecordedOnceTheyHappen(t *testing.T) {
	ss := map[string]*atom.Server{"google_ads": builtinServer(t, "google_ads")}
	for _, c := range []struct {
		created string
		want    int
	}{
		{"2026-05-19T10:00:00Z", 0},
		{"2026-05-18T10:00:00Z", 0},
		{"2026-04-22T10:00:00Z", 1}, // recorded before it happened
	} {
		cv := state.Record{"id": "oc_73408", "conversion_name": "Purchase", "conversion_time": "2026-05-18T10:00:00Z", "created_at": c.created}
		w := state.NewWorld(time.Date(2026, 7, 13, 9, 0, 0, 0, time.UTC), state.NewCollection("google_ads.conversions", "id", []state.Record{cv}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "google_ads.conversions", "created_at") + countOn(vs, "google_ads.conversions", "conversion_time"); got != c.want {
			t.Errorf("created %s: %d violations, want %d (%v)", c.created, got, c.want, vs)
		}
	}
}

// TestChiefTitlesHeldOnce: in every directory of the company's own people
// a chief officer's title (CEO, CFO, COO, CTO) is held by one person;
// other titles repeat freely.
func TestChiefTitlesHeldOnce(t *testing.T) {
	for _, c := range []struct{ app, coll, key, field string }{
		{"mattermost", "users", "id", "position"},
		{"slack", "users", "id", "title"},
		{"salesforce", "users", "id", "title"},
		{"gusto", "employees", "uuid", "job_title"},
		{"microsoft_teams", "members", "id", "jobTitle"},
		{"personio", "employees", "id", "position"},
		{"hibob", "people", "id", "work_title"},
		{"freshservice", "requesters", "id", "job_title"},
		{"xero", "employees", "employee_id", "job_title"},
	} {
		ss := map[string]*atom.Server{c.app: builtinServer(t, c.app)}
		for _, titles := range []struct {
			a, b string
			want int
		}{{"CTO", "CTO", 1}, {"CTO", "CFO", 0}, {"Engineer", "Engineer", 0}} {
			recs := []state.Record{{c.key: "P1001", c.field: titles.a}, {c.key: "P1002", c.field: titles.b}}
			w := state.NewWorld(time.Date(2026, 6, 2, 9, 0, 0, 0, time.UTC), state.NewCollection(c.app+"."+c.coll, c.key, recs))
			vs := CheckWorld("d", ss, w)
			if got := countOn(vs, c.app+"."+c.coll, c.field); got != titles.want {
				t.Errorf("%s.%s %s and %s: %d violations on %s, want %d (%v)", c.app, c.coll, titles.a, titles.b, got, c.field, titles.want, vs)
			}
		}
	}
}

// TestSignaturesOfTheirRequest: a Dropbox Sign signature's signer is one
// of its request's signer_emails, and a request holding a declined
// signature is is_declined, and only such a one.
func TestSignaturesOfTheirRequest(t *testing.T) {
	ss := map[string]*atom.Server{"dropbox_sign": builtinServer(t, "dropbox_sign")}
	for _, c := range []struct {
		signer, status string
		declined       bool
		onSigner       int
		onDeclined     int
	}{
		{"yasmin.coleridge@lakesidesystems.example", "awaiting_signature", false, 0, 0},
		{"Yasmin.Coleridge@lakesidesystems.example", "declined", true, 0, 0},
		{"priya.patel@tyrellindustries.example", "awaiting_signature", false, 1, 0}, // not on the request
		{"yasmin.coleridge@lakesidesystems.example", "declined", false, 0, 1},       // declined, the request not
		{"yasmin.coleridge@lakesidesystems.example", "signed", true, 0, 1},          // declined by no one
	} {
		q := state.Record{"signature_request_id": "fa5c8a0b0f491001", "title": "Order 29732", "subject": "Order 29732", "signer_emails": []any{"yasmin.coleridge@lakesidesystems.example"}, "is_declined": c.declined}
		s := state.Record{"signature_id": "78caf2a1d01c1001", "signature_request_id": "fa5c8a0b0f491001", "signer_email_address": c.signer, "status_code": c.status}
		if c.status == "signed" {
			s["signed_at"] = "2026-04-20T10:00:00Z"
		}
		w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
			state.NewCollection("dropbox_sign.signature_requests", "signature_request_id", []state.Record{q}),
			state.NewCollection("dropbox_sign.signatures", "signature_id", []state.Record{s}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "dropbox_sign.signatures", "signer_email_address"); got != c.onSigner {
			t.Errorf("%s %s: %d violations on signer_email_address, want %d (%v)", c.signer, c.status, got, c.onSigner, vs)
		}
		if got := countOn(vs, "dropbox_sign.signature_requests", "is_declined"); got != c.onDeclined {
			t.Errorf("%s %s, is_declined %v: %d violations on is_declined, want %d (%v)", c.signer, c.status, c.declined, got, c.onDeclined, vs)
		}
	}
}

// TestCaseContactAtTheCaseAccount: a Salesforce case's contact is a person
// of the case's account; a contact under no account is at the company its
// account_name and address name, which must be the account's.
func TestCaseContactAtTheCaseAccount(t *testing.T) {
	ss := map[string]*atom.Server{"salesforce": builtinServer(t, "salesforce")}
	acc := state.Record{"id": "001Dn0000050045", "account_name": "Acme International", "domain": "acmeinternational.example"}
	for _, c := range []struct {
		contact state.Record
		want    int
	}{
		{state.Record{"id": "003Dn0000091670", "first_name": "Yasmin", "last_name": "Abernathy", "account_name": "Acme Labs", "email": "yasmin.abernathy@acmelabs.example"}, 1},
		{state.Record{"id": "003Dn0000091670", "first_name": "Yasmin", "last_name": "Abernathy", "account_name": "Acme International", "email": "yasmin.abernathy@acmeinternational.example"}, 0},
		{state.Record{"id": "003Dn0000091670", "first_name": "Yasmin", "last_name": "Abernathy", "account_id": "001Dn0000050045", "account_name": "Acme International", "email": "yasmin.abernathy@acmeinternational.example"}, 0},
		{state.Record{"id": "003Dn0000091670", "first_name": "Yasmin", "last_name": "Abernathy"}, 0}, // says no company
	} {
		cs := state.Record{"id": "500Dn0000099466", "subject": "events-figures", "account_id": "001Dn0000050045", "contact_id": "003Dn0000091670"}
		w := state.NewWorld(time.Date(2026, 5, 13, 9, 0, 0, 0, time.UTC),
			state.NewCollection("salesforce.accounts", "id", []state.Record{acc}),
			state.NewCollection("salesforce.contacts", "id", []state.Record{c.contact}),
			state.NewCollection("salesforce.cases", "id", []state.Record{cs}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "salesforce.cases", "contact_id"); got != c.want {
			t.Errorf("contact %v: %d violations on contact_id, want %d (%v)", c.contact, got, c.want, vs)
		}
	}
}
