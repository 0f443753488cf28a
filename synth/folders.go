package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A mail app's folders, mailboxes and labels are named as people name
// them: the ones the product keeps for a purpose by that purpose (a
// mailbox whose JMAP role is "sent" is Sent), the others by what is
// filed in them (Receipts) or whom (a client's name), never like a
// record's subject ("Rollout review for Quantum Inc").

// systemFolders are the purposes a mail product keeps a folder for (JMAP
// mailbox roles, Zoho's folder types).
var systemFolders = []string{"inbox", "sent", "drafts", "archive", "junk", "spam", "trash", "outbox", "templates"}

// folderNames are what people call the folders they make.
var folderNames = []string{"Receipts", "Newsletters", "Travel", "Projects", "Invoices", "Clients", "Vendors", "Team",
	"Follow up", "Recruiting", "Contracts", "Reports", "Events", "Orders", "Partners", "Legal"}

// mailFolders reports whether cm holds the folders of a mail app: its
// mailboxes, folders or labels.
func (cm *collModel) mailFolders() bool {
	return cm.app.family == "email" && hasWord(atom.Words(cm.name), "mailboxes", "mailbox", "folders", "labels", "inboxes")
}

// folderName draws the name of a folder people made: what is filed in
// it, or the company whose mail it holds.
func (v *valuer) folderName(r row) string {
	if v.rng.IntN(2) == 0 {
		return r.c.Name
	}
	return pick(v.rng, folderNames)
}

// nameSystemFolders names each folder the product keeps for a purpose
// (an enum value of the record that is one of systemFolders) by that
// purpose, once every record's purpose is settled (unique roles): the
// first folder of a purpose is called by it, and a later one of the same
// purpose keeps its own name, so no two folders share one.
func nameSystemFolders(cm *collModel, recs []map[string]any) {
	if !cm.mailFolders() || cm.display == "" {
		return
	}
	taken := map[string]bool{}
	for _, rec := range recs {
		for _, e := range cm.enums {
			w := strings.ToLower(state.Text(rec[e.name]))
			if !slices.Contains(systemFolders, w) || taken[w] {
				continue
			}
			taken[w] = true
			rec[cm.display] = strings.ToUpper(w[:1]) + w[1:]
			break
		}
	}
}
