package synth

import "testing"

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
