package propose_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve/propose"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
)

// Proposals a scripted model answers with.
const (
	goodIntent = "Here is the intent:\n```yaml\n" + `kind: intent
id: tag_ticket_vip
family: lookup_then_act
apps: [helpdesk]
instruction: Tag ticket {{ticket}} "vip" and set its priority to high.
slots:
  ticket: {handle: the_ticket}
goal:
  - exists: helpdesk.tickets
    where: {id: "{{ticket}}", tags: vip, priority: high}
    label: ticket tagged vip at high priority
  - unchanged: helpdesk.tickets
    except: {id: "{{ticket}}"}
    label: no other ticket changed
plan:
  - tool: helpdesk_tag_ticket
    args: {id: "{{ticket}}", tag: vip}
  - tool: helpdesk_update_ticket
    args: {id: "{{ticket}}", priority: high}
lineage: {parent: made-up}
` + "```\n"
	proseOnly  = "Sure! An agent could tag the VIP ticket and raise its priority."
	schemaBad  = "```yaml\nkind: intent\nid: tag_ticket_vip\napps: [helpdesk]\ninstruction: Tag it.\n```"
	existingID = "```yaml\n" + `kind: intent
id: reply_and_pend
apps: [helpdesk]
instruction: Do it.
goal:
  - exists: helpdesk.tickets
    where: {id: T-1001, priority: high}
` + "```"
	unknownHandle = "```yaml\n" + `kind: intent
id: tag_vip
apps: [helpdesk]
instruction: Tag {{ticket}}.
slots:
  ticket: {handle: the_vip_ticket}
goal:
  - exists: helpdesk.tickets
    where: {id: "{{ticket}}", tags: vip}
` + "```"
	alreadyMet = "```yaml\n" + `kind: intent
id: keep_ticket_open
apps: [helpdesk]
instruction: Make sure ticket {{ticket}} is open.
slots:
  ticket: {handle: the_ticket}
goal:
  - exists: helpdesk.tickets
    where: {id: "{{ticket}}", status: open}
plan:
  - tool: helpdesk_update_ticket
    args: {id: "{{ticket}}", status: open}
` + "```"
	unknownApp = "```yaml\n" + `kind: intent
id: post_in_chat
apps: [chat]
instruction: Post hello.
goal:
  - exists: chat.messages
    where: {text: hello}
` + "```"
)

func conversation(t *testing.T, srv *llmtest.Server, log *[]propose.Attempt) propose.Conversation {
	t.Helper()
	c, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "scripted", MaxRetryDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return propose.Conversation{Model: c, Attempts: 6, Log: func(a propose.Attempt) { *log = append(*log, a) }}
}

