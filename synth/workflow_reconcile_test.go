package synth

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// Reconciliation workflows verify; they span three apps, keep the rule
// (and its reversal) in the data, protect what must not change, and an
// agent that also "fixes" the pair that already matches loses reward.
func TestReconcileWorkflows(t *testing.T) {
	// Apps of several families that hold the same people, and two chat
	// apps to report in.
	c, _ := readWorld(t, 1, "helpcrunch", "zoho_crm", "square", "xero", "bamboohr", "activecampaign", "slack", "mattermost")
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	var rs []atom.Recipe
	fams := map[string]int{}
	for _, in := range c.Intents {
		if strings.HasPrefix(in.ID, "rc.") {
			fams[in.Family]++
		}
	}
	for _, r := range c.Recipes {
		if strings.HasPrefix(r.Intent.ID, "rc.") {
			rs = append(rs, r)
		}
	}
	if fams[famReconcile] == 0 || fams[famReconcileAmended] == 0 {
		t.Fatalf("reconciliation families %v: want both shapes", fams)
	}
	for _, v := range verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2}) {
		if !v.Verified {
			t.Errorf("%s (%s) not verified: %+v", v.EnvID, v.Intent, v.RootCause)
		}
	}
	for _, r := range rs {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := env.Intent.Atom.(*atom.Intent)
		neg := 0
		for _, ch := range env.Checks {
			if ch.Source == "goal" && ch.Program.Assertion.IsNegative() {
				neg++
			}
		}
		if len(env.Apps) < 3 || len(env.Plan) < 7 || neg < 5 {
			t.Errorf("%s: %d apps, %d plan steps, %d negatives; want 3+, 7+, 5+", in.ID, len(env.Apps), len(env.Plan), neg)
		}
		// Which app wins is in the channel, not the instruction.
		if strings.Contains(env.Instruction, "system of record") {
			t.Errorf("%s: the instruction gives the rule away: %q", in.ID, env.Instruction)
		}
		s, err := episode.Replay(env, episode.SessionOptions{}, env.PlanCalls())
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Evaluate(); !res.Passed {
			t.Fatalf("%s: the reference plan fails: %+v", in.ID, res)
		}
		// The same fix on the pair that already matches is over-acting.
		f1, fx := env.Bindings["f1"].Key, env.Bindings["fx"].Key
		calls := env.PlanCalls()
		var extra []episode.ToolCall
		for _, c := range calls {
			if strings.Contains(string(c.Args), f1) && f1 != "" && fx != "" {
				c.Args = []byte(strings.ReplaceAll(string(c.Args), f1, fx))
				extra = append(extra, c)
				break
			}
		}
		if len(extra) == 0 {
			t.Fatalf("%s: no write on f1 (%q) in the plan", in.ID, f1)
		}
		s, err = episode.Replay(env, episode.SessionOptions{}, append(calls, extra...))
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Evaluate(); res.Passed {
			t.Errorf("%s: fixing the matched pair too still passes", in.ID)
		}
	}
}

// TestMatchedPairNamesOneCompany: the pair a reconciliation leaves alone
// because it already matches names one company on both sides, whether a
// side names its record for the company (a Salesforce account) or holds
// the company in a field (a Constant Contact contact's company_name); a
// pair that differs there is one the rule tells the agent to fix, and the
// goal would punish the fix.
func TestMatchedPairNamesOneCompany(t *testing.T) {
	c := synthApps(t, 2, "constant_contact", "salesforce", "hubspot", "slack", "mattermost")
	ss := builtinServers(t)
	n := 0
	for _, d := range c.Data {
		tx, fx := d.Handles[""], d.Handles[""]
		for name, h := range d.Handles {
			switch {
			case strings.HasSuffix(name, "_rtx"):
				tx = h
			case strings.HasSuffix(name, "_rfx"):
				fx = h
			}
		}
		if tx.App == "" || fx.App == "" {
			continue
		}
		names := map[string]bool{}
		for _, h := range []atom.Handle{tx, fx} {
			col := ss.ServerFor(h.App).MustServer().Collection(h.Collection)
			for f, v := range handled(d, h) {
				if col.Fields[f].Role == atom.RoleCompany && v != "" {
					names[fmt.Sprint(v)] = true
				}
			}
		}
		n++
		if len(names) > 1 {
			t.Errorf("%s: the matched pair %s/%s names %v", d.ID, tx.Key, fx.Key, names)
		}
	}
	if n == 0 {
		t.Fatal("no reconciliation drawn")
	}
}
