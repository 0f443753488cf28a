package verify

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// The planner_reads fixture: one environment per capability of the planner
// beyond one record per assertion. Each must verify, the discriminating
// check included, with the plan given; the last must fail on the goal that
// blocks it.
func TestPlannerReads(t *testing.T) {
	lib := loadFixture(t, "planner_reads")
	want := map[string][]string{
		// Four assertions and a count of one: one mail, the phrases joined.
		"merged_mail": {`mail_send {"body":"Apollo Hermes","subject":"Weekly","to":["ana@acme.example"]}`},
		// cells.Item and cells.Amount through the argument writing cells.
		"row_cells": {`sheet_add_row {"cells":{"Amount":"1200","Item":"Laptops"},"sheet_id":"sh_budget"}`},
		// A cel goal read as a where: the recipient and two phrases.
		// The phrases as the instruction writes them, not lower-cased.
		"cel_mail": {`mail_send {"body":"Apollo budget","to":["ana@acme.example"]}`},
		// A note inside a ticket, by a Starlark tool the cel goal judges.
		"starlark_note": {`desk_add_note {"body":"escalated","ticket_id":"T-2"}`},
		// A Starlark update given the row's cells with the one changed.
		"starlark_row": {`sheet_update_row {"cells":{"Amount":"300","Item":"Chairs","Status":"Done"},"id":"row_2"}`},
	}
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(env.Intent.ID, func(t *testing.T) {
			v := VerifyEnv(context.Background(), env)
			if env.Intent.ID == "blocked_by_cel" {
				// goal[0]'s first way (the call log) is closed, its second
				// works; goal[1] blocks the plan and is the root cause.
				rc := v.RootCause
				if v.Verified || rc == nil {
					t.Fatalf("verified: %+v", v)
				}
				if rc.Code != IntentBadPlan || rc.Atom.ID != "blocked_by_cel" || rc.Evidence.Assertion != "an urgent ticket exists" {
					t.Errorf("root cause %s %s %q, want the cel goal[1]: %s", rc.Code, rc.Atom.ID, rc.Evidence.Assertion, rc.Evidence.Message)
				}
				return
			}
			if !v.Verified {
				t.Fatalf("not verified: %+v", v.RootCause)
			}
			wantPlan(t, v.Plan, want[env.Intent.ID])
			for _, c := range v.Checks {
				if c.Name == "discriminating" && (c.Status != Pass || !strings.Contains(strings.Join(c.Diagnostics, " "), "all lose reward")) {
					t.Errorf("discriminating: %+v", c)
				}
			}
		})
	}
}