// TestIntentRejectsBadThenAccepts: a model that proposes five bad intents
// and then a good one; each rejection is logged with its reason and told to
// the model; only the good one reaches the library copy.
func TestIntentRejectsBadThenAccepts(t *testing.T) {
	lib := testlib.Example(t)
	answers := []string{proseOnly, schemaBad, existingID, unknownHandle, alreadyMet, unknownApp, goodIntent}
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		return llmtest.Text(answers[min(r.N, len(answers))-1])
	})
	var log []propose.Attempt
	conv := conversation(t, srv, &log)
	conv.Attempts = len(answers)
	syn, err := propose.Intent(context.Background(), lib, "tag a VIP ticket and raise its priority", propose.SynthOptions{Conversation: conv})
	if err != nil {
		t.Fatal(err)
	}
	wantReasons := []string{
		"not a valid atom", // prose
		"goal",             // schema: goal is required
		`intent id "reply_and_pend" already exists`,
		"no data atom exports the handles the slots name (ticket -> the_vip_ticket)",
		"no environment verifies:\nwith data northwind_support: data.goal_already_met",
		`no server serves app "chat"`,
	}
	if len(log) != len(answers) || len(syn.Attempts) != len(answers) {
		t.Fatalf("%d attempts logged: %+v", len(log), log)
	}
	for i, want := range wantReasons {
		if log[i].Accepted || !strings.Contains(log[i].Reason, want) {
			t.Errorf("attempt %d: %+v, want a rejection with %q", i+1, log[i], want)
		}
	}
	last := log[len(log)-1]
	if !last.Accepted || len(last.Atoms) != 1 || !strings.HasPrefix(last.Atoms[0], "intent/tag_ticket_vip@") {
		t.Fatalf("last attempt %+v", last)
	}
	// Each request after a rejection carries the reason.
	reqs := srv.Requests()
	for i := 1; i < len(reqs); i++ {
		msgs := reqs[i].Messages
		fb := msgs[len(msgs)-1]
		if fb.Role != "user" || !strings.Contains(fb.Content, "rejected:\n"+log[i-1].Reason) || msgs[len(msgs)-2].Content != answers[i-1] {
			t.Errorf("request %d does not tell the model why attempt %d was rejected: %q", i+1, i, fb.Content)
		}
	}
	if len(syn.Recipes) != 1 || syn.Recipes[0].Data.ID != "northwind_support" || !syn.Verdicts[0].Verified {
		t.Errorf("recipes %+v", syn.Recipes)
	}
	if syn.Library.Head(atom.KindIntent, "tag_ticket_vip") == nil || len(syn.Library.Recipes()) != len(lib.Recipes())+1 {
		t.Error("the library copy lacks the new intent or its recipe")
	}
	if lib.Head(atom.KindIntent, "tag_ticket_vip") != nil || len(lib.Recipes()) != 7 {
		t.Error("the original library was changed")
	}
	if in := syn.Atoms[0].MustIntent(); in.Lineage != nil {
		t.Errorf("lineage written by the model kept: %+v", in.Lineage)
	}
	// The prompt described the library.
	first := reqs[0].Messages[1].Content
	for _, want := range []string{"tool helpdesk_tag_ticket(id, tag) [append tickets]", "handle the_ticket: helpdesk.tickets \"T-1001\"", "tag a VIP ticket"} {
		if !strings.Contains(first, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
}

func TestIntentAllRejected(t *testing.T) {
	lib := testlib.Example(t)
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text(alreadyMet)))
	var log []propose.Attempt
	conv := conversation(t, srv, &log)
	conv.Attempts = 2
	syn, err := propose.Intent(context.Background(), lib, "keep a ticket open", propose.SynthOptions{Conversation: conv})
	if !errors.Is(err, propose.ErrRejected) || !strings.Contains(err.Error(), "data.goal_already_met") {
		t.Fatalf("error = %v", err)
	}
	if syn.Library != nil || len(syn.Atoms) != 0 || len(syn.Attempts) != 2 || len(srv.Requests()) != 2 {
		t.Errorf("synthesis %+v after rejection", syn)
	}
}

const goodApp = "```yaml\n" + `kind: server
id: notes
family: docs
description: A shared notebook.
collections:
  - name: pages
    id_prefix: pg_
    fields:
      title: {type: string}
      body: {type: string}
      archived: {type: boolean}
tools:
  - name: notes_search_pages
    description: Search pages by title.
    input: {type: object, properties: {title: {type: string}}}
    effect:
      kind: search
      collection: pages
      filters: [{arg: title, op: icontains}]
  - name: notes_archive_page
    description: Archive a page.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect: {kind: update, collection: pages, set: {archived: true}}
---
kind: data
id: acme_notes
records:
  notes:
    pages:
      - {id: pg_1, title: Q1 plan, body: Goals for the first quarter., archived: false}
      - {id: pg_2, title: Q2 plan, body: Goals for the second quarter., archived: false}
handles:
  old_plan: {app: notes, collection: pages, key: pg_1, display: title}
---
kind: intent
id: archive_old_plan
apps: [notes]
instruction: Archive the notebook page "{{page}}".
slots:
  page: {handle: old_plan}
goal:
  - exists: notes.pages
    where: {id: pg_1, archived: true}
  - unchanged: notes.pages
    except: {id: pg_1}
plan:
  - tool: notes_search_pages
    args: {title: "{{page}}"}
  - tool: notes_archive_page
    args: {id: pg_1}
---
kind: intent
id: keep_plan_live
apps: [notes]
instruction: Make sure "{{page}}" is not archived.
slots:
  page: {handle: old_plan}
goal:
  - exists: notes.pages
    where: {id: pg_1, archived: false}
` + "```"

