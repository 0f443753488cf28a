package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestWorldsReadAsOne synthesises a share of the built-in apps, and the
// apps a reader of the built corpus found at fault on their own, and
// reads each data atom as one world at its clock: no record breaks its
// lifecycle (a task to do with a date_closed, an employee terminated
// before hired, a comment older than the page it is on, an ended meeting
// that starts tomorrow, an active employee terminated last month, a
// payment of a draft invoice or above its total) nor refers to no record
// or to another party than the record it is of (a payment's customer not
// its invoice's), nor
// holds fields that deny each other (a meeting that lasts days); no message goes to the address
// it comes from; no message greets or names as a third party the person
// who sent it ("Hi Umar" from umar.cohen@, "Emeka, thanks" in a campaign
// from Emeka Esposito); and no product's body reads as a letter.
func TestWorldsReadAsOne(t *testing.T) {
	needWholeCorpus(t)
	src := builtinServers(t)
	c, err := Synthesize(src, Options{Seed: 27, Size: 0.4, Variants: 2, Workflows: -1})
	if err != nil {
		t.Fatal(err)
	}
	readWorlds(t, src, c)
	lib := atom.NewLibrary()
	for _, app := range []string{"shopify", "mailchimp", "zoho_mail", "clickup", "bamboohr", "happyfox", "close", "insightly", "shortcut", "asana", "yahoo_mail", "webex", "twilio", "ashby", "statuspage", "cal_com", "google_calendar", "hiver", "slack", "canva", "stripe", "google_docs", "google_drive", "paypal", "square", "mattermost", "hubspot", "linear", "jira_service_management", "zoho_books", "bill_com", "zoho_crm"} {
		e := src.ServerFor(app)
		if e == nil {
			t.Fatalf("no %s server", app)
		}
		if _, err := lib.Put(e.MustServer(), app+".yaml", true); err != nil {
			t.Fatal(err)
		}
	}
	c, err = Synthesize(lib, Options{Seed: 27, Variants: 3, Workflows: 8})
	if err != nil {
		t.Fatal(err)
	}
	readWorlds(t, lib, c)
}