// readCEL reads the shapes cel goals are written in, and nothing it cannot
// check: the reading must make the program hold on a record built from it.
func TestReadCEL(t *testing.T) {
	lib := loadFixture(t, "planner_reads")
	infos := map[string]*facts.Info{} // app -> an environment serving it
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, app := range env.Apps {
			if infos[app] == nil {
				infos[app] = facts.New(env)
			}
		}
	}
	cases := []struct {
		name, expr string
		negative   bool
		want       string // the where read, "" for none
	}{
		{"phrases and a recipient", `state["mail"]["messages"].exists(r, (type(r) == map && "body" in r && r.body != null && type(r.body) == string && r.body.lowerAscii().contains("apollo")) && (type(r) == map && "to" in r && r.to != null && type(r.to) == list && r.to.exists(el, type(el) == string && el.lowerAscii() == "ana@acme.example")))`,
			false, `body icontains "apollo" to iequals "ana@acme.example"`},
		{"list or scalar", `state["mail"]["messages"].exists(r, (type(r.folder) == list ? r.folder.exists(el, el == "sent") : r.folder == "sent"))`,
			false, `folder="sent"`},
		{"in a list of values", `state["mail"]["messages"].exists(r, r.subject in ["A", "B"])`, false, `subject in ["A","B"]`},
		{"record of a list", `state["desk"]["tickets"].exists(r, r.id == "T-1" && r.notes.exists(n, type(n) == map && n.body.contains("done")))`,
			false, `id="T-1" notes elem [{"Field":"body","Op":"contains","Value":"done"}]`},
		{"any value of an object", `state["sheet"]["rows"].exists(r, r.cells.exists(k, (type(r.cells[k]) == string ? r.cells[k] : "").lowerAscii().contains("laptops")))`,
			false, `cells.* icontains "laptops"`},
		{"negated", `!state["mail"]["messages"].exists(r, r.body.contains("secret"))`, true, `body contains "secret"`},
		{"order and pattern", `state["sheet"]["rows"].exists(r, r.sheet_id.matches("^sh_[a-z]+$") && r.cells.Amount > 10.0)`,
			false, `sheet_id matches "^sh_[a-z]+$" cells.Amount gt 10`},
		{"a disjunction", `state["mail"]["messages"].exists(r, r.subject == "A" || r.subject == "B")`, false, ""},
		{"two collections", `state["mail"]["messages"].exists(r, state["desk"]["tickets"].exists(t, t.id == r.subject))`, false, ""},
		{"unknown collection", `state["crm"]["leads"].exists(r, r.name == "A")`, false, ""},
		{"not an exists", `size(state["mail"]["messages"]) > 3`, false, ""},
		{"all, not exists", `state["mail"]["messages"].all(r, r.folder == "sent")`, false, ""},
		{"sign does not match", `!state["mail"]["messages"].exists(r, r.body.contains("x"))`, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog, err := assert.Compile(assert.Assertion{Type: assert.CEL, Expr: c.expr, Negative: c.negative})
			if err != nil {
				t.Fatal(err)
			}
			app := "mail"
			for _, a := range []string{"desk", "sheet", "crm"} {
				if strings.Contains(c.expr, `["`+a+`"]`) {
					app = a
				}
			}
			in := infos[app]
			if in == nil {
				in = infos["mail"]
			}
			got := in.ReadCEL(prog)
			if c.want == "" {
				if got != nil {
					t.Fatalf("read %v, want nothing", got.Where)
				}
				return
			}
			if got == nil {
				t.Fatalf("not read, want %s", c.want)
			}
			var parts []string
			for _, p := range got.Where {
				parts = append(parts, p.String())
			}
			if s := strings.Join(parts, " "); s != c.want {
				t.Errorf("read %s, want %s", s, c.want)
			}
			if wantType := map[bool]string{false: assert.Exists, true: assert.NotExists}[c.negative]; got.Type != wantType {
				t.Errorf("type %s, want %s", got.Type, wantType)
			}
		})
	}
}

// A regex witness matches its pattern; joined phrases keep each phrase.
func TestWitnesses(t *testing.T) {
	for _, pat := range []string{`^\D*4\D*1\D*5\D*5\D*5\D*3\D*$`, `^[A-Z]{3}-\d{4}$`, `(?i)^inv(oice)?-\d+$`, `a|b`, `^x+y?z{2,3}$`} {
		w, ok := satisfy.RegexWitness(pat)
		if !ok || !satisfy.HoldsOn(w, []assert.Predicate{{Field: "v", Op: assert.OpMatches, Value: pat}}) {
			t.Errorf("%s: witness %q (%v) does not match", pat, w, ok)
		}
	}
	if got := satisfy.JoinTexts([]string{"Webinar", "Webinar:", "LinkedIn", "linkedin"}); got != "Webinar: LinkedIn" {
		t.Errorf("joinTexts = %q", got)
	}
	rec, ok := satisfy.RecordFor([]assert.Predicate{
		{Field: "cells.Status", Op: assert.OpEquals, Value: "Done"},
		{Field: "notes", Op: satisfy.OpElem, Value: []assert.Predicate{{Field: "body", Op: assert.OpIContains, Value: "late"}}},
	}, nil, nil)
	w := state.Record(rec)
	if !ok || !reflect.DeepEqual(map[string]any(w), map[string]any{"cells": map[string]any{"Status": "Done"}, "notes": []any{map[string]any{"body": "late"}}}) {
		t.Errorf("recordFor = %v (%v)", rec, ok)
	}
}

