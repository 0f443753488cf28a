package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEnvelopesStampedInOrder synthesises DocuSign: every envelope has a
// status, its stamps follow one another (sent, delivered, completed) and
// its status changed no earlier than any of them, and a recipient who
// declined is on a declined envelope. Coherence finds no violation.
func TestEnvelopesStampedInOrder(t *testing.T) {
	order := [][2]string{{"sent_date_time", "delivered_date_time"}, {"delivered_date_time", "completed_date_time"},
		{"completed_date_time", "status_changed_date_time"}, {"delivered_date_time", "status_changed_date_time"}}
	envelopes, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, servers := readWorld(t, seed, "docusign")
		for _, d := range c.Data {
			status := map[string]any{}
			for _, e := range d.Records["docusign"]["envelopes"] {
				envelopes++
				status[state.Text(e["id"])] = e["status"]
				for _, p := range order {
					a, aok := atom.Time(e[p[0]])
					b, bok := atom.Time(e[p[1]])
					if e["status"] == nil || aok && bok && b.Before(a) {
						if bad++; bad <= 10 {
							t.Errorf("%s: envelope %v %v: %s %v after %s %v", d.ID, e["id"], e["status"], p[0], e[p[0]], p[1], e[p[1]])
						}
					}
				}
			}
			for _, r := range d.Records["docusign"]["recipients"] {
				if st, ok := status[state.Text(r["envelope_id"])]; ok && r["status"] == "declined" && st != "declined" {
					if bad++; bad <= 10 {
						t.Errorf("%s: recipient %v declined on an envelope %v", d.ID, r["id"], st)
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d envelopes", envelopes)
	if envelopes < 10 {
		t.Errorf("drawn %d envelopes; want more", envelopes)
	}
	if bad > 0 {
		t.Errorf("%d bad", bad)
	}
}

// TestAgreementsAsSent synthesises Adobe Sign: a cancellation comment is
// on a cancelled agreement, an e-signature or a reminder on one sent out,
// an active reminder on one still out and next sent after the clock.
// Coherence finds no violation.
func TestAgreementsAsSent(t *testing.T) {
	drafts := []any{"DRAFT", "AUTHORING"}
	agreements, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, servers := readWorld(t, seed, "adobe_sign")
		for _, d := range c.Data {
			status := map[string]any{}
			for _, a := range d.Records["adobe_sign"]["agreements"] {
				agreements++
				status[state.Text(a["id"])] = a["status"]
				if atom.IsSet(a["cancellation_comment"]) && a["status"] != "CANCELLED" {
					if bad++; bad <= 10 {
						t.Errorf("%s: agreement %v %v with a cancellation comment", d.ID, a["id"], a["status"])
					}
				}
			}
			for _, e := range d.Records["adobe_sign"]["events"] {
				if st, ok := status[state.Text(e["agreement_id"])]; ok && e["type"] == "ESIGNED" && slices.Contains(drafts, st) {
					if bad++; bad <= 10 {
						t.Errorf("%s: event %v signs an agreement %v", d.ID, e["id"], st)
					}
				}
			}
			for _, r := range d.Records["adobe_sign"]["reminders"] {
				if st := status[state.Text(r["agreement_id"])]; slices.Contains(drafts, st) || r["status"] == "ACTIVE" && st != "OUT_FOR_SIGNATURE" && st != "OUT_FOR_APPROVAL" {
					if bad++; bad <= 10 {
						t.Errorf("%s: reminder %v %v of an agreement %v", d.ID, r["id"], r["status"], st)
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d agreements", agreements)
	if agreements < 10 {
		t.Errorf("drawn %d agreements; want more", agreements)
	}
	if bad > 0 {
		t.Errorf("%d bad", bad)
	}
}