// readWorlds reads every data atom of c as one world.
func readWorlds(t *testing.T, src *atom.Library, c *Corpus) {
	t.Helper()
	servers := map[string]*atom.Server{}
	for _, e := range src.Heads(atom.KindServer) {
		s := e.MustServer()
		servers[s.AppName()] = s
	}
	records, bad := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				if recs == nil {
					t.Errorf("%s: %s.%s is null, not a list", d.ID, app, name)
				}
				records += len(recs)
				def := servers[app].Collection(name)
				colls = append(colls, state.NewCollection(app+"."+name, def.KeyField(), recs))
				bad += selfAddressed(t, d.ID, servers[app], def, recs) + productLetters(t, d.ID, servers[app], def, recs) + selfAssigned(t, d.ID, servers[app], def, recs)
			}
		}
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
		}
		w := state.NewWorld(clock, colls...)
		for _, v := range coherence.CheckWorld(d.ID, servers, w) {
			if v.Rule == coherence.RuleLifecycle || v.Rule == coherence.RuleFields || v.Rule == coherence.RuleIdentity || v.Rule == coherence.RuleRef {
				if bad++; bad <= 10 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if records < 1000 {
		t.Fatalf("only %d records drawn", records)
	}
	if bad > 0 {
		t.Errorf("%d of %d records contradict themselves or the record they are on", bad, records)
	}
}

var (
	handleRE   = regexp.MustCompile(`^([a-z]+)\.([a-z]+)(@|$)`)
	fullNameRE = regexp.MustCompile(`^([A-Z][a-z]+) [A-Z][A-Za-z']+$`)
)

// selfAddressed counts the records whose sender is also their recipient,
// or whose message text greets or names its sender.
func selfAddressed(t *testing.T, id string, s *atom.Server, def *atom.Collection, recs []map[string]any) int {
	bad := 0
	for _, rec := range recs {
		var sender, first string
		for f, v := range rec {
			x, _ := v.(string)
			if !hasWord(atom.Words(f), senderWords...) {
				continue
			}
			if m := handleRE.FindStringSubmatch(x); m != nil {
				sender, first = x, strings.ToUpper(m[1][:1])+m[1][1:]
			} else if m := fullNameRE.FindStringSubmatch(x); m != nil {
				sender, first = x, m[1]
			}
		}
		if sender == "" {
			continue
		}
		greet := regexp.MustCompile(`(^|Hi |Hello |Dear |Morning |call |with |again, )` + first + `\b`)
		for f, v := range rec {
			x, _ := v.(string)
			switch {
			case isRecipientField(f) && slices.ContainsFunc(addressesIn(v), func(a string) bool { return strings.EqualFold(a, sender) }):
				bad++
				t.Errorf("%s: %s.%s: %s goes to its sender %s", id, s.AppName(), def.Name, f, sender)
			case textGroup(f) == "message" && coherence.TextRole(f) != "" && greet.MatchString(x) && !strings.Contains(x, "@") && ofSender(x, sender):
				bad++
				t.Errorf("%s: %s.%s: %s from %s reads %q", id, s.AppName(), def.Name, f, sender, x)
			}
		}
	}
	return bad
}

// ofSender reports whether a text speaks of the sender's own company: an
// address's domain is its company's name run together (a handle has
// none, so any text may be its sender's). Another person of the same
// first name at another company is someone else.
func ofSender(text, sender string) bool {
	_, domain, ok := strings.Cut(sender, "@")
	if !ok {
		return true
	}
	label, _, _ := strings.Cut(domain, ".")
	squashed := strings.ToLower(strings.ReplaceAll(text, " ", ""))
	return strings.Contains(squashed, label)
}

// addressesIn are the addresses a field holds: one, or a list.
func addressesIn(v any) []string {
	if x, ok := v.(string); ok {
		return []string{x}
	}
	var out []string
	xs, _ := v.([]any)
	for _, x := range xs {
		if a, ok := x.(string); ok {
			out = append(out, a)
		}
	}
	return out
}

// selfAssigned counts the records assigned to the person they are about:
// a request whose assignee's handle is its reporter's (Jira Service
// Management's assignee renata.fairbanks on Renata Fairbanks' request).
func selfAssigned(t *testing.T, id string, s *atom.Server, def *atom.Collection, recs []map[string]any) int {
	bad := 0
	for _, rec := range recs {
		for f, v := range rec {
			worker, _ := v.(string)
			if worker == "" || !isAssignee(f) || strings.Contains(worker, "@") {
				continue
			}
			for g, w := range rec {
				addr, _ := w.(string)
				if local, _, ok := strings.Cut(addr, "@"); ok && g != f && !isSecondary(g) && !isRecipientField(g) && strings.EqualFold(local, worker) {
					bad++
					t.Errorf("%s: %s.%s: %s %s is the record's own %s %s", id, s.AppName(), def.Name, f, worker, g, addr)
				}
			}
		}
	}
	return bad
}

var letterRE = regexp.MustCompile(`^(Hi|Hello|Dear|Morning) |^Your order of |is back in stock at|we can hold `)

// productLetters counts the products whose text reads as a letter to a
// customer rather than a description of the product.
func productLetters(t *testing.T, id string, s *atom.Server, def *atom.Collection, recs []map[string]any) int {
	if k := collKind(def.Name, s.Family); k != "product" && k != "job" {
		return 0
	}
	bad := 0
	for _, rec := range recs {
		for _, f := range coherence.TextFields(s, def) {
			if x, _ := rec[f].(string); letterRE.MatchString(x) {
				bad++
				t.Errorf("%s: %s.%s.%s reads as a letter: %q", id, s.AppName(), def.Name, f, x)
			}
		}
	}
	return bad
}

// TestAmendmentAfterPolicy: a workflow's amendment to its policy (the
// record that supersedes one line of it) is written and edited after the
// policy, never before it: "someone posted a change since" must be true
// of the records.
func TestAmendmentAfterPolicy(t *testing.T) {
	needWholeCorpus(t)
	src := builtinServers(t)
	c, err := Synthesize(src, Options{Seed: 27, Size: 0.3, Variants: 2, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	pairs := 0
	for _, d := range c.Data {
		for name, upd := range d.Handles {
			base, ok := strings.CutSuffix(name, "_wfupd")
			pol, found := d.Handles[base+"_wfpol"]
			if !ok || !found {
				continue
			}
			recs := d.Records[upd.App][upd.Collection]
			key := src.ServerFor(upd.App).MustServer().Collection(upd.Collection).KeyField()
			u, p := findRec(recs, key, upd.Key), findRec(recs, key, pol.Key)
			if u == nil || p == nil {
				t.Fatalf("%s: %s or its policy is not drawn", d.ID, name)
			}
			pairs++
			for f, v := range u {
				a, aok := atom.Time(v)
				b, bok := atom.Time(p[f])
				if aok && bok && !a.After(b) {
					t.Errorf("%s: the amendment's %s %v is not after the policy's %v", d.ID, f, v, p[f])
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no amended policy drawn")
	}
}