// The planner_removals fixture: the record a subject phrase names is
// tagged (not the tagged ticket renamed), a tag comes off through a
// Starlark tool that names the ticket, a tag replaced on one list leaves
// no needless write, a record of any type is written through record_id,
// object_type and an object of fields, a record inside a list is dropped,
// a count comes down by the record a negative assertion forbids, and a
// record leaves a state for the one the instruction asks for. Each
// verifies with the plan given.
func TestPlannerRemovals(t *testing.T) {
	lib := loadFixture(t, "planner_removals")
	want := map[string][]string{
		"tag_by_subject": {`help_update_ticket {"id":"t1","tags":["billing","urgent","escalated"]}`, `help_find_tickets {"subject":"Billing B"}`, `help_update_ticket {"id":"t2","tags":["escalated"]}`},
		"untag_starlark": {`help_find_tickets {"subject":"Billing A","tags":"urgent"}`, `help_remove_tag {"tag":"urgent","ticket_id":"t1"}`},
		"retag":          {`help_find_tickets {"subject":"Billing A"}`, `help_update_ticket {"id":"t1","tags":["billing","vip"]}`},
		"any_record":     {`crm_update_record {"fields":{"type":"New Business"},"object_type":"Deal","record_id":"d1"}`},
		// A watcher (a record inside a list) dropped by a tool that sets
		// the whole list.
		"unwatch": {`help_find_tickets {"subject":"Billing A"}`, `help_set_watchers {"ticket_id":"t1","watchers":[{"email":"ann@co.example"}]}`},
		// Down to two tickets: the one the negative assertion forbids goes.
		"delete_forbidden_first": {`help_find_tickets {}`, `help_delete_ticket {"id":"t3"}`},
		// Out of open into the state the instruction asks for.
		"solve_not_open": {`help_find_tickets {"status":"open","subject":"Login"}`, `help_update_ticket {"id":"t3","status":"solved"}`},
		// The second record is found by its name, not by the stage the
		// first was given (the tenth batch's sf_close_lost_stale_opportunities).
		"two_stages_by_name": {`pipe_find_opps {"name":"Quay pilot"}`, `pipe_update_opp {"id":"o1","stage":"Closed Lost"}`, `pipe_find_opps {"name":"Brook renewal"}`, `pipe_update_opp {"id":"o3","stage":"Closed Lost"}`},
	}
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(env.Intent.ID, func(t *testing.T) {
			v := VerifyEnv(context.Background(), env)
			if !v.Verified {
				t.Fatalf("not verified: %+v", v.RootCause)
			}
			wantPlan(t, v.Plan, want[env.Intent.ID])
		})
	}
}

// wantPlan fails t when plan is not the calls want lists, one "name
// {args}" a line.
func wantPlan(t *testing.T, plan []episode.ToolCall, want []string) {
	t.Helper()
	var got []string
	for _, c := range plan {
		got = append(got, c.Name+" "+string(c.Args))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("plan\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A positive check with a join (the importer's reference to a record no
// initial one answers) reads as its other tests plus the join; a negated
// one, and a join with no tests of its own, are not read.
func TestReadJoinCEL(t *testing.T) {
	in := &facts.Info{Colls: map[string]*collInfo{"crm.deals": {}, "crm.contacts": {}}}
	named := func(x string) string {
		return `state["crm"]["contacts"].exists(t1, type(t1) == map && "id" in t1 && type(t1["id"]) == type(` + x + `) && t1["id"] == ` + x + ` && t1.email.lowerAscii() == "lee@x.example")`
	}
	join := `(type(r) == map && "contact_ids" in r && (type(r.contact_ids) == list ? r.contact_ids.exists(id1, ` + named("id1") + `) : ` + named("r.contact_ids") + `))`
	expr := `state["crm"]["deals"].exists(r, r.name == "Big deal" && ` + join + `)`
	prog, err := assert.Compile(assert.Assertion{Type: assert.CEL, Expr: expr})
	if err != nil {
		t.Fatal(err)
	}
	want, joins := in.ReadJoinCEL(prog)
	if want == nil || len(joins) != 1 {
		t.Fatalf("not read: %v %v", want, joins)
	}
	if len(want.Where) != 1 || want.Where[0].String() != `name="Big deal"` {
		t.Errorf("where %v", want.Where)
	}
	j := joins[0]
	if j.Field != "contact_ids" || j.Target != "crm.contacts" || j.Key != "id" || len(j.Where) != 1 || j.Where[0].Field != "email" {
		t.Errorf("join %+v", j)
	}
	neg, err := assert.Compile(assert.Assertion{Type: assert.CEL, Expr: "!" + expr, Negative: true})
	if err != nil {
		t.Fatal(err)
	}
	if w, js := in.ReadJoinCEL(neg); w != nil || js != nil {
		t.Errorf("a negated join was read: %v %v", w, js)
	}
}
