package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestStatesThatCoexist: the records of Shopify, Lever, Rippling and
// Expensify are drawn in states their products combine: a restocked
// Shopify order is a cancelled one, a cancelled order holds no payment
// that is only authorised and a cancel reason is a cancelled order's; a
// Lever opportunity carries an archive reason only with the time it was
// archived; a Rippling employee's personal email is not the work one; an
// Expensify employee and report belong to a group policy, not a personal
// one. The
// coherence check finds no record breaking these rules, and each kind of
// record the rules gate is drawn (archived opportunities, personal
// addresses), not dropped.
func TestStatesThatCoexist(t *testing.T) {
	apps := []string{"shopify", "lever", "rippling", "expensify"}
	c := synthApps(t, 3, apps...)
	servers := appServers(t, apps...)
	archived, personal, members := 0, 0, 0
	for _, d := range c.Data {
		for _, v := range checkData(t, d, servers) {
			if v.Rule == coherence.RuleInvariant {
				t.Errorf("%s", v)
			}
		}
		// The same facts read off the records themselves, whatever the
		// atoms declare.
		for _, o := range d.Records["shopify"]["orders"] {
			cancelled := atom.IsSet(o["cancelled_at"])
			// An order's payment always has a state: an authorisation
			// a drawn cancellation would release stays, uncancelled.
			if o["fulfillment_status"] == "restocked" && !cancelled || o["financial_status"] == "authorized" && cancelled || atom.IsSet(o["cancel_reason"]) && !cancelled || !atom.IsSet(o["financial_status"]) {
				t.Errorf("%s: shopify order %v is %v, %v, cancelled at %v for %v", d.ID, o["id"], o["financial_status"], o["fulfillment_status"], o["cancelled_at"], o["cancel_reason"])
			}
		}
		for _, o := range d.Records["lever"]["opportunities"] {
			switch {
			case atom.IsSet(o["archived_reason"]) && atom.IsSet(o["archivedAt"]):
				archived++
			case atom.IsSet(o["archived_reason"]):
				t.Errorf("%s: lever opportunity %v archived for %q at no time", d.ID, o["id"], o["archived_reason"])
			}
		}
		for _, e := range d.Records["rippling"]["employees"] {
			p := state.Text(e["personal_email"])
			if p != "" && strings.EqualFold(p, state.Text(e["work_email"])) {
				t.Errorf("%s: rippling employee %v's personal email is the work one, %s", d.ID, e["id"], p)
			} else if coherence.FreeMail(p) {
				personal++
			}
		}
		personalPolicy := map[string]bool{}
		for _, p := range d.Records["expensify"]["policies"] {
			personalPolicy[state.Text(p["policyID"])] = p["type"] == "personal"
		}
		for _, m := range d.Records["expensify"]["employees"] {
			members++
			if personalPolicy[state.Text(m["policyID"])] {
				t.Errorf("%s: expensify employee %v is a member of personal policy %v", d.ID, m["employeeEmail"], m["policyID"])
			}
		}
		for _, r := range d.Records["expensify"]["reports"] {
			if personalPolicy[state.Text(r["policyID"])] {
				t.Errorf("%s: expensify report %v by %v is filed under personal policy %v", d.ID, r["reportID"], r["employee_email"], r["policyID"])
			}
		}
	}
	t.Logf("%d archived Lever opportunities, %d Rippling personal addresses, %d Expensify members", archived, personal, members)
	if archived == 0 || personal == 0 || members == 0 {
		t.Errorf("drawn: %d archived Lever opportunities, %d Rippling personal addresses, %d Expensify members; want some of each", archived, personal, members)
	}
}

// checkData is what the coherence check finds in data atom d's world.
// appServers are the built-in server atoms of apps, by app.
func appServers(t *testing.T, apps ...string) map[string]*atom.Server {
	t.Helper()
	src := builtinServers(t)
	servers := map[string]*atom.Server{}
	for _, app := range apps {
		servers[app] = src.ServerFor(app).MustServer()
	}
	return servers
}

func checkData(t *testing.T, d *atom.Data, servers map[string]*atom.Server) []coherence.Violation {
	t.Helper()
	var colls []*state.Collection
	for app, byName := range d.Records {
		for name, recs := range byName {
			colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
		}
	}
	clock, err := time.Parse(time.RFC3339, d.Clock)
	if err != nil {
		t.Fatal(err)
	}
	return coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...))
}

// TestDiffersKeepsLookAlikesApart: a personal address drawn as the work
// one moves to a free-mail provider, and two look-alikes whose work
// addresses differ (a subsidiary's domain) keep personal addresses that
// differ, so an instruction naming one still singles it out.
func TestDiffersKeepsLookAlikesApart(t *testing.T) {
	inv := atom.Invariant{Rule: "differs", Fields: []string{"personal_email", "work_email"}}
	seen := map[string]string{}
	for _, work := range []string{"florian.bianchi@bluebird.example", "florian.bianchi@eu.bluebird.example", "uma.kim@bluebird.example"} {
		rec := map[string]any{"personal_email": work, "work_email": work}
		conformDiffers(inv, rec, nil)
		p := state.Text(rec["personal_email"])
		if !coherence.FreeMail(p) || !strings.HasPrefix(p, strings.Split(work, "@")[0]) {
			t.Errorf("%s: personal email %q, want the person's at a free-mail provider", work, p)
		}
		if other, dup := seen[p]; dup {
			t.Errorf("%s and %s both get %s", other, work, p)
		}
		seen[p] = work
	}
	pinned := map[string]any{"personal_email": "a@x.example", "work_email": "a@x.example"}
	conformDiffers(inv, pinned, map[string]any{"personal_email": "a@x.example"})
	if pinned["personal_email"] != "a@x.example" {
		t.Errorf("a personal email a task sets moved to %v", pinned["personal_email"])
	}
}
