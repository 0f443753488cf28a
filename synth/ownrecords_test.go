package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestRecordsOfTheirOwnKind: the worlds of Sage Accounting, Recruitee,
// Instagram and LinkedIn keep their products' rules. A bank or ledger
// account and an opening are named for what they are, never for a
// company; a purchase invoice is a supplier's and a sales invoice a
// customer's; a candidate is placed once on an offer; a comment is on
// published media, after it was published; a LinkedIn connection shows
// its member's name and address, no invitation, message or mutual
// connection points a member at itself, a company was founded in a
// calendar year, and only a published post has a publishing time.
func TestRecordsOfTheirOwnKind(t *testing.T) {
	apps := []string{"sage_accounting", "recruitee", "instagram", "linkedin", "statuspage"}
	c := synthApps(t, 3, apps...)
	servers := appServers(t, apps...)
	checked := map[string]int{}
	for _, d := range c.Data {
		for _, v := range checkData(t, d, servers) {
			switch v.Rule {
			case coherence.RuleInvariant, coherence.RuleFields, coherence.RuleRole, coherence.RuleRef:
				t.Errorf("%s", v)
			}
		}
		recs := func(app, coll string) []map[string]any {
			checked[app+"."+coll] += len(d.Records[app][coll])
			return d.Records[app][coll]
		}
		for _, cc := range []struct{ app, coll, field string }{
			{"sage_accounting", "bank_accounts", "name"},
			{"sage_accounting", "ledger_accounts", "name"},
			{"recruitee", "offers", "title"},
		} {
			for _, rec := range recs(cc.app, cc.coll) {
				if n := gen.CompaniesNamed(state.Text(rec[cc.field])); len(n) > 0 {
					t.Errorf("%s: %s.%s %v is named for %v", d.ID, cc.app, cc.coll, rec[cc.field], n)
				}
			}
		}
		kinds := map[string]string{}
		for _, rec := range recs("sage_accounting", "contacts") {
			kinds[state.Text(rec["id"])] = state.Text(rec["contact_type"])
		}
		for _, rec := range recs("sage_accounting", "purchase_invoices") {
			if k := kinds[state.Text(rec["contact_id"])]; k != "VENDOR" {
				t.Errorf("%s: purchase invoice %v is from a contact of type %q", d.ID, rec["id"], k)
			}
		}
		placed := map[string]bool{}
		for _, rec := range recs("recruitee", "placements") {
			k := state.Text(rec["candidate_id"]) + "/" + state.Text(rec["offer_id"])
			if placed[k] {
				t.Errorf("%s: candidate and offer %s placed twice", d.ID, k)
			}
			placed[k] = true
		}
		media := map[string]map[string]any{}
		for _, rec := range recs("instagram", "media") {
			media[state.Text(rec["id"])] = rec
		}
		for _, rec := range recs("instagram", "comments") {
			m := media[state.Text(rec["media_id"])]
			if m == nil || m["status"] != "published" {
				t.Errorf("%s: comment %v is on media %v, not published", d.ID, rec["id"], rec["media_id"])
				continue
			}
			at, ok1 := atom.Time(rec["timestamp"])
			pub, ok2 := atom.Time(m["published_at"])
			if ok1 && ok2 && at.Before(pub) {
				t.Errorf("%s: comment %v at %v, before its media was published at %v", d.ID, rec["id"], rec["timestamp"], m["published_at"])
			}
		}
		for _, rec := range recs("linkedin", "invitations") {
			if atom.IsSet(rec["recipient_profile_id"]) && rec["recipient_profile_id"] == rec["sender_profile_id"] {
				t.Errorf("%s: invitation %v to its own sender", d.ID, rec["id"])
			}
		}
		for _, rec := range recs("linkedin", "posts") {
			if atom.IsSet(rec["published_at"]) && rec["lifecycle_state"] != "PUBLISHED" {
				t.Errorf("%s: post %v is %v with a published_at", d.ID, rec["id"], rec["lifecycle_state"])
			}
		}
	}
	for _, coll := range []string{"sage_accounting.bank_accounts", "sage_accounting.ledger_accounts", "sage_accounting.purchase_invoices",
		"recruitee.offers", "recruitee.placements", "instagram.comments", "linkedin.invitations", "linkedin.posts"} {
		if checked[coll] < 4 {
			t.Errorf("only %d records of %s checked", checked[coll], coll)
		}
	}
}