func TestApp(t *testing.T) {
	lib := testlib.Example(t)
	dupApp := strings.Replace(goodApp, "id: notes\n", "id: mail\n", 1)
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text(dupApp), llmtest.Text(goodIntent), llmtest.Text(goodApp)))
	var log []propose.Attempt
	syn, err := propose.App(context.Background(), lib, "a shared notebook", propose.SynthOptions{Conversation: conversation(t, srv, &log)})
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 3 || !strings.Contains(log[0].Reason, `server id "mail" already exists`) || !strings.Contains(log[1].Reason, "expected a server, a data atom and at least one intent") {
		t.Fatalf("attempts %+v", log)
	}
	var got []string
	for _, e := range syn.Atoms {
		got = append(got, string(e.Kind)+"/"+e.ID)
	}
	// keep_plan_live is met from the start: left out.
	if strings.Join(got, " ") != "server/notes data/acme_notes intent/archive_old_plan" {
		t.Errorf("kept %v", got)
	}
	if syn.Library.Head(atom.KindIntent, "keep_plan_live") != nil || syn.Library.Head(atom.KindServer, "notes") == nil {
		t.Error("library copy: the unverified intent is in it, or the server is not")
	}
	if len(syn.Recipes) != 1 || syn.Recipes[0].Intent.ID != "archive_old_plan" || len(syn.Verdicts) != 2 {
		t.Errorf("recipes %+v verdicts %d", syn.Recipes, len(syn.Verdicts))
	}
}

func TestExtract(t *testing.T) {
	cases := []struct{ in, want string }{
		{"```yaml\nkind: x\n```", "kind: x\n"},
		{"text\n```yml\na: 1\n```\nmore ```yaml\nb: 2\n```", "a: 1\n"},
		{"```\nplain: fence\n```", "plain: fence\n"},
		{"<think>```yaml\nno: 1\n```</think>\n```yaml\nyes: 1\n```", "yes: 1\n"},
		{"  kind: intent\n", "kind: intent"},
	}
	for _, tc := range cases {
		if got := propose.Extract(tc.in); got != tc.want {
			t.Errorf("Extract(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		name, text, err string
		n               int
	}{
		{"one intent", propose.Extract(goodIntent), "", 1},
		{"three atoms", propose.Extract(goodApp), "", 4},
		{"empty", "  ", "holds no YAML", 0},
		{"not a mapping", "just words", "proposal.yaml", 0},
		{"schema error with line", "kind: intent\nid: x\napps: [a]\ninstruction: i\ngoal: 5\n", "proposal.yaml:5", 0},
		{"recipes", "kind: environments\nrecipes:\n  - {intent: a, data: b}\n", "list of environments", 0},
		{"bad yaml", "kind: [", "proposal.yaml:1", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			es, err := propose.Parse(tc.text)
			if tc.err == "" {
				if err != nil || len(es) != tc.n {
					t.Fatalf("%d atoms, %v", len(es), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("error = %v, want %q", err, tc.err)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add(propose.Extract(goodIntent))
	f.Add(propose.Extract(goodApp))
	f.Add("kind: server\nid: s\ncollections: []\ntools: []\n")
	f.Add("---\n---\nkind: rule\n")
	f.Fuzz(func(t *testing.T, text string) {
		es, err := propose.Parse(propose.Extract(text))
		if err != nil {
			return
		}
		for _, e := range es {
			if e.ID == "" || e.Version == "" || e.Atom == nil {
				t.Fatalf("accepted entry %+v", e)
			}
		}
	})
}
