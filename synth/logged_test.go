package synth

import (
	"slices"
	"strconv"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestActivitiesLoggedOnceDone synthesises HubSpot and Dropbox Sign: a
// HubSpot note, call or email is logged (created_at) no earlier than it
// took place (timestamp), while a task or a meeting may lie ahead of its
// logging; a Dropbox Sign signature holds signed_at exactly when it is
// signed, and was last reminded no later than it was signed. Coherence
// finds no violation over these worlds.
func TestActivitiesLoggedOnceDone(t *testing.T) {
	var logged, ahead, signed, bad, atoms int
	for seed := int64(59); seed < 65; seed++ {
		bad += loggedOnceDone(t, seed, &logged, &ahead, &signed)
		atoms += 9
	}
	t.Logf("%d logged engagements, %d tasks or meetings ahead of their logging, %d signed signatures over %d data atoms", logged, ahead, signed, atoms)
	if logged < 10 || signed < 3 {
		t.Errorf("drawn %d logged engagements, %d signed signatures; want more", logged, signed)
	}
	if bad > 0 {
		t.Errorf("%d violations", bad)
	}
}

// loggedOnceDone synthesises HubSpot and Dropbox Sign by seed, counts what
// TestActivitiesLoggedOnceDone reads and returns the violations it finds.
func loggedOnceDone(t *testing.T, seed int64, logged, ahead, signed *int) int {
	c, servers := readWorld(t, seed, "hubspot", "dropbox_sign")
	bad := 0
	for _, d := range c.Data {
		for _, e := range d.Records["hubspot"]["engagements"] {
			at, aok := atom.Time(e["timestamp"])
			made, mok := atom.Time(e["created_at"])
			switch typ := state.Text(e["engagement_type"]); {
			case !aok || !mok:
			case typ == "NOTE" || typ == "CALL" || typ == "EMAIL":
				*logged++
				if at.After(made) {
					if bad++; bad <= 10 {
						t.Errorf("%s: %s %v logged %v, before it took place %v", d.ID, typ, e["id"], e["created_at"], e["timestamp"])
					}
				}
			case at.After(made):
				*ahead++
			}
		}
		for _, s := range d.Records["dropbox_sign"]["signatures"] {
			at, sok := atom.Time(s["signed_at"])
			if sok != (s["status_code"] == "signed") {
				if bad++; bad <= 10 {
					t.Errorf("%s: signature %v is %v with signed_at %v", d.ID, s["signature_id"], s["status_code"], s["signed_at"])
				}
			}
			if rem, ok := atom.Time(s["last_reminded_at"]); ok && sok && rem.After(at) {
				if bad++; bad <= 10 {
					t.Errorf("%s: signature %v reminded %v after it was signed %v", d.ID, s["signature_id"], s["last_reminded_at"], s["signed_at"])
				}
			}
			if sok {
				*signed++
			}
		}
		for _, v := range checkData(t, d, servers) {
			if bad++; bad <= 20 {
				t.Errorf("%s", v)
			}
		}
	}
	return bad
}

// TestSignaturesOfARequest synthesises Dropbox Sign beside the apps its
// compositions pair it with: every signature names a request the world
// holds, its signer is one of that request's signers, and its order is
// that signer's place among them, from 0.
func TestSignaturesOfARequest(t *testing.T) {
	sigs, ordered := 0, 0
	for seed := int64(61); seed < 64; seed++ {
		c, _ := readWorld(t, seed, "statuspage", "lever", "dropbox_sign")
		for _, d := range c.Data {
			signers := map[string][]any{}
			for _, r := range d.Records["dropbox_sign"]["signature_requests"] {
				l, _ := r["signer_emails"].([]any)
				signers[state.Text(r["signature_request_id"])] = l
			}
			for _, s := range d.Records["dropbox_sign"]["signatures"] {
				sigs++
				l, ok := signers[state.Text(s["signature_request_id"])]
				if !ok || !slices.Contains(l, s["signer_email_address"]) {
					t.Errorf("%s: signature %v of request %v by %v, not one of its signers %v", d.ID, s["signature_id"], s["signature_request_id"], s["signer_email_address"], l)
				}
				if at := slices.Index(l, s["signer_email_address"]); at >= 0 && s["order"] != nil && state.Text(s["order"]) != strconv.Itoa(at) {
					t.Errorf("%s: signature %v of request %v by signer %d of %v has order %v", d.ID, s["signature_id"], s["signature_request_id"], at, l, s["order"])
				}
				if s["order"] != nil {
					ordered++
				}
			}
		}
	}
	if sigs < 5 || ordered == 0 {
		t.Errorf("drawn %d signatures, %d with an order; want more", sigs, ordered)
	}
}
