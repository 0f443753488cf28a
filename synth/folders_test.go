package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestZohoFoldersOfTheirNames: a Zoho Mail folder drawn with a system
// type and another name (the atom's only_when rules) is named by its
// type; a name a task sets stays and the type moves to Custom, the
// type's default, and a type a task sets stays and the folder takes its
// name. Of the folders of one purpose, the first is the system folder and
// a later one is a user's folder, Custom, under a name of its own.
func TestZohoFoldersOfTheirNames(t *testing.T) {
	cm := newAppModel(builtinServers(t).ServerFor("zoho_mail"), nil).byName["folders"]
	for _, c := range []struct {
		name, typ          string
		set                map[string]any
		wantName, wantType string
	}{
		{"Orders", "Inbox", nil, "Inbox", "Inbox"},
		{"Sent", "Inbox", nil, "Inbox", "Inbox"},
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
	recs := []map[string]any{
		{"folderName": "Invoices", "folderType": "Sent"},
		{"folderName": "Sent", "folderType": "Sent"},
		{"folderName": "Sent", "folderType": "Sent"},
		{"folderName": "Orders", "folderType": "Inbox"},
		{"folderName": "Receipts", "folderType": "Custom"},
	}
	nameSystemFolders(cm, recs)
	want := []string{"Invoices/Custom", "Sent/Sent", "Newsletters/Custom", "Inbox/Inbox", "Receipts/Custom"}
	for i, r := range recs {
		if got := state.Text(r["folderName"]) + "/" + state.Text(r["folderType"]); got != want[i] {
			t.Errorf("folder %d: %s, want %s", i, got, want[i])
		}
	}
}

// TestMailFoldersAndChatSendersAsTheProducts: over the data drawn for
// Zoho Mail and Google Chat, coherence finds no system folder named
// otherwise (only_when) and no message by a member only invited to its
// space (granted by named).
func TestMailFoldersAndChatSendersAsTheProducts(t *testing.T) {
	apps := []string{"zoho_mail", "google_chat", "copper"}
	c := synthApps(t, 3, apps...)
	servers := map[string]*atom.Server{}
	for _, app := range apps {
		servers[app] = builtinServers(t).ServerFor(app).MustServer()
	}
	folders, messages := 0, 0
	for _, d := range c.Data {
		folders += len(d.Records["zoho_mail"]["folders"])
		messages += len(d.Records["google_chat"]["messages"])
		for _, v := range checkData(t, d, servers) {
			if v.Collection == "zoho_mail.folders" || v.Collection == "google_chat.messages" && v.Field == "sender" {
				t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
			}
		}
	}
	t.Logf("%d folders, %d chat messages in %d data atoms", folders, messages, len(c.Data))
	if folders < 10 || messages < 10 {
		t.Fatalf("drew %d folders and %d chat messages", folders, messages)
	}
}
