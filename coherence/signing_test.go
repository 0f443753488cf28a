package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEnvelopeStampsAndDeclines: a DocuSign envelope is delivered before
// it is completed, its status changes no earlier than its steps, and a
// recipient who declined is on a declined envelope (the built-in atom's
// before and refers_to rules).
func TestEnvelopeStampsAndDeclines(t *testing.T) {
	ss := map[string]*atom.Server{"docusign": builtinServer(t, "docusign")}
	for _, c := range []struct {
		delivered, changed, recipient, field string
		want                                 int
	}{
		{"2026-03-08T10:00:00Z", "2026-03-08T11:19:00Z", "signed", "", 0},
		{"2026-03-08T12:00:00Z", "2026-03-08T12:30:00Z", "signed", "completed_date_time", 1},      // delivered after completed
		{"2026-03-08T10:00:00Z", "2026-02-15T10:48:00Z", "signed", "status_changed_date_time", 3}, // before its sending, delivery and completion
		{"2026-03-08T10:00:00Z", "2026-03-08T11:19:00Z", "declined", "envelope_id", 1},
	} {
		e := state.Record{"id": "4b7a9c3e-85979", "status": "completed", "email_subject": "Summit Partners launch plan", "created_date_time": "2026-02-01T09:00:00Z",
			"last_modified_date_time": "2026-03-08T11:19:00Z", "sent_date_time": "2026-03-04T13:39:00Z", "delivered_date_time": c.delivered,
			"completed_date_time": "2026-03-08T11:19:00Z", "status_changed_date_time": c.changed}
		r := state.Record{"id": "rcp-28715", "envelope_id": "4b7a9c3e-85979", "name": "Ximena Chen", "status": c.recipient}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("docusign.envelopes", "id", []state.Record{e}),
			state.NewCollection("docusign.recipients", "id", []state.Record{r}))
		vs := CheckWorld("d", ss, w)
		got := countOn(vs, "docusign.envelopes", "completed_date_time") + countOn(vs, "docusign.envelopes", "status_changed_date_time") + countOn(vs, "docusign.recipients", "envelope_id")
		if got != c.want || c.field != "" && countOn(vs, "docusign.envelopes", c.field)+countOn(vs, "docusign.recipients", c.field) == 0 {
			t.Errorf("delivered %s, changed %s, recipient %s: %d violations, want %d on %q (%v)", c.delivered, c.changed, c.recipient, got, c.want, c.field, vs)
		}
	}
}

// TestAgreementCommentsAndReminders: an Adobe Sign cancellation comment is
// on a cancelled agreement, a reminder on one sent out, an active one
// next sent after now (the built-in atom's only_when, refers_to and
// future_when rules).
func TestAgreementCommentsAndReminders(t *testing.T) {
	ss := map[string]*atom.Server{"adobe_sign": builtinServer(t, "adobe_sign")}
	for _, c := range []struct {
		status, comment, next, field string
		want                         int
	}{
		{"OUT_FOR_SIGNATURE", "", "2026-03-20T09:00:00Z", "", 0},
		{"SIGNED", "Sent to the wrong signer.", "", "cancellation_comment", 1},
		{"AUTHORING", "", "2026-03-20T09:00:00Z", "agreement_id", 2}, // a draft reminded, and an active reminder of no agreement out
		{"OUT_FOR_SIGNATURE", "", "2026-03-10T09:00:00Z", "next_sent_date", 1},
	} {
		a := state.Record{"id": "CBJCHBCAABAA1", "name": "Master services agreement", "status": c.status}
		if c.comment != "" {
			a["cancellation_comment"] = c.comment
		}
		colls := []*state.Collection{state.NewCollection("adobe_sign.agreements", "id", []state.Record{a})}
		if c.next != "" {
			colls = append(colls, state.NewCollection("adobe_sign.reminders", "id", []state.Record{{"id": "rm1", "agreement_id": "CBJCHBCAABAA1", "status": "ACTIVE", "next_sent_date": c.next}}))
		}
		vs := CheckWorld("d", ss, state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC), colls...))
		got := countOn(vs, "adobe_sign.agreements", "cancellation_comment") + countOn(vs, "adobe_sign.reminders", "agreement_id") + countOn(vs, "adobe_sign.reminders", "next_sent_date")
		if got != c.want || c.field != "" && countOn(vs, "adobe_sign.agreements", c.field)+countOn(vs, "adobe_sign.reminders", c.field) == 0 {
			t.Errorf("%s, comment %q, reminder next %s: %d violations, want %d on %q (%v)", c.status, c.comment, c.next, got, c.want, c.field, vs)
		}
	}
}

