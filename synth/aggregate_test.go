package synth

import (
	"slices"

	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestFlagsAndCountsOfTheirRecords: the Stripe and Pipedrive data drawn
// keep the rules over amounts and records the atoms declare: a charge is
// refunded exactly when it is refunded in full, and an organization's
// people_count is the number of its persons. Both sides of the flag and
// organizations with persons are drawn, so the rules are met, not
// skirted.
func TestFlagsAndCountsOfTheirRecords(t *testing.T) {
	c, servers := readWorld(t, 53, "stripe", "pipedrive")
	seen := map[string]int{}
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
			t.Errorf("%s", v)
		}
		for _, ch := range d.Records["stripe"]["charges"] {
			if b, ok := ch["refunded"].(bool); ok {
				seen["refunded "+boolWord(b)]++
			}
		}
		for _, o := range d.Records["pipedrive"]["organizations"] {
			if n, ok := state.Number(o["people_count"]); ok && n > 0 {
				seen["organization with persons"]++
			}
		}
	}
	t.Logf("drawn: %v", seen)
	for _, w := range []string{"refunded yes", "refunded no", "organization with persons"} {
		if seen[w] == 0 {
			t.Errorf("no record drawn with %s (drawn: %v)", w, seen)
		}
	}
}

// TestReachesKeepsATasksFlag: a charge's refunded flag follows its
// amounts, but a flag a task sets stays and the amount refunded moves to
// agree with it; where a task sets both, its values stand.
func TestReachesKeepsATasksFlag(t *testing.T) {
	inv := atom.Invariant{Rule: "reaches", Fields: []string{"refunded", "amount_refunded", "amount"}}
	for _, tc := range []struct {
		rec      map[string]any
		set      map[string]any
		flag     bool
		refunded float64
	}{
		{map[string]any{"amount": 500, "amount_refunded": 500, "refunded": false}, nil, true, 500},
		{map[string]any{"amount": 500, "amount_refunded": 200, "refunded": true}, nil, false, 200},
		{map[string]any{"amount": 500, "amount_refunded": 500, "refunded": false}, map[string]any{"refunded": false}, false, 0},
		{map[string]any{"amount": 500, "amount_refunded": 200, "refunded": true}, map[string]any{"refunded": true}, true, 500},
		{map[string]any{"amount": 500, "amount_refunded": 200, "refunded": true}, map[string]any{"refunded": true, "amount_refunded": 200}, true, 200},
	} {
		conformReaches(inv, tc.rec, tc.set)
		got, _ := tc.rec["amount_refunded"].(int)
		if tc.rec["refunded"] != tc.flag || float64(got) != tc.refunded {
			t.Errorf("set %v: refunded %v, amount_refunded %v; want %v, %v", tc.set, tc.rec["refunded"], tc.rec["amount_refunded"], tc.flag, tc.refunded)
		}
	}
}

// TestMailboxCountsOfTheirEmails: a Fastmail mailbox's totalEmails is the
// number of emails whose mailboxIds hold it and its unreadEmails those of
// them with neither $seen nor $draft, as RFC 8621 defines them, in every
// world drawn; mailboxes holding unread mail are drawn, so the rules are
// met, not skirted.
func TestMailboxCountsOfTheirEmails(t *testing.T) {
	c, servers := readWorld(t, 64, "fastmail")
	seen := map[string]int{}
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
			t.Errorf("%s", v)
		}
		held, unread := map[string]int{}, map[string]int{}
		for _, e := range d.Records["fastmail"]["emails"] {
			kw := atom.ReferenceKeys(e["keywords"])
			for _, m := range atom.ReferenceKeys(e["mailboxIds"]) {
				held[m]++
				if !slices.Contains(kw, "$seen") && !slices.Contains(kw, "$draft") {
					unread[m]++
				}
			}
		}
		for _, m := range d.Records["fastmail"]["mailboxes"] {
			k := state.Text(m["id"])
			total, _ := state.Number(m["totalEmails"])
			un, _ := state.Number(m["unreadEmails"])
			if int(total) != held[k] || int(un) != unread[k] {
				t.Errorf("%s: mailbox %s counts %v emails, %v unread; it holds %d, %d unread", d.ID, k, m["totalEmails"], m["unreadEmails"], held[k], unread[k])
			}
			if un > 0 {
				seen["mailbox with unread mail"]++
			}
		}
	}
	t.Logf("drawn: %v", seen)
	if seen["mailbox with unread mail"] == 0 {
		t.Errorf("no mailbox drawn with unread mail")
	}
}

// TestSheetRowsNumberedWithinTheirCount: a Smartsheet sheet's
// totalRowCount is the number of its rows, and its rows are numbered once
// each from 1 to it, in every world drawn.
func TestSheetRowsNumberedWithinTheirCount(t *testing.T) {
	c, servers := readWorld(t, 64, "smartsheet", "front")
	numbered := 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
			t.Errorf("%s", v)
		}
		rows := map[string][]int{}
		for _, r := range d.Records["smartsheet"]["rows"] {
			if n, ok := state.Number(r["rowNumber"]); ok {
				rows[state.Text(r["sheetId"])] = append(rows[state.Text(r["sheetId"])], int(n))
				numbered++
			}
		}
		for _, s := range d.Records["smartsheet"]["sheets"] {
			k := state.Text(s["id"])
			total, ok := state.Number(s["totalRowCount"])
			slices.Sort(rows[k])
			if !ok || len(slices.Compact(rows[k])) != len(rows[k]) || len(rows[k]) > 0 && (rows[k][0] < 1 || rows[k][len(rows[k])-1] > int(total)) {
				t.Errorf("%s: sheet %s counts %v rows; its rows are numbered %v", d.ID, k, s["totalRowCount"], rows[k])
			}
		}
	}
	if numbered == 0 {
		t.Errorf("no numbered row drawn")
	}
}
