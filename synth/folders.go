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
	return cm.app != nil && cm.app.family == "email" && hasWord(atom.Words(cm.name), "mailboxes", "mailbox", "folders", "labels", "inboxes")
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
// first folder of a purpose is called by it, unless one already is, and
// a later one of the same purpose keeps its own name, so no two folders
// share one. Where the purpose's field has a default (Zoho Mail's folder
// type, Custom for the folders a user makes), that later folder takes it,
// and a name of the folders people make where it was called by the
// purpose: a folder called Invoices is no second Sent.
func nameSystemFolders(cm *collModel, recs []map[string]any) {
	if !cm.mailFolders() || cm.display == "" {
		return
	}
	taken, names, firsts := map[string]bool{}, map[string]bool{}, map[int]bool{}
	for i, rec := range recs {
		names[state.Text(rec[cm.display])] = true
		if p, ok := folderPurpose(cm, rec); ok && strings.EqualFold(state.Text(rec[cm.display]), p) && !taken[p] {
			taken[p], firsts[i] = true, true
		}
	}
	for i, rec := range recs {
		p, ok := folderPurpose(cm, rec)
		switch {
		case !ok || firsts[i]:
		case !taken[p]:
			taken[p] = true
			rec[cm.display] = strings.ToUpper(p[:1]) + p[1:]
		default:
			userFolder(cm, rec, p, names)
		}
	}
}

// userFolder makes rec, a later folder of the purpose p, a folder the user
// made, where the purpose's field has a default: the field takes it, and
// a folder called by the purpose takes a name of folderNames no folder of
// names holds.
func userFolder(cm *collModel, rec map[string]any, p string, names map[string]bool) {
	for _, e := range cm.enums {
		d := cm.field(e.name).Default
		if d == nil || !strings.EqualFold(state.Text(rec[e.name]), p) {
			continue
		}
		rec[e.name] = d
		if !strings.EqualFold(state.Text(rec[cm.display]), p) {
			return
		}
		for _, n := range folderNames {
			if !names[n] {
				names[n], rec[cm.display] = true, n
				return
			}
		}
	}
}

// folderPurpose is the purpose rec's folder is kept for, lower-cased: the
// first of its enum values that is one of systemFolders.
func folderPurpose(cm *collModel, rec map[string]any) (string, bool) {
	for _, e := range cm.enums {
		if w := strings.ToLower(state.Text(rec[e.name])); slices.Contains(systemFolders, w) {
			return w, true
		}
	}
	return "", false
}
