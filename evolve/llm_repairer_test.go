package evolve_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	llmpropose "github.com/legoenv/legoenv/evolve/propose"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/verify"
)

// A library where one rule blocks an environment (it forbids the email the
// goal needs) and is obeyed by another: rule.conflicts_with_goal, which no
// deterministic repairer handles.
var llmFixture = fstest.MapFS{
	"mail.yaml": {Data: []byte(`kind: server
id: mail
family: email
collections:
  - name: messages
    id_prefix: msg_
    fields:
      to: {type: array, items: string}
      subject: {type: string}
      body: {type: string}
      folder: {type: string, enum: [inbox, sent]}
tools:
  - name: mail_search
    description: Search messages by subject or folder.
    input: {type: object, properties: {subject: {type: string}, folder: {type: string, enum: [inbox, sent]}}}
    effect: {kind: search, collection: messages}
  - name: mail_send
    description: Send an email; recipients are comma-separated addresses.
    input:
      type: object
      properties: {to: {type: string}, subject: {type: string}, body: {type: string}}
      required: [to, subject, body]
    effect: {kind: create, collection: messages, set: {folder: sent}}
`)},
	"crm.yaml": {Data: []byte(`kind: server
id: crm
family: crm
collections:
  - name: contacts
    id_prefix: con_
    fields:
      name: {type: string}
      email: {type: string}
      owner_email: {type: string}
tools:
  - name: crm_find_contacts
    description: Find contacts by name.
    input: {type: object, properties: {name: {type: string}}}
    effect: {kind: search, collection: contacts}
`)},
	"acme.yaml": {Data: []byte(`kind: data
id: acme
records:
  crm:
    contacts:
      - {id: con_1, name: Ana Lima, email: ana.lima@client.example, owner_email: rita.mendes@acme.example}
      - {id: con_2, name: Bruno Costa, email: bruno.costa@client.example, owner_email: joao.pires@acme.example}
  mail:
    messages:
      - {id: msg_1, to: [team@acme.example], subject: Refund, body: "Where is my refund?", folder: inbox}
handles:
  the_contact: {app: crm, collection: contacts, key: con_1, display: name}
`)},
	"intents.yaml": {Data: []byte(`kind: intent
id: tell_contact
apps: [mail, crm]
instruction: Tell {{contact}} ({{contact.email}}) by email that the refund is on its way.
slots:
  contact: {handle: the_contact}
goal:
  - exists: mail.messages
    where: {folder: sent, to: "{{contact.email}}", body: {icontains: refund}}
  - unchanged: mail.messages
    except: {to: "{{contact.email}}"}
plan:
  - tool: mail_send
    args: {to: "{{contact.email}}", subject: Refund, body: Your refund is on its way.}
---
kind: intent
id: tell_owner
apps: [mail, crm]
instruction: Tell {{contact}}'s account owner ({{contact.owner_email}}) by email that the refund was sent.
slots:
  contact: {handle: the_contact}
goal:
  - exists: mail.messages
    where: {folder: sent, to: "{{contact.owner_email}}", body: {icontains: refund}}
  - unchanged: mail.messages
    except: {to: "{{contact.owner_email}}"}
plan:
  - tool: mail_send
    args: {to: "{{contact.owner_email}}", subject: Refund sent, body: The refund for Ana Lima was sent.}
`)},
	"internal_only.yaml": {Data: []byte(`kind: rule
id: internal_only
text: Never send email outside acme.example.
apps: [mail]
checks:
  - not_exists: mail.messages
    where: {folder: sent, to: {not_contains: "@acme.example"}}
    label: no email sent outside acme.example
`)},
	"environments.yaml": {Data: []byte(`kind: environments
recipes:
  - {intent: tell_contact, data: acme, rules: [internal_only]}
  - {intent: tell_owner, data: acme, rules: [internal_only]}
`)},
}

func ruleYAML(text, where string) string {
	return "```yaml\nkind: rule\nid: internal_only\ntext: " + text + "\napps: [mail]\nchecks:\n  - not_exists: mail.messages\n    where: " + where + "\n```"
}

