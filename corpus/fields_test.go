package corpus_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// fieldCheck is a rule a field's name sets for the role it declares: the
// fields it applies to, and the problem with one that breaks it ("").
type fieldCheck struct {
	name string
	bad  func(coll string, f string, fd atom.Field) string
}

// fieldChecks say what a field's name promises about its values, so that
// synthesis, which draws values by role, cannot write a street address into
// a recipient field or a document number into a phone number.
var fieldChecks = []fieldCheck{
	{"a phone number is a phone", func(_ string, f string, fd atom.Field) string {
		ws := atom.Words(f)
		phoneish := atom.HasWord(ws, "phone", "phones", "msisdn", "mobile") ||
			(atom.HasWord(ws, "number") && atom.HasWord(ws, "from", "to", "caller", "callee"))
		if phoneish && fd.Type != "boolean" && fd.Role != atom.RolePhone {
			return "names a phone number but has role " + roleName(fd.Role)
		}
		return ""
	}},
	{"a recipient's address is an email", func(_ string, f string, fd atom.Field) string {
		ws := atom.Words(f)
		if atom.HasWord(ws, "address", "addresses") && atom.HasWord(ws, "to", "from", "cc", "bcc", "sender", "recipient", "reply") &&
			fd.Role != atom.RoleEmail && fd.Role != atom.RoleEmails {
			return "names a mail address but has role " + roleName(fd.Role)
		}
		return ""
	}},
	{"a job title is a job title", func(_ string, f string, fd atom.Field) string {
		if ws := atom.Words(f); atom.HasWord(ws, "job") && atom.HasWord(ws, "title") && fd.Role != atom.RoleJobTitle {
			return "names a job title but has role " + roleName(fd.Role)
		}
		return ""
	}},
	{"a time kept as an integer says its epoch", func(_ string, f string, fd atom.Field) string {
		ws := atom.Words(f)
		last := ws[len(ws)-1]
		if fd.Type == "integer" && (last == "at" || last == "date" || last == "timestamp") && fd.Role != atom.RoleData && !strings.Contains(fd.Description, "since epoch") {
			return "is a time kept as an integer, and its description does not say since what epoch (milliseconds or seconds since epoch)"
		}
		return ""
	}},
	{"a path under an owner is a slug", func(coll string, f string, fd atom.Field) string {
		// GitHub's repositories.full_name is owner/name, GitLab's
		// path_with_namespace the same: a path, not a person's name.
		people := atom.HasWord(atom.Words(coll), "users", "members", "people", "contacts", "leads", "profiles", "persons", "employees", "candidates")
		if atom.Qualified(atom.Words(f)) && !people && fd.Role != "" && fd.Role != atom.RoleSlug {
			return "names a path under its owner but has role " + roleName(fd.Role)
		}
		return ""
	}},
	{"a thing's display name is not a person's", func(coll string, f string, fd atom.Field) string {
		things := []string{"channels", "teams", "folders", "mailboxes", "labels", "rooms", "spaces", "sites", "lists", "tags", "boards", "workspaces", "categories", "departments"}
		people := []string{"owner", "user", "creator", "author", "manager", "member", "organizer", "sender", "by"}
		ws := atom.Words(f)
		if atom.HasWord(atom.Words(coll), things...) && atom.HasWord(ws, "name", "title") && !atom.HasWord(ws, people...) && fd.Role == atom.RolePersonName {
			return "names a " + coll + " record, not a person"
		}
		return ""
	}},
}

func roleName(r string) string {
	if r == "" {
		return "none"
	}
	return r
}

