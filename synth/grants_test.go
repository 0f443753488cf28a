package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestGrantsNameTheirGrantee: a Drive or Docs permission holds an address
// only when it is granted to a user or a group (the only_when rule the
// atoms declare); a grant to a domain or to anyone names nobody.
func TestGrantsNameTheirGrantee(t *testing.T) {
	c := synthApps(t, 3, "google_docs", "google_drive")
	grants, off := 0, 0
	for _, d := range c.Data {
		for _, app := range []string{"google_docs", "google_drive"} {
			for _, rec := range d.Records[app]["permissions"] {
				grants++
				if kind := rec["type"]; rec["email_address"] != nil && kind != "user" && kind != "group" {
					off++
					t.Errorf("%s: %s permission of type %v holds the address %v", d.ID, app, kind, rec["email_address"])
				}
			}
		}
	}
	if grants < 10 || off > 0 {
		t.Fatalf("%d of %d grants name an address they cannot hold", off, grants)
	}
}

// TestGrantKeepsTheAddressATaskSets: where a task sets a grant's address,
// the grant becomes one to a user rather than losing the address.
func TestGrantKeepsTheAddressATaskSets(t *testing.T) {
	inv := atom.Invariant{Rule: "only_when", Fields: []string{"email_address", "type"}, In: []string{"user", "group"}}
	cm := &collModel{display: "name", c: &atom.Collection{Fields: map[string]atom.Field{"type": {Type: "string"}}}}
	rec := map[string]any{"email_address": "ana@acme.example", "type": "anyone"}
	conformOnlyWhen(cm, inv, rec, false, map[string]any{"email_address": "ana@acme.example"})
	if rec["email_address"] != "ana@acme.example" || rec["type"] != "user" {
		t.Errorf("a task's grant became %v", rec)
	}
	rec = map[string]any{"email_address": "ana@acme.example", "type": "anyone"}
	conformOnlyWhen(cm, inv, rec, false, nil)
	if rec["email_address"] != nil || rec["type"] != "anyone" {
		t.Errorf("a background grant to anyone became %v", rec)
	}
}

// TestDirectMessagesHaveNoPurpose: a Mattermost direct or group message
// channel holds no display name or purpose (the only_when rules its atom
// declares), text written last included.
func TestDirectMessagesHaveNoPurpose(t *testing.T) {
	c := synthApps(t, 2, "mattermost", "confluence", "wrike")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["mattermost"]["channels"] {
			n++
			if kind := rec["type"]; (kind == "D" || kind == "G") && (rec["display_name"] != nil || rec["purpose"] != nil) {
				t.Errorf("%s: %v channel with a name or purpose: %v", d.ID, kind, rec)
			}
		}
	}
	if n < 20 {
		t.Fatalf("drew %d channels", n)
	}
}

// TestGatedValueATaskSetsTurnsItsFlagOn: a value a task sets behind a
// flag (an online meeting's URL) turns the flag on, as a flag, not text.
func TestGatedValueATaskSetsTurnsItsFlagOn(t *testing.T) {
	inv := atom.Invariant{Rule: "only_when", Fields: []string{"onlineMeetingUrl", "isOnlineMeeting"}, In: []string{"true"}}
	cm := &collModel{c: &atom.Collection{Fields: map[string]atom.Field{"isOnlineMeeting": {Type: "boolean"}}}}
	rec := map[string]any{"onlineMeetingUrl": "https://teams.example/m/1", "isOnlineMeeting": false}
	conformOnlyWhen(cm, inv, rec, false, map[string]any{"onlineMeetingUrl": "https://teams.example/m/1"})
	if rec["isOnlineMeeting"] != true {
		t.Errorf("the flag became %#v", rec["isOnlineMeeting"])
	}
}
