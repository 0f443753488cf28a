package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestCopiesAgreeWithTheirReference synthesises apps whose records keep a
// copy of a field of the record a reference names, or name in their title
// the company of a contact they name: a Copper opportunity's company is
// its primary contact's, a Zendesk or Zoho Desk ticket's
// organisation its requester's, a Teams channel message's team its
// channel's. The coherence check finds none that disagrees.
func TestCopiesAgreeWithTheirReference(t *testing.T) {
	c, servers := readWorld(t, 41, "copper", "microsoft_teams", "zendesk", "zoho_desk", "salesforce", "pipedrive", "jira")
	bad, copies := 0, 0
	for _, d := range c.Data {
		copies += countWhere(d, servers, func(def *atom.Collection) bool {
			return slices.ContainsFunc(def.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "agrees" })
		})
		bad += reportEach(t, violationsOf(d, servers, coherence.RuleInvariant, "does not agree"), bad)
		bad += reportEach(t, violationsOf(d, servers, coherence.RuleRef, "names the company"), bad)
	}
	if copies < 30 || bad > 0 {
		t.Errorf("%d records disagree with their reference among %d records keeping a copy", bad, copies)
	}
}

// TestReferencesNameRecords synthesises the apps a reader found with
// references to nothing (Salesforce's WhatId and WhoId, a task's
// assignee, a user's manager; a Zoho Books bill's vendor; Zoom
// participants and recordings of no meeting) and the apps whose values were outside their
// product's vocabulary (Google Ads channel types, Zendesk and Zoho Desk
// channels, Zoom meeting types): every reference names a record and every
// value is the product's.
func TestReferencesNameRecords(t *testing.T) {
	c, servers := readWorld(t, 43, "salesforce", "zoho_books", "zoom", "google_ads", "zendesk", "zoho_desk")
	refs, children := 0, 0
	for _, d := range c.Data {
		for _, name := range []string{"participants", "recordings"} {
			for _, rec := range d.Records["zoom"][name] {
				if children++; !atom.IsSet(rec["meeting_id"]) {
					t.Errorf("%s: zoom %s %v is of no meeting", d.ID, name, rec["id"])
				}
			}
		}
		refs += countWhere(d, servers, func(def *atom.Collection) bool {
			return def.Fields["what_id"].Ref != "" || def.Fields["vendor_id"].Ref != ""
		})
		for _, rule := range []string{coherence.RuleRef, coherence.RuleEnum} {
			for _, v := range violationsOf(d, servers, rule, "") {
				t.Errorf("%s", v)
			}
		}
	}
	if refs < 10 || children < 10 {
		t.Errorf("%d records of the collections with newly declared references and %d Zoom participants and recordings, want more", refs, children)
	}
}

// reportEach reports the first violations of vs, while fewer than five
// were reported before (shown), and returns how many there are.
func reportEach(t *testing.T, vs []coherence.Violation, shown int) int {
	t.Helper()
	for i, v := range vs {
		if shown+i < 5 {
			t.Errorf("%s", v)
		}
	}
	return len(vs)
}

// TestChainedCopiesAgree: a table keeps its worksheet's workbook where the
// worksheet is named by other tables too (a worksheet two tables are on
// stays in its workbook), and a ticket whose subject names a company is
// that company's account's.
func TestChainedCopiesAgree(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "microsoft_excel", "pipedrive", "zoho_desk", "box")
		bad := 0
		for _, d := range c.Data {
			bad += reportEach(t, violationsOf(d, servers, coherence.RuleInvariant, "does not agree"), bad)
			bad += reportEach(t, violationsOf(d, servers, coherence.RuleRef, "names the company"), bad)
		}
	}
}
