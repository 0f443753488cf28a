package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// failure builds a failing verdict on recipe r with a suggested fix, its
// payload decoded from params as a stored verdict's is.
func failure(r atom.Recipe, code verify.Code, at *atom.Entry, action string, params map[string]any, ev verify.Evidence) verify.Verdict {
	ref := verify.AtomRef{Kind: at.Kind, ID: at.ID, Version: at.Version}
	rc := &verify.RootCause{Code: code, Atom: ref, Evidence: ev}
	if action != "" {
		b, err := json.Marshal(map[string]any{"action": action, "atom": ref, "params": params})
		if err != nil {
			panic(err)
		}
		rc.SuggestedFix = &verify.Fix{}
		if err := json.Unmarshal(b, rc.SuggestedFix); err != nil {
			panic(err)
		}
	}
	return verify.Verdict{Recipe: r, RootCause: rc}
}

// asJSON gives params the types they have after a trip through the store.
func asJSON(p map[string]any) map[string]any {
	b, _ := json.Marshal(p)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

func recipeFor(lib *atom.Library, intent string) atom.Recipe {
	for _, r := range lib.Recipes() {
		if r.Intent.ID == intent {
			return r
		}
	}
	return atom.Recipe{}
}

// propose runs a repairer and checks that it left its input alone.
func propose(t *testing.T, fn func(context.Context, Request) (Proposal, error), req Request) (Proposal, error) {
	t.Helper()
	before, _ := json.Marshal(req.Atom.Atom)
	p, err := fn(context.Background(), req)
	after, _ := json.Marshal(req.Atom.Atom)
	if string(before) != string(after) {
		t.Fatal("the repairer changed the library's atom")
	}
	if err == nil {
		if k, id := atom.KindOf(p.Atom); k != req.Atom.Kind || id != req.Atom.ID {
			t.Fatalf("proposal is %s %s", k, id)
		}
		e := &atom.Entry{Kind: req.Atom.Kind, ID: req.Atom.ID, Atom: p.Atom}
		if ds := atom.ValidateEntry(e); ds.HasErrors() {
			t.Fatalf("proposal does not validate: %v", ds.Err())
		}
	}
	return p, err
}

func TestAddTool(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	helpdesk := lib.Head(atom.KindServer, "helpdesk")
	crm := lib.Head(atom.KindServer, "crm")
	r := recipeFor(lib, "reply_and_pend")
	camel := &atom.Server{Kind: atom.KindServer, ID: "tasks", Collections: []atom.Collection{{Name: "tasks", Fields: map[string]atom.Field{
		"title": {Type: "string"}, "done": {Type: "boolean"}}}}, Tools: []atom.Tool{
		{Name: "tasksFindTasks", Description: "x", Input: map[string]any{"type": "object"}, Effect: atom.Effect{Kind: "search", Collection: "tasks"}},
		{Name: "tasksGetTask", Description: "x", Input: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}}, Effect: atom.Effect{Kind: "get", Collection: "tasks"}},
	}}
	camelEntry := &atom.Entry{Kind: atom.KindServer, ID: "tasks", Version: "v", Atom: camel}
	cases := []struct {
		name   string
		at     *atom.Entry
		params map[string]any
		ev     verify.Evidence
		tool   string
		check  func(t *testing.T, tl *atom.Tool)
	}{
		{"create from the goal's effect", helpdesk, map[string]any{"app": "helpdesk", "effect": "create", "collection": "comments", "fields": []string{"ticket_id", "body", "public"}},
			verify.Evidence{}, "helpdesk_create_comment", func(t *testing.T, tl *atom.Tool) {
				props := tl.Input["properties"].(map[string]any)
				if props["public"].(map[string]any)["type"] != "boolean" || props["ticket_id"].(map[string]any)["type"] != "string" {
					t.Errorf("argument types from the collection: %v", props)
				}
				if !reflect.DeepEqual(tl.Input["required"], []any{"body", "public", "ticket_id"}) {
					t.Errorf("required = %v", tl.Input["required"])
				}
				if tl.Effect.Kind != "create" || tl.Effect.Collection != "comments" || tl.Effect.Set["created_at"] != "$now" {
					t.Errorf("effect = %+v", tl.Effect)
				}
			}},
		{"search uses the app's verb", crm, map[string]any{"app": "crm", "effect": "search", "collection": "notes", "fields": []any{"contact_id"}},
			verify.Evidence{}, "crm_find_notes", func(t *testing.T, tl *atom.Tool) {
				if tl.Effect.Kind != "search" || atom.InputProperties(tl.Input)["contact_id"] != true {
					t.Errorf("tool = %+v", tl)
				}
			}},
		{"update with a key and a constant", helpdesk, map[string]any{"app": "helpdesk", "effect": "update", "collection": "comments",
			"fields": []string{"id", "public"}, "key_field": "id", "set": map[string]any{"body": "redacted"}},
			verify.Evidence{}, "helpdesk_update_comment", func(t *testing.T, tl *atom.Tool) {
				if tl.Effect.Kind != "update" || tl.Effect.Set["body"] != "redacted" || tl.Input["required"].([]any)[0] != "id" {
					t.Errorf("tool = %+v", tl)
				}
				if atom.InputProperties(tl.Input)["body"] {
					t.Error("a constant became an argument")
				}
			}},
		{"a name the intent calls says the effect", lib.Head(atom.KindServer, "mail"), map[string]any{"app": "mail"},
			verify.Evidence{Tool: "mail_delete_draft"}, "mail_delete_draft", func(t *testing.T, tl *atom.Tool) {
				if tl.Effect.Kind != "delete" || tl.Effect.Collection != "drafts" {
					t.Errorf("effect = %+v", tl.Effect)
				}
			}},
		{"a list field appended to", lib.Head(atom.KindServer, "mail"), map[string]any{"app": "mail"},
			verify.Evidence{Tool: "mail_label_message"}, "mail_label_message", func(t *testing.T, tl *atom.Tool) {
				if tl.Effect.Kind != "append" || tl.Effect.Field != "labels" || tl.Effect.Value != "label" || !atom.InputProperties(tl.Input)["label"] {
					t.Errorf("tool = %+v", tl)
				}
			}},
		{"camelCase style", camelEntry, map[string]any{"app": "tasks", "effect": "create", "collection": "tasks", "fields": []string{"title"}},
			verify.Evidence{}, "tasksCreateTask", nil},
	}
	for _, c := range cases {
		for _, form := range []string{"in memory", "from JSON"} {
			t.Run(c.name+"/"+form, func(t *testing.T) {
				params := c.params
				if form == "from JSON" {
					params = asJSON(params)
				}
				v := failure(r, verify.ServerMissingTool, c.at, "add_tool", params, c.ev)
				p, err := propose(t, repairMissingTool, Request{Code: verify.ServerMissingTool, Atom: c.at, Lib: lib, Failures: []verify.Verdict{v, v}})
				if err != nil {
					t.Fatal(err)
				}
				s := p.Atom.(*atom.Server)
				old := c.at.MustServer()
				if len(s.Tools) != len(old.Tools)+1 {
					t.Fatalf("%d tools, want %d (one tool for the whole group)", len(s.Tools), len(old.Tools)+1)
				}
				tl := s.Tool(c.tool)
				if tl == nil {
					t.Fatalf("no tool %s; added %s", c.tool, s.Tools[len(s.Tools)-1].Name)
				}
				if tl.Description == "" || !strings.Contains(p.Note, c.tool) {
					t.Errorf("description %q, note %q", tl.Description, p.Note)
				}
				if c.check != nil {
					c.check(t, tl)
				}
			})
		}
	}
	t.Run("no effect to synthesise", func(t *testing.T) {
		v := failure(r, verify.ServerMissingTool, helpdesk, "add_tool", map[string]any{"app": "helpdesk"}, verify.Evidence{})
		if _, err := propose(t, repairMissingTool, Request{Atom: helpdesk, Lib: lib, Failures: []verify.Verdict{v}}); !errors.Is(err, ErrNoRepair) {
			t.Fatalf("err = %v, want ErrNoRepair", err)
		}
	})
}