var (
	// Relaxed to what it protects: confidential mail leaving the company.
	goodRule = ruleYAML("Never send confidential information outside acme.example.", `{folder: sent, to: {not_contains: "@acme.example"}, body: {icontains: confidential}}`)
	// Only the text changed: the check still forbids the goal.
	sameCheck = ruleYAML("Do not email people outside acme.example.", `{folder: sent, to: {not_contains: "@acme.example"}}`)
	// Forbids every email: still blocks the goal, and breaks tell_owner.
	noEmail   = ruleYAML("Never send email.", `{folder: sent}`)
	wrongID   = strings.Replace(goodRule, "id: internal_only", "id: relaxed_rule", 1)
	wrongKind = "```yaml\nkind: data\nid: internal_only\nrecords: {}\n```"
)

func loadFixture(t *testing.T) *atom.Library {
	t.Helper()
	lib, ds, err := atom.Load(llmFixture)
	if err != nil || ds.HasErrors() {
		t.Fatalf("fixture: %v %v", err, ds.Err())
	}
	return lib
}

func scripted(t *testing.T, answers ...string) (*llmtest.Server, *llm.Client) {
	t.Helper()
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		return llmtest.Text(answers[min(r.N, len(answers))-1])
	})
	c, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "scripted", MaxRetryDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

// request builds the repair request a round would make for the fixture's
// conflicting rule.
func request(t *testing.T, lib *atom.Library) evolve.Request {
	t.Helper()
	vs := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{Jobs: 1})
	if vs[0].Verified || !vs[1].Verified || vs[0].RootCause.Code != verify.RuleConflictsWithGoal {
		t.Fatalf("fixture verdicts: %+v / %+v", vs[0].RootCause, vs[1].Verified)
	}
	return evolve.Request{Round: 1, Code: verify.RuleConflictsWithGoal, Atom: lib.Head(atom.KindRule, "internal_only"), Lib: lib,
		Failures: vs[:1], Users: lib.Recipes()}
}