// TestFieldRolesFitTheirNames holds every built-in collection field to what
// its name promises (fieldChecks).
func TestFieldRolesFitTheirNames(t *testing.T) {
	_, servers := loadServers(t)
	checked := 0
	for _, s := range servers {
		for _, c := range s.Collections {
			for _, f := range slices.Sorted(maps.Keys(c.Fields)) {
				for _, fc := range fieldChecks {
					checked++
					if msg := fc.bad(c.Name, f, c.Fields[f]); msg != "" {
						t.Errorf("%s.%s.%s: %s (%s)", s.ID, c.Name, f, msg, fc.name)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no field checked")
	}
}

// TestUnreadWithinTotal: a collection that counts unread items beside a
// total declares that the unread count is at most the total, so that no
// mailbox holds more unread mail than mail.
func TestUnreadWithinTotal(t *testing.T) {
	_, servers := loadServers(t)
	for _, s := range servers {
		for _, c := range s.Collections {
			var unread, total string
			for f, fd := range c.Fields {
				ws := atom.Words(f)
				switch {
				case fd.Type != "integer" && fd.Type != "number":
				case atom.HasWord(ws, "unread"):
					unread = f
				case atom.HasWord(ws, "total"):
					total = f
				}
			}
			if unread == "" || total == "" {
				continue
			}
			ok := false
			for _, inv := range c.Invariants {
				ok = ok || (inv.Rule == "lte" && strings.Join(inv.Fields, ",") == unread+","+total)
			}
			if !ok {
				t.Errorf("%s.%s: %s beside %s, and no {rule: lte, fields: [%s, %s]}", s.ID, c.Name, unread, total, unread, total)
			}
		}
	}
}

// TestClicksAndReachWithinImpressions: an ad report that counts clicks or
// reach beside impressions declares each at most the impressions, as
// every ads product counts them (a click and a person reached are on an
// impression shown).
func TestClicksAndReachWithinImpressions(t *testing.T) {
	_, servers := loadServers(t)
	checked := 0
	for _, s := range servers {
		for _, c := range s.Collections {
			var parts []string
			impressions := ""
			for f, fd := range c.Fields {
				ws := atom.Words(f)
				switch {
				case fd.Type != "integer" && fd.Type != "number":
				case atom.HasWord(ws, "impressions"):
					impressions = f
				case atom.HasWord(ws, "clicks", "reach"):
					parts = append(parts, f)
				}
			}
			if impressions == "" {
				continue
			}
			for _, p := range parts {
				checked++
				ok := false
				for _, inv := range c.Invariants {
					ok = ok || (inv.Rule == "lte" && strings.Join(inv.Fields, ",") == p+","+impressions)
				}
				if !ok {
					t.Errorf("%s.%s: %s beside %s, and no {rule: lte, fields: [%s, %s]}", s.ID, c.Name, p, impressions, p, impressions)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no clicks or reach beside impressions")
	}
}

// TestDisplayIDsUnique: the number a help desk shows for a ticket
// (HappyFox's display_id, "#1042") names one ticket; a collection that
// keeps one beside its key declares it unique, so that no two tickets
// (a look-alike and its original) show the same number.
func TestDisplayIDsUnique(t *testing.T) {
	_, servers := loadServers(t)
	checked := 0
	for _, s := range servers {
		for _, c := range s.Collections {
			if _, ok := c.Fields["display_id"]; !ok || c.KeyField() == "display_id" {
				continue
			}
			checked++
			ok := false
			for _, inv := range c.Invariants {
				ok = ok || (inv.Rule == "unique" && inv.Fields[0] == "display_id")
			}
			if !ok {
				t.Errorf("%s.%s: display_id beside the key %s, and no {rule: unique, fields: [display_id]}", s.ID, c.Name, c.KeyField())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no display_id beside a key")
	}
}

// partyCollections are the collections in which apps keep the person or
// business a contact_id or customer_id names: Copper's primary contact is
// one of its people, a Zoho Books customer one of its contacts.
var partyCollections = map[string][]string{
	"contact":  {"people", "persons"},
	"customer": {"contacts", "clients"},
	"client":   {"contacts"},
}

// TestIDsOfCollectionsAreRefs: a field named for a collection of its own
// app (Attio's company_record_id beside its companies) is a reference to
// it, so that synthesis draws the key of a record the world holds, not an
// outside id no record has. Xero's bills keep their own InvoiceID (a bill
// is an ACCPAY invoice), not a sales invoice's.
func TestIDsOfCollectionsAreRefs(t *testing.T) {
	_, servers := loadServers(t)
	own := map[string]bool{"xero.bills.invoice_id": true}
	checked := 0
	for _, s := range servers {
		for _, c := range s.Collections {
			for f, fd := range c.Fields {
				if fd.Role != atom.RoleID || f == c.KeyField() || own[s.AppName()+"."+c.Name+"."+f] {
					continue
				}
				var ws []string
				for _, w := range atom.Words(f) {
					if !atom.HasWord([]string{w}, "id", "ids", "record", "key") {
						ws = append(ws, w)
					}
				}
				if len(ws) == 0 {
					continue
				}
				checked++
				stem := ws[len(ws)-1]
				if glued := strings.TrimSuffix(stem, "id"); glued != stem && len(glued) > 2 {
					stem = glued // Dynamics 365's parentcontactid, FreshBooks' customerid
				}
				for _, coll := range append([]string{stem + "s", stem + "es", strings.TrimSuffix(stem, "y") + "ies"}, partyCollections[stem]...) {
					if coll != c.Name && s.Collection(coll) != nil {
						t.Errorf("%s.%s.%s is named for %s but has role id, not ref %s", s.ID, c.Name, f, coll, coll)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no id field read")
	}
}