func TestAlignField(t *testing.T) {
	srv := &atom.Server{Kind: atom.KindServer, ID: "mail", Collections: []atom.Collection{{Name: "messages", Fields: map[string]atom.Field{
		"recipient": {Type: "string"}, "body": {Type: "string"}}}},
		Tools: []atom.Tool{{Name: "mail_send", Description: "Send.", Input: map[string]any{"type": "object", "properties": map[string]any{
			"recipient": map[string]any{"type": "string"}, "body": map[string]any{"type": "string"}, "cc": map[string]any{"type": "string"}}},
			Effect: atom.Effect{Kind: "create", Collection: "messages"}}}}
	e := &atom.Entry{Kind: atom.KindServer, ID: "mail", Version: "v1", Atom: srv}
	lib := atom.NewLibrary()
	t.Run("rename", func(t *testing.T) {
		v := failure(atom.Recipe{}, verify.ServerSchemaMismatch, e, "rename_field", map[string]any{"app": "mail", "collection": "messages", "tool": "mail_send", "from": "recipient", "to": "to"}, verify.Evidence{})
		p, err := propose(t, repairSchemaMismatch, Request{Atom: e, Lib: lib, Failures: []verify.Verdict{v}})
		if err != nil {
			t.Fatal(err)
		}
		s := p.Atom.(*atom.Server)
		if s.Tools[0].Effect.Fields["recipient"] != "to" {
			t.Errorf("the tool does not write to: %+v", s.Tools[0].Effect)
		}
		if fd, ok := s.Collections[0].Fields["to"]; !ok || fd.Type != "string" {
			t.Errorf("field to not declared like recipient: %+v", s.Collections[0].Fields)
		}
	})
	t.Run("add field", func(t *testing.T) {
		v := failure(atom.Recipe{}, verify.ServerSchemaMismatch, e, "add_field", asJSON(map[string]any{"app": "mail", "collection": "messages", "tool": "mail_send", "from": "", "to": "cc"}), verify.Evidence{})
		p, err := propose(t, repairSchemaMismatch, Request{Atom: e, Lib: lib, Failures: []verify.Verdict{v}})
		if err != nil {
			t.Fatal(err)
		}
		if fd, ok := p.Atom.(*atom.Server).Collections[0].Fields["cc"]; !ok || fd.Type != "string" {
			t.Errorf("cc = %+v, %v", fd, ok)
		}
	})
	t.Run("nothing applies", func(t *testing.T) {
		v := failure(atom.Recipe{}, verify.ServerSchemaMismatch, e, "add_field", map[string]any{"collection": "messages", "to": "body"}, verify.Evidence{})
		if _, err := propose(t, repairSchemaMismatch, Request{Atom: e, Lib: lib, Failures: []verify.Verdict{v}}); !errors.Is(err, ErrNoRepair) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestAddRecord(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	data := lib.Head(atom.KindData, "initech_sales")
	r := recipeFor(lib, "log_discovery_note")
	r.Data = atom.Pin{ID: "initech_sales"}
	params := map[string]any{"app": "crm", "collection": "contacts", "key": "con_10", "handle": "the_customer", "fields": map[string]any{"name": nil, "email": nil, "account_id": "acc_10"}}
	v := failure(r, verify.DataMissingEntity, data, "add_record", asJSON(params), verify.Evidence{})
	req := Request{Atom: data, Lib: lib, Failures: []verify.Verdict{v, v, v}}
	p, err := propose(t, repairMissingEntity, req)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Atom.(*atom.Data)
	recs := d.Records["crm"]["contacts"]
	if len(recs) != len(data.MustData().Records["crm"]["contacts"])+1 {
		t.Fatalf("%d contacts: want exactly one added for the group", len(recs))
	}
	rec := recs[len(recs)-1]
	name, _ := rec["name"].(string)
	email, _ := rec["email"].(string)
	if rec["id"] != "con_10" || rec["account_id"] != "acc_10" || len(strings.Fields(name)) != 2 || !strings.HasSuffix(email, ".example") || !strings.Contains(email, "@") {
		t.Errorf("record = %v: want the key, the given value and a generated name and email", rec)
	}
	first := strings.ToLower(strings.Fields(name)[0])
	if !strings.HasPrefix(email, first+".") {
		t.Errorf("email %q does not belong to %q", email, name)
	}
	if _, ok := rec["do_not_contact"]; ok {
		t.Error("a state field was generated; only descriptive fields are")
	}
	again, _ := propose(t, repairMissingEntity, req)
	if !reflect.DeepEqual(again.Atom, p.Atom) {
		t.Error("the same repair gave another record")
	}
	// A handle the data lacks is exported.
	params["handle"], params["key"] = "new_lead", "con_77"
	v = failure(r, verify.DataMissingEntity, data, "add_record", params, verify.Evidence{})
	p, err = propose(t, repairMissingEntity, Request{Atom: data, Lib: lib, Failures: []verify.Verdict{v}})
	if err != nil {
		t.Fatal(err)
	}
	if h := p.Atom.(*atom.Data).Handles["new_lead"]; h.Key != "con_77" || h.Display != "name" {
		t.Errorf("handle = %+v", h)
	}
}

func TestChangeRecord(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	data := lib.Head(atom.KindData, "northwind_support")
	r := recipeFor(lib, "reply_and_pend")
	cases := []struct {
		field string
		avoid any
		check func(any) bool
	}{
		{"status", "open", func(v any) bool { return v != "open" && v != nil }},
		{"tags", "billing", func(v any) bool { l, ok := v.([]any); return ok && len(l) == 0 }},
		{"subject", "Invoice", func(v any) bool {
			s, ok := v.(string)
			return ok && s != "" && !strings.Contains(strings.ToLower(s), "invoice")
		}},
	}
	for _, c := range cases {
		t.Run(c.field, func(t *testing.T) {
			params := map[string]any{"app": "helpdesk", "collection": "tickets", "key": "T-1001", "field": c.field, "avoid": c.avoid, "assertion": 0}
			v := failure(r, verify.DataGoalAlreadyMet, data, "change_record", params, verify.Evidence{})
			p, err := propose(t, repairGoalAlreadyMet, Request{Atom: data, Lib: lib, Failures: []verify.Verdict{v}})
			if err != nil {
				t.Fatal(err)
			}
			recs := p.Atom.(*atom.Data).Records["helpdesk"]["tickets"]
			got := recs[findRecord(recs, "id", "T-1001")][c.field]
			if !c.check(got) {
				t.Errorf("%s = %#v", c.field, got)
			}
			if recs[findRecord(recs, "id", "T-0950")]["status"] != "solved" {
				t.Error("another record changed")
			}
		})
	}
	t.Run("generated record", func(t *testing.T) {
		params := map[string]any{"app": "helpdesk", "collection": "tickets", "key": "tickets_g0_1", "field": "status", "avoid": "open"}
		v := failure(r, verify.DataGoalAlreadyMet, data, "change_record", params, verify.Evidence{})
		if _, err := propose(t, repairGoalAlreadyMet, Request{Atom: data, Lib: lib, Failures: []verify.Verdict{v}}); !errors.Is(err, ErrNoRepair) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestIntentRepairs(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	note := lib.Head(atom.KindIntent, "log_discovery_note")
	mark := lib.Head(atom.KindIntent, "mark_do_not_contact")
	r := recipeFor(lib, "log_discovery_note")
	r.Data = atom.Pin{ID: "northwind_support"}
	t.Run("bind_slot", func(t *testing.T) {
		for _, params := range []map[string]any{
			{"slot": "customer", "handle": "dnc_contact", "candidates": []string{"dnc_contact", "the_customer"}},
			asJSON(map[string]any{"slot": "customer", "handle": "", "candidates": []string{"dnc_contact"}}),
		} {
			v := failure(r, verify.IntentUnboundSlot, note, "bind_slot", params, verify.Evidence{})
			p, err := propose(t, repairUnboundSlot, Request{Atom: note, Lib: lib, Failures: []verify.Verdict{v}})
			if err != nil {
				t.Fatal(err)
			}
			if s := p.Atom.(*atom.Intent).Slots["customer"]; s.Handle != "dnc_contact" || s.Value != nil {
				t.Errorf("slot = %+v", s)
			}
		}
		v := failure(r, verify.IntentUnboundSlot, note, "bind_slot", map[string]any{"slot": "customer", "handle": "", "candidates": []string{"a", "b"}}, verify.Evidence{})
		if _, err := propose(t, repairUnboundSlot, Request{Atom: note, Lib: lib, Failures: []verify.Verdict{v}}); !errors.Is(err, ErrNoRepair) {
			t.Errorf("ambiguous candidates: err = %v", err)
		}
	})
	t.Run("rewrite_assertion field", func(t *testing.T) {
		v := failure(r, verify.IntentUnverifiable, mark, "rewrite_assertion", asJSON(map[string]any{"index": 0, "collection": "crm.contacts", "field": "do_not_contactt", "suggestion": "do_not_contact"}), verify.Evidence{})
		p, err := propose(t, repairUnverifiable, Request{Atom: mark, Lib: lib, Failures: []verify.Verdict{v}})
		if err != nil {
			t.Fatal(err)
		}
		g := p.Atom.(*atom.Intent).Goal[0]
		if len(g.Where) != 2 || g.Where[0].Field != "do_not_contact" || g.Target != "crm.contacts" {
			t.Errorf("goal[0] = %+v", g)
		}
		if len(p.Atom.(*atom.Intent).Goal) != len(mark.MustIntent().Goal) {
			t.Error("an assertion was dropped")
		}
	})
	t.Run("rewrite_assertion collection", func(t *testing.T) {
		v := failure(r, verify.IntentUnverifiable, note, "rewrite_assertion", map[string]any{"index": 0, "collection": "crm.notes", "field": "", "suggestion": "crm.contacts"}, verify.Evidence{})
		p, err := propose(t, repairUnverifiable, Request{Atom: note, Lib: lib, Failures: []verify.Verdict{v}})
		if err != nil || p.Atom.(*atom.Intent).Goal[0].Target != "crm.contacts" {
			t.Errorf("%v %+v", err, p.Atom)
		}
		v.RootCause.SuggestedFix.Edit.(*verify.RewriteAssertion).Suggestion = ""
		if _, err := propose(t, repairUnverifiable, Request{Atom: note, Lib: lib, Failures: []verify.Verdict{v}}); !errors.Is(err, ErrNoRepair) {
			t.Errorf("no suggestion: err = %v", err)
		}
	})
	t.Run("tighten_assertion", func(t *testing.T) {
		// con_1's account is acc_1: the value a slot's record renders
		// becomes a template, so the intent keeps serving other data.
		v := failure(r, verify.VerifierNotDiscriminating, note, "tighten_assertion", map[string]any{"index": 0, "field": "contact_id", "value": "con_1"}, verify.Evidence{})
		p, err := propose(t, repairNotDiscriminating, Request{Atom: note, Lib: lib, Failures: []verify.Verdict{v}})
		if err != nil {
			t.Fatal(err)
		}
		var got assert.Predicate
		for _, pr := range p.Atom.(*atom.Intent).Goal[0].Where {
			if pr.Field == "contact_id" {
				got = pr
			}
		}
		if got.Value != "{{customer.id}}" && got.Value != "{{customer}}" {
			t.Errorf("predicate = %+v, want a slot template", got)
		}
		v = failure(r, verify.VerifierNotDiscriminating, note, "tighten_assertion", map[string]any{"index": 0, "field": "priority", "value": "high"}, verify.Evidence{})
		p, err = propose(t, repairNotDiscriminating, Request{Atom: note, Lib: lib, Failures: []verify.Verdict{v}})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, pr := range p.Atom.(*atom.Intent).Goal[0].Where {
			found = found || pr.Field == "priority" && pr.Value == "high" && pr.Op == assert.OpEquals
		}
		if !found {
			t.Errorf("literal predicate missing: %+v", p.Atom.(*atom.Intent).Goal[0])
		}
	})
}

func TestToolStyle(t *testing.T) {
	mk := func(names ...string) *atom.Server {
		s := &atom.Server{ID: "app"}
		for _, n := range names {
			s.Tools = append(s.Tools, atom.Tool{Name: n, Effect: atom.Effect{Kind: "search"}})
		}
		return s
	}
	cases := []struct {
		s           *atom.Server
		prefix, sep string
		searchVerb  string
	}{
		{mk("crm_find_accounts", "crm_get_account"), "crm_", "_", "find"},
		{mk("google_sheets_list_rows", "google_sheets_get_row"), "google_sheets_", "_", "list"},
		{mk("crmFindAccounts", "crmGetAccount"), "crm", "", "find"},
		{mk("jira-search-issues", "jira-get-issue"), "jira-", "-", "search"},
		{mk("search_messages"), "", "_", "search"},
		{mk(), "app_", "_", ""},
	}
	for _, c := range cases {
		st := styleOf(c.s)
		if st.prefix != c.prefix || st.sep != c.sep || st.verbs["search"] != c.searchVerb {
			t.Errorf("%v: style %+v, want prefix %q sep %q verb %q", c.s.Tools, st, c.prefix, c.sep, c.searchVerb)
		}
	}
}
