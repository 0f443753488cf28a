package synth

import (
	"testing"
)

// TestZohoFoldersOfTheirNames: a Zoho Mail folder drawn with a system
// type and another name (the atom's only_when rules) becomes a user's
// folder, Custom, the type's default, or the system folder its name is;
// a name a task sets stays and the type moves, and a type a task sets
// stays and the folder takes its name.
func TestZohoFoldersOfTheirNames(t *testing.T) {
	cm := newAppModel(builtinServers(t).ServerFor("zoho_mail"), nil).byName["folders"]
	for _, c := range []struct {
		name, typ          string
		set                map[string]any
		wantName, wantType string
	}{
		{"Orders", "Inbox", nil, "Orders", "Custom"},
		{"Sent", "Inbox", nil, "Sent", "Sent"},
		{"Inbox", "Inbox", nil, "Inbox", "Inbox"},
		{"Clients", "Custom", nil, "Clients", "Custom"},
		{"Invoices", "Sent", map[string]any{"folderName": "Invoices"}, "Invoices", "Custom"},
		{"Invoices", "Sent", map[string]any{"folderType": "Sent"}, "Sent", "Sent"},
	} {
		rec := map[string]any{"folderId": "9902101", "folderName": c.name, "folderType": c.typ}
		gateByState(cm, rec, false, c.set)
		if rec["folderName"] != c.wantName || rec["folderType"] != c.wantType {
			t.Errorf("%s of type %s (set %v): %v of type %v, want %s of type %s", c.name, c.typ, c.set, rec["folderName"], rec["folderType"], c.wantName, c.wantType)
		}
	}
}
