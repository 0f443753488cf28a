package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEngagementLoggedOnceItTookPlace: a HubSpot note, call or email is
// logged (created_at) at or after the time it records (timestamp), by the
// built-in atom's before rule gated by the engagement's type; a task's
// timestamp is when it is due and a meeting's when it starts, either of
// which may lie ahead of its logging.
func TestEngagementLoggedOnceItTookPlace(t *testing.T) {
	ss := map[string]*atom.Server{"hubspot": builtinServer(t, "hubspot")}
	for _, c := range []struct {
		typ, created string
		want         int // violations on created_at
	}{
		{"CALL", "2025-11-20T10:00:00Z", 1}, // logged on 11-20, made on 02-05
		{"NOTE", "2025-11-20T10:00:00Z", 1},
		{"EMAIL", "2025-11-20T10:00:00Z", 1},
		{"CALL", "2026-02-05T11:00:00Z", 0},
		{"CALL", "2026-02-05T10:00:00Z", 0}, // logged as it was made
		{"TASK", "2025-11-20T10:00:00Z", 0},
		{"MEETING", "2025-11-20T10:00:00Z", 0},
	} {
		e := state.Record{"id": "331099889", "engagement_type": c.typ, "body": "Spoke with Carmen.", "timestamp": "2026-02-05T10:00:00Z", "created_at": c.created}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC), state.NewCollection("hubspot.engagements", "id", []state.Record{e}))
		if got := countOn(CheckWorld("d", ss, w), "hubspot.engagements", "created_at"); got != c.want {
			t.Errorf("%s created %s: %d violations on created_at, want %d", c.typ, c.created, got, c.want)
		}
	}
}

// TestSignatureSignedOnlyOnceSigned: a Dropbox Sign signature holds
// signed_at exactly when its status_code is signed (the built-in atom's
// lifecycle stamp), and its last reminder is no later than its signing.
func TestSignatureSignedOnlyOnceSigned(t *testing.T) {
	ss := map[string]*atom.Server{"dropbox_sign": builtinServer(t, "dropbox_sign")}
	for _, c := range []struct {
		status, signed, reminded string
		field                    string // the field the violation is on
		want                     int
	}{
		{"awaiting_signature", "2026-02-23T10:00:00Z", "", "signed_at", 1},
		{"declined", "2026-02-23T10:00:00Z", "", "signed_at", 1},
		{"signed", "", "", "signed_at", 1},
		{"signed", "2026-02-23T10:00:00Z", "2026-02-24T10:00:00Z", "signed_at", 1},
		{"signed", "2026-02-23T10:00:00Z", "2026-02-20T10:00:00Z", "signed_at", 0},
		{"awaiting_signature", "", "2026-02-24T10:00:00Z", "signed_at", 0},
	} {
		s := state.Record{"signature_id": "78caf2a1d01c19617", "signer_email_address": "ana.ruiz@acme.example", "signer_name": "Ana Ruiz", "status_code": c.status}
		for f, v := range map[string]string{"signed_at": c.signed, "last_reminded_at": c.reminded} {
			if v != "" {
				s[f] = v
			}
		}
		w := state.NewWorld(time.Date(2026, 3, 13, 9, 0, 0, 0, time.UTC), state.NewCollection("dropbox_sign.signatures", "signature_id", []state.Record{s}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "dropbox_sign.signatures", c.field); got != c.want {
			t.Errorf("%s signed %q reminded %q: %d violations on %s, want %d (%v)", c.status, c.signed, c.reminded, got, c.field, c.want, vs)
		}
	}
}

// countOn counts the violations on a field of a collection.
func countOn(vs []Violation, coll, field string) int {
	n := 0
	for _, v := range vs {
		if v.Collection == coll && v.Field == field {
			n++
		}
	}
	return n
}