// TestSignatureOfARequest: a Dropbox Sign signature is one signer's part
// of a signature request, so one naming no request is found, and its
// signer is one of the request's (the built-in atom's required and agrees
// rules).
func TestSignatureOfARequest(t *testing.T) {
	ss := map[string]*atom.Server{"dropbox_sign": builtinServer(t, "dropbox_sign")}
	req := state.Record{"signature_request_id": "fa5c8a0b0f4950716", "title": "Renewal", "subject": "Renewal",
		"signer_emails": []any{"rosa.moreau@globexlabs.example"}, "is_declined": false}
	for _, c := range []struct {
		request, signer string
		want            int
	}{
		{"fa5c8a0b0f4950716", "rosa.moreau@globexlabs.example", 0},
		{"", "rosa.moreau@globexlabs.example", 1},
		{"fa5c8a0b0f4950716", "wei.foster@globexlabs.example", 1},
	} {
		s := state.Record{"signature_id": "78caf2a1d01c89783", "signer_email_address": c.signer, "signer_name": "Rosa Moreau", "status_code": "awaiting_signature"}
		if c.request != "" {
			s["signature_request_id"] = c.request
		}
		w := state.NewWorld(time.Date(2026, 4, 15, 9, 0, 0, 0, time.UTC),
			state.NewCollection("dropbox_sign.signature_requests", "signature_request_id", []state.Record{req}),
			state.NewCollection("dropbox_sign.signatures", "signature_id", []state.Record{s}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "dropbox_sign.signatures", "signature_request_id") + countOn(vs, "dropbox_sign.signatures", "signer_email_address"); got != c.want {
			t.Errorf("request %q, signer %s: %d violations, want %d (%v)", c.request, c.signer, got, c.want, vs)
		}
	}
}

// TestSignatureOrderIsItsSignersPlace: a Dropbox Sign signature's order is
// its signer's place, from 0, among its request's signers (signers[].order,
// https://developers.hellosign.com/api/reference/operation/signatureRequestSend/):
// an order past the last signer, or another signer's, is found.
func TestSignatureOrderIsItsSignersPlace(t *testing.T) {
	ss := map[string]*atom.Server{"dropbox_sign": builtinServer(t, "dropbox_sign")}
	req := state.Record{"signature_request_id": "fa5c8a0b0f4950716", "title": "Renewal", "subject": "Renewal",
		"signer_emails": []any{"rosa.moreau@globexlabs.example", "wei.foster@globexlabs.example"}, "is_declined": false}
	for _, c := range []struct {
		signer string
		order  any
		want   int
	}{
		{"rosa.moreau@globexlabs.example", 0, 0},
		{"wei.foster@globexlabs.example", 1, 0},
		{"Wei.Foster@globexlabs.example", 1, 0},
		{"wei.foster@globexlabs.example", 0, 1},
		{"wei.foster@globexlabs.example", 3, 1},
		{"rosa.moreau@globexlabs.example", nil, 0},
	} {
		s := state.Record{"signature_id": "78caf2a1d01c89783", "signature_request_id": "fa5c8a0b0f4950716", "signer_email_address": c.signer,
			"signer_name": "Rosa Moreau", "status_code": "awaiting_signature"}
		if c.order != nil {
			s["order"] = c.order
		}
		w := state.NewWorld(time.Date(2026, 4, 15, 9, 0, 0, 0, time.UTC),
			state.NewCollection("dropbox_sign.signature_requests", "signature_request_id", []state.Record{req}),
			state.NewCollection("dropbox_sign.signatures", "signature_id", []state.Record{s}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "dropbox_sign.signatures", "order"); got != c.want {
			t.Errorf("signer %s, order %v: %d violations on order, want %d (%v)", c.signer, c.order, got, c.want, vs)
		}
	}
}
