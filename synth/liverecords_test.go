package synth

import (
	"regexp"
	"slices"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

var (
	changedRole = regexp.MustCompile(`_hiw[0-9]+$`)
	policyRole  = regexp.MustCompile(`_wf(pol|upd)$`)
)

var workflowWorlds struct {
	once    sync.Once
	c       *Corpus
	servers map[string]*atom.Server
}

// workflowWorld is the corpus synthesised once over Zendesk, Calendly,
// Wrike, Linear and Slack, workflows among them.
func workflowWorld(t *testing.T) (*Corpus, map[string]*atom.Server) {
	workflowWorlds.once.Do(func() {
		workflowWorlds.c, workflowWorlds.servers = readWorld(t, 61, "zendesk", "calendly", "wrike", "linear", "slack")
	})
	if workflowWorlds.c == nil {
		t.Fatal("no corpus")
	}
	return workflowWorlds.c, workflowWorlds.servers
}

// TestTasksChangeOpenRecordsUnderLivePolicies synthesises workflows over
// apps whose lifecycles end or withdraw a record: a record a task changes
// starts in no state its lifecycle makes terminal (Zendesk refuses an
// update to a closed ticket), and a record holding the policy a task
// follows, or its correction, is in none nor in a state that withdraws it
// (a cancelled Wrike task, a canceled Linear issue).
func TestTasksChangeOpenRecordsUnderLivePolicies(t *testing.T) {
	c, servers := workflowWorld(t)
	changed, policies := 0, 0
	for _, d := range c.Data {
		for h, hd := range d.Handles {
			isChanged, isPolicy := changedRole.MatchString(h), policyRole.MatchString(h)
			if !isChanged && !isPolicy {
				continue
			}
			def := servers[hd.App].Collection(hd.Collection)
			lc := def.Lifecycle
			if lc == nil {
				continue
			}
			rec := findRec(d.Records[hd.App][hd.Collection], def.KeyField(), hd.Key)
			if rec == nil {
				continue
			}
			s := state.Text(rec[lc.Field])
			if isChanged {
				changed++
			} else {
				policies++
			}
			if lc.IsTerminal(s) || isPolicy && findIn([]string{s}, withdrawnWords) != "" {
				t.Errorf("%s: %s is %s %q", d.ID, h, lc.Field, s)
			}
		}
	}
	if changed == 0 || policies == 0 {
		t.Fatalf("%d records changed by tasks and %d policies with a lifecycle, want some of each", changed, policies)
	}
}

// TestAssigneesAndInviteesAsTheProducts synthesises Zendesk and Calendly:
// a ticket's assignee is an agent or an admin, never an end user, and an
// invitee of an event named for a company books it from that company.
func TestAssigneesAndInviteesAsTheProducts(t *testing.T) {
	c, _ := workflowWorld(t)
	assigned, invitees, bad := 0, 0, 0
	for _, d := range c.Data {
		zd := d.Records["zendesk"]
		for _, tk := range zd["tickets"] {
			if a := state.Text(tk["assignee_id"]); a != "" {
				assigned++
				if u := findRec(zd["users"], "id", a); u == nil || !slices.Contains([]any{"agent", "admin"}, u["role"]) {
					bad++
					t.Errorf("%s: ticket %v assigned to %v", d.ID, tk["id"], u)
				}
			}
		}
		cl := d.Records["calendly"]
		for _, inv := range cl["invitees"] {
			invitees++
			e := findRec(cl["scheduled_events"], "id", state.Text(inv["event_id"]))
			if e == nil {
				continue
			}
			names := gen.CompaniesNamed(state.Text(e["name"]))
			own := coherence.CompanyKeys(inv["email"], nil)
			if len(names) == 0 || len(own) == 0 {
				continue
			}
			if !slices.ContainsFunc(names, func(n string) bool { return coherence.CompanyKey(n) == own[0] }) {
				if bad++; bad <= 10 {
					t.Errorf("%s: invitee %v of %q books from %v", d.ID, inv["id"], e["name"], inv["email"])
				}
			}
		}
	}
	if assigned == 0 || invitees == 0 {
		t.Fatalf("%d assigned tickets and %d invitees, want some of each", assigned, invitees)
	}
}