// TestLLMRepairerPropose: bad answers are rejected with reasons the model
// hears; the first answer that parses, keeps the atom's kind and id,
// changes it and makes the failing environment verify is proposed.
func TestLLMRepairerPropose(t *testing.T) {
	lib := loadFixture(t)
	answers := []string{"I would relax the rule.", wrongKind, wrongID, sameCheck, goodRule}
	srv, c := scripted(t, answers...)
	type logged struct {
		code verify.Code
		ref  string
		a    llmpropose.Attempt
	}
	var log []logged
	r := evolve.NewLLMRepairer(c, "scripted")
	r.Attempts = len(answers)
	r.Log = func(code verify.Code, ref string, a llmpropose.Attempt) { log = append(log, logged{code, ref, a}) }
	if r.Name() != "llm" || !r.Handles(verify.RuleConflictsWithGoal) || !r.Handles(verify.Nondeterministic) {
		t.Fatal("name or handles")
	}
	req := request(t, lib)
	prop, err := r.Propose(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	rule, ok := prop.Atom.(*atom.Rule)
	if !ok || rule.ID != "internal_only" || rule.Lineage != nil || !strings.Contains(rule.Text, "confidential") {
		t.Fatalf("proposal %#v", prop.Atom)
	}
	if prop.Note != "model scripted, attempt 5" {
		t.Errorf("note %q", prop.Note)
	}
	want := []string{
		"not a valid atom",
		`must be rule "internal_only" (same kind and id), not data "internal_only"`,
		`not rule "relaxed_rule"`,
		"the failing environments still fail:\nenv " + req.Failures[0].EnvID + ": rule.conflicts_with_goal",
	}
	if len(log) != len(answers) {
		t.Fatalf("%d attempts logged", len(log))
	}
	for i, w := range want {
		if log[i].a.Accepted || !strings.Contains(log[i].a.Reason, w) || log[i].code != verify.RuleConflictsWithGoal || !strings.HasPrefix(log[i].ref, "rule/internal_only@") {
			t.Errorf("attempt %d: %+v, want rejection %q", i+1, log[i], w)
		}
	}
	if !log[4].a.Accepted {
		t.Errorf("last attempt %+v", log[4].a)
	}
	// The prompt carries the atom, the evidence and the apps' tools; the
	// retries carry the reasons.
	reqs := srv.Requests()
	prompt := reqs[0].Messages[1].Content
	for _, w := range []string{"Root cause: rule.conflicts_with_goal (a rule forbids the only way to the goal)", "id: internal_only", "breaks rule internal_only check 0", "[suggested: relax check 0 of rule internal_only]", "tool mail_send(body, subject, to) [create messages]", "2 environment(s) use this atom"} {
		if !strings.Contains(prompt, w) {
			t.Errorf("prompt lacks %q:\n%s", w, prompt)
		}
	}
	if last := reqs[3].Messages[len(reqs[3].Messages)-1].Content; !strings.Contains(last, `not rule "relaxed_rule"`) {
		t.Errorf("retry does not carry the reason: %q", last)
	}
}

func TestLLMRepairerDeclines(t *testing.T) {
	lib := loadFixture(t)
	_, c := scripted(t, sameCheck)
	r := evolve.NewLLMRepairer(c, "scripted")
	r.Attempts = 2
	_, err := r.Propose(context.Background(), request(t, lib))
	if !errors.Is(err, evolve.ErrNoRepair) || !strings.Contains(err.Error(), "still fail") {
		t.Fatalf("error = %v", err)
	}
	r.Codes = map[verify.Code]bool{verify.Nondeterministic: true}
	if r.Handles(verify.RuleConflictsWithGoal) {
		t.Error("Codes does not limit Handles")
	}
}

// TestEvolveWithLLMRepairer: in a round after the deterministic repairers,
// the model's repair goes through the same gate: the good one is accepted
// and fixes the environment; one that would break a verified environment is
// rejected.
func TestEvolveWithLLMRepairer(t *testing.T) {
	cases := []struct {
		name     string
		answer   string
		precheck bool
		status   string
		reason   string
		after    int
	}{
		{"accepted", goodRule, true, evolve.Accepted, "fixes 1 of the 2 environments that use it, breaks none: model scripted, attempt 1", 2},
		{"breaks a verified environment", noEmail, false, evolve.Rejected, "breaks 1 verified environment(s)", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lib := loadFixture(t)
			_, c := scripted(t, tc.answer)
			r := evolve.NewLLMRepairer(c, "scripted")
			r.Attempts, r.Precheck = 1, tc.precheck
			res, err := evolve.Run(context.Background(), lib, evolve.Options{Repairers: append(evolve.DefaultRepairers(), r), Jobs: 1,
				Now: func() time.Time { return time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC) }})
			if err != nil {
				t.Fatal(err)
			}
			round := res.Report.Rounds[0]
			if round.VerifiedBefore != 1 || round.VerifiedAfter != tc.after {
				t.Errorf("verified %d -> %d, want 1 -> %d", round.VerifiedBefore, round.VerifiedAfter, tc.after)
			}
			var found bool
			for _, rep := range round.Repairs {
				if rep.Repairer != "llm" {
					continue
				}
				found = true
				if rep.Accepted != (tc.status == evolve.Accepted) || !strings.Contains(rep.Reason, tc.reason) {
					t.Errorf("repair %+v, want %s with %q", rep, tc.status, tc.reason)
				}
			}
			if !found {
				t.Fatalf("no llm repair in %+v", round.Repairs)
			}
			head := res.Library.Head(atom.KindRule, "internal_only")
			lin := atom.LineageOf(head.Atom)
			if tc.status == evolve.Accepted && (lin == nil || lin.Repairer != "llm" || lin.RootCause != string(verify.RuleConflictsWithGoal)) {
				t.Errorf("accepted version's lineage %+v", lin)
			}
			if tc.status == evolve.Rejected && head.Version != lib.Head(atom.KindRule, "internal_only").Version {
				t.Error("a rejected repair changed the library")
			}
		})
	}
}
