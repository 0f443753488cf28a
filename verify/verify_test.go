package verify

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/plan"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// loadFixture loads testdata/<name>. Diagnostics are tolerated: a fixture
// may be broken on purpose (a recipe pinning a missing atom).
func loadFixture(t testing.TB, name string) *atom.Library {
	t.Helper()
	lib, _, err := atom.LoadDir(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Recipes()) == 0 {
		t.Fatalf("fixture %s has no recipes", name)
	}
	return lib
}

// failCase is a fixture environment built to fail one way.
type failCase struct {
	fixture string
	recipe  int
	check   string   // the check that fails
	code    Code     // the root cause
	atom    AtomRef  // the blamed atom (version: the library's head)
	action  Action   // the suggested fix's action ("" for none)
	params  []string // "key=value" pairs the fix's params must hold (values as JSON)
}

var failCases = []failCase{
	{"missing_tool", 0, "solvable", ServerMissingTool, AtomRef{Kind: atom.KindServer, ID: "mail"}, "add_tool",
		[]string{`app="mail"`, `effect="create"`, `collection="messages"`, `fields=["body","to"]`, `set={"folder":"sent"}`}},
	{"missing_search", 0, "solvable", ServerMissingTool, AtomRef{Kind: atom.KindServer, ID: "crm"}, "add_tool",
		[]string{`effect="search"`, `collection="contacts"`, `fields=["email","name"]`}},
	{"tool_error", 0, "solvable", ServerToolError, AtomRef{Kind: atom.KindServer, ID: "mail"}, "fix_effect",
		[]string{`tool="mail_send"`, `error="smtp relay unavailable"`}},
	{"schema_mismatch", 0, "solvable", ServerSchemaMismatch, AtomRef{Kind: atom.KindServer, ID: "mail"}, "rename_field",
		[]string{`app="mail"`, `collection="messages"`, `tool="mail_send"`, `from="recipient"`, `to="to"`}},
	{"schema_field", 0, "compose", ServerSchemaMismatch, AtomRef{Kind: atom.KindServer, ID: "crm"}, "add_field",
		[]string{`collection="notes"`, `tool="crm_create_note"`, `to="title"`}},
	{"missing_app", 0, "compose", ServerMissingApp, AtomRef{Kind: atom.KindServer, ID: "calendar"}, "", nil},
	{"tool_conflict", 0, "compose", ServerToolConflict, AtomRef{Kind: atom.KindServer, ID: "desk_mirror"}, "", nil},
	{"missing_entity", 0, "compose", DataMissingEntity, AtomRef{Kind: atom.KindData, ID: "acme"}, "add_record",
		[]string{`app="desk"`, `collection="tickets"`, `key="T-404"`, `handle="the_ticket"`}},
	{"missing_entity_plan", 0, "solvable", DataMissingEntity, AtomRef{Kind: atom.KindData, ID: "acme"}, "add_record",
		[]string{`collection="tickets"`, `key="T-404"`}},
	{"goal_met", 0, "nontrivial", DataGoalAlreadyMet, AtomRef{Kind: atom.KindData, ID: "acme"}, "change_record",
		[]string{`app="desk"`, `collection="tickets"`, `key="T-1"`, `field="status"`, `avoid="pending"`, `assertion=0`}},
	{"inconsistent", 0, "compose", DataInconsistent, AtomRef{Kind: atom.KindData, ID: "acme"}, "", nil},
	{"inconsistent", 1, "compose", DataInconsistent, AtomRef{Kind: atom.KindData, ID: "acme_dup"}, "", nil},
	{"unbound_slot", 0, "compose", IntentUnboundSlot, AtomRef{Kind: atom.KindIntent, ID: "pend_only"}, "bind_slot",
		[]string{`slot="ticket"`, `handle="the_ticket"`, `candidates=["the_contact","the_ticket"]`}},
	{"contradictory", 0, "solvable", IntentContradictory, AtomRef{Kind: atom.KindIntent, ID: "pend_and_solve"}, "", nil},
	{"contradictory", 1, "solvable", IntentContradictory, AtomRef{Kind: atom.KindIntent, ID: "comment_and_not"}, "", nil},
	{"unverifiable", 0, "compose", IntentUnverifiable, AtomRef{Kind: atom.KindIntent, ID: "pend_typo"}, "rewrite_assertion",
		[]string{`index=0`, `collection="desk.tickets"`, `field="staus"`, `suggestion="status"`}},
	{"unverifiable", 1, "compose", IntentUnverifiable, AtomRef{Kind: atom.KindIntent, ID: "pend_coll_typo"}, "rewrite_assertion",
		[]string{`index=0`, `collection="desk.ticket"`, `suggestion="desk.tickets"`}},
	{"rule_conflict", 0, "solvable", RuleConflictsWithGoal, AtomRef{Kind: atom.KindRule, ID: "internal_only"}, "relax_rule", []string{`check=0`}},
	{"rule_conflict", 1, "solvable", RuleConflictsWithGoal, AtomRef{Kind: atom.KindRule, ID: "no_delete"}, "relax_rule", []string{`check=0`}},
	{"not_discriminating", 0, "discriminating", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "remind_owner"}, "tighten_assertion",
		[]string{`index=0`, `field="to"`, `value="rita.mendes@acme.example"`}},
	// The goal leaves out the tag the instruction asks for: the reference
	// plan that adds it breaks the whole-world fence, and the fix makes the
	// goal say it.
	{"not_discriminating", 1, "solvable", IntentUnaskedChange, AtomRef{Kind: atom.KindIntent, ID: "pend_and_tag"}, "tighten_assertion",
		[]string{`index=0`, `field="tags"`, `value="waiting"`}},
	{"over_action", 0, "discriminating", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "urgent_one"}, "add_assertion",
		// The value as the intent writes it: the slot the goal names the ticket by.
		[]string{`assertion={"except":{"id":{"equals":"{{ticket}}"}},"label":"nothing else in desk.tickets changes","unchanged":"desk.tickets"}`}},
	{"over_action", 1, "discriminating", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "refund_or_reply"}, "add_assertion",
		[]string{`assertion={"label":"nothing in desk.comments changes","unchanged":"desk.comments"}`}},
	{"weak_goal", 0, "discriminating", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "refund_mail_weak"}, "", nil},
	// The weak goal beside a rule: the free recipient is filled within it,
	// so the goal's weakness is found, not a conflict with the rule.
	{"weak_goal", 1, "discriminating", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "tell_owner_weak"}, "", nil},
	{"weak_negatives", 0, "discriminating", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "log_once"}, "add_assertion",
		[]string{`assertion={"bound":{"max":1},"count":"log.entries","where":{"body":{"contains":"Handled today."}}}`}},
	{"stripped_instruction", 0, "solvable", IntentGoalNotInInstruction, AtomRef{Kind: atom.KindIntent, ID: "escalate_stripped"}, "rewrite_instruction",
		[]string{`field="priority"`, `value="urgent"`, `index=0`}},
	{"toolset", 0, "solvable", IntentToolsetExcludes, AtomRef{Kind: atom.KindIntent, ID: "pend_restricted"}, "add_to_toolset", []string{`tools=["desk_update_ticket"]`}},
	{"trivial_goal", 0, "nontrivial", IntentTrivialGoal, AtomRef{Kind: atom.KindIntent, ID: "lower_priority_loose"}, "tighten_assertion", []string{`index=0`}},
	{"no_positive", 0, "nontrivial", VerifierNotDiscriminating, AtomRef{Kind: atom.KindIntent, ID: "do_not_solve"}, "", nil},
	{"nondeterministic", 0, "deterministic", Nondeterministic, AtomRef{Kind: atom.KindServer, ID: "stamp"}, "fix_effect", []string{`tool="stamp_create"`}},
	{"bad_plan", 0, "solvable", IntentBadPlan, AtomRef{Kind: atom.KindIntent, ID: "pend_bad_plan"}, "replace_plan",
		[]string{`plan=[{"args":{"id":"T-1","status":"pending"},"tool":"desk_update_ticket"}]`}},
	{"bad_plan", 1, "solvable", IntentBadPlan, AtomRef{Kind: atom.KindIntent, ID: "comment_count_cel"}, "", nil},
	{"ambiguous", 0, "solvable", IntentAmbiguous, AtomRef{Kind: atom.KindIntent, ID: "note_by_name"}, "rewrite_instruction",
		[]string{`slot="contact"`, `field="email"`}},
	// The goal names one of two open tickets the instruction does not
	// tell apart: the plan's record is the goal's choice.
	{"unsingled", 0, "solvable", IntentAmbiguous, AtomRef{Kind: atom.KindIntent, ID: "pend_their_ticket"}, "", nil},
	// The instruction names the ticket and asks nothing: the goal alone
	// says what to do with it.
	{"not_asked", 0, "solvable", IntentNotAsked, AtomRef{Kind: atom.KindIntent, ID: "ticket_shown"}, "", nil},
	{"missing_atom", 0, "compose", RecipeMissingAtom, AtomRef{Kind: atom.KindData, ID: "nowhere"}, "", nil},
}

func TestRootCauseFixtures(t *testing.T) {
	ctx := context.Background()
	for _, tc := range failCases {
		t.Run(tc.fixture+"/"+strconv.Itoa(tc.recipe), func(t *testing.T) {
			lib := loadFixture(t, tc.fixture)
			v := Verify(ctx, lib, lib.Recipes()[tc.recipe])
			if v.Verified {
				t.Fatalf("verified, want %s", tc.code)
			}
			var failedCheck string
			after := false
			for _, c := range v.Checks {
				switch {
				case after && c.Status != Skip:
					t.Errorf("check %s ran (%s) after a failure", c.Name, c.Status)
				case c.Status == Fail:
					failedCheck, after = c.Name, true
				}
			}
			if failedCheck != tc.check {
				t.Errorf("failed check %q, want %q (%+v)", failedCheck, tc.check, v.Checks)
			}
			rc := v.RootCause
			if rc == nil {
				t.Fatal("no root cause")
			}
			if rc.Code != tc.code {
				t.Errorf("code %s, want %s (%s)", rc.Code, tc.code, rc.Evidence.Message)
			}
			if rc.Atom.Kind != tc.atom.Kind || rc.Atom.ID != tc.atom.ID {
				t.Errorf("blamed %s, want %s", rc.Atom, tc.atom)
			}
			if e := lib.Head(tc.atom.Kind, tc.atom.ID); e != nil && rc.Atom.Version != e.Version {
				t.Errorf("blamed version %q, want the head %q", rc.Atom.Version, e.Version)
			}
			if rc.Evidence.Message == "" {
				t.Error("no evidence message")
			}
			if tc.action == "" {
				return
			}
			fx := rc.SuggestedFix
			if fx == nil {
				t.Fatalf("no suggested fix, want %s", tc.action)
			}
			if fx.Action() != tc.action || fx.Atom != rc.Atom {
				t.Errorf("fix %s on %s, want %s on %s", fx.Action(), fx.Atom, tc.action, rc.Atom)
			}
			got, _ := json.Marshal(fx.Edit)
			var params map[string]json.RawMessage
			_ = json.Unmarshal(got, &params)
			for _, kv := range tc.params {
				k, want, _ := strings.Cut(kv, "=")
				if string(params[k]) != want {
					t.Errorf("fix param %s = %s, want %s (all: %s)", k, params[k], want, got)
				}
			}
		})
	}
}

// Every root-cause code and every check has a fixture that fails that way.
func TestFixturesCoverTaxonomy(t *testing.T) {
	codes := map[Code]bool{}
	checks := map[string]bool{}
	for _, tc := range failCases {
		codes[tc.code] = true
		checks[tc.check] = true
	}
	for _, rc := range RootCauses() {
		if !codes[rc.Code] {
			t.Errorf("no fixture fails with %s", rc.Code)
		}
		if rc.Doc == "" {
			t.Errorf("%s has no doc line", rc.Code)
		}
	}
	for _, c := range Checks() {
		if !checks[c.Name] {
			t.Errorf("no fixture fails check %s", c.Name)
		}
		if c.Doc == "" || c.Run == nil {
			t.Errorf("check %s lacks a doc line or a run function", c.Name)
		}
	}
}

// The golden file holds every fixture verdict's root cause in full
// (evidence, fix), so that a change of wording or params is reviewed.
func TestRootCauseGolden(t *testing.T) {
	ctx := context.Background()
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Fixture  string     `json:"fixture"`
		Intent   string     `json:"intent"`
		Verified bool       `json:"verified"`
		Checks   []string   `json:"checks"`
		Cause    *RootCause `json:"root_cause,omitempty"`
	}
	var rows []row
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "golden" {
			continue
		}
		lib := loadFixture(t, d.Name())
		for _, v := range VerifyAll(ctx, lib, lib.Recipes(), Options{Jobs: 2}) {
			r := row{Fixture: d.Name(), Intent: v.Intent, Verified: v.Verified, Cause: v.RootCause}
			for _, c := range v.Checks {
				r.Checks = append(r.Checks, c.Name+":"+c.Status)
			}
			rows = append(rows, r)
		}
	}
	got, _ := json.MarshalIndent(rows, "", "  ")
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", "verdicts.json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./verify -run Golden -update)", err)
	}
	if string(got) != string(want) {
		t.Errorf("verdicts differ from %s (rerun with -update and review the diff):\n%s", path, firstDiff(string(want), string(got)))
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n- " + x + "\n+ " + y
		}
	}
	return ""
}

func TestSoundFixture(t *testing.T) {
	lib := loadFixture(t, "sound")
	vs := VerifyAll(context.Background(), lib, lib.Recipes(), Options{})
	from := map[string]string{"pend_ticket": "reference", "note_contact": "planner", "owner_reminder": "planner", "escalate": "planner"}
	for _, v := range vs {
		t.Run(v.Intent, func(t *testing.T) {
			if !v.Verified {
				t.Fatalf("not verified: %+v", v.RootCause)
			}
			for _, c := range v.Checks {
				if c.Status != Pass {
					t.Errorf("check %s: %s", c.Name, c.Status)
				}
			}
			if v.PlanFrom != from[v.Intent] {
				t.Errorf("plan from %q, want %q", v.PlanFrom, from[v.Intent])
			}
			if len(v.Plan) == 0 {
				t.Error("no plan recorded")
			}
		})
	}
}

func TestExampleLibraryVerifies(t *testing.T) {
	lib := testlib.Example(t)
	vs := VerifyAll(context.Background(), lib, lib.Recipes(), Options{})
	if len(vs) != 7 {
		t.Fatalf("%d verdicts, want 7", len(vs))
	}
	planned := map[string]bool{}
	for _, v := range vs {
		if !v.Verified {
			t.Errorf("%s %s/%s: %+v", v.EnvID, v.Intent, v.Data, v.RootCause)
		}
		if v.PlanFrom == "planner" {
			planned[v.Intent] = true
		}
	}
	for _, id := range []string{"email_account_owner", "log_discovery_note"} {
		if !planned[id] {
			t.Errorf("%s was not solved by the planner", id)
		}
	}
	s := Summarize(vs)
	if s.Total != 7 || s.Verified != 7 || s.Share != 1 || len(s.Pareto) != 0 {
		t.Errorf("summary %+v", s)
	}
}

// The planner looks up the records the task names: its plan starts with a
// read of the collection, and the key it writes comes from that read's
// observation, not from the binding.
func TestPlannerLooksUpNamedRecords(t *testing.T) {
	lib := testlib.Example(t)
	cases := map[string]struct{ read, write, arg, key string }{
		"log_discovery_note/northwind_support":  {"crm_find_contacts", "crm_create_note", "contact_id", "con_1"},
		"log_discovery_note/initech_sales":      {"crm_find_contacts", "crm_create_note", "contact_id", "con_10"},
		"email_account_owner/northwind_support": {"crm_find_accounts", "mail_send_message", "to", "dana.whitaker@northwind.example"},
		"email_account_owner/initech_sales":     {"crm_find_accounts", "mail_send_message", "to", "rosa.silva@northwind.example"},
	}
	seen := 0
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, ok := cases[env.Intent.ID+"/"+env.Data.ID]
		if !ok {
			continue
		}
		seen++
		t.Run(env.Intent.ID+"/"+env.Data.ID, func(t *testing.T) {
			plan, err := Plan(context.Background(), env)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan) != 2 || plan[0].Name != want.read || plan[1].Name != want.write {
				t.Fatalf("plan %s", callNames(plan))
			}
			s, _ := episode.NewSession(env, episode.SessionOptions{})
			obs := s.Call(plan[0])
			var args map[string]any
			_ = json.Unmarshal(plan[1].Args, &args)
			if args[want.arg] != want.key {
				t.Errorf("%s = %v, want %s", want.arg, args[want.arg], want.key)
			}
			if !strings.Contains(obs.Content, want.key) {
				t.Errorf("the key %s is not in the lookup's observation %s", want.key, obs.Content)
			}
			// The lookup uses only what the instruction reveals.
			var lookArgs map[string]any
			_ = json.Unmarshal(plan[0].Args, &lookArgs)
			for _, v := range lookArgs {
				if !strings.Contains(env.Instruction, state.Text(v)) {
					t.Errorf("lookup argument %v is not in the instruction %q", v, env.Instruction)
				}
			}
		})
	}
	if seen != len(cases) {
		t.Fatalf("found %d of %d environments", seen, len(cases))
	}
}

func callNames(cs []episode.ToolCall) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

func TestPlanErrorReasons(t *testing.T) {
	cases := []struct {
		fixture string
		kind    string
		code    Code
	}{
		{"missing_tool", plan.ReasonNoToolWrites, ServerMissingTool},
		{"schema_mismatch", plan.ReasonNoToolSets, ServerSchemaMismatch},
		{"missing_search", plan.ReasonNoToolReads, ServerMissingTool},
		{"missing_entity_plan", plan.ReasonNoRecord, DataMissingEntity},
		{"ambiguous", plan.ReasonAmbiguous, IntentAmbiguous},
		{"contradictory", plan.ReasonContradiction, IntentContradictory},
		{"rule_conflict", plan.ReasonRuleForbids, RuleConflictsWithGoal},
	}
	for _, tc := range cases {
		t.Run(tc.fixture, func(t *testing.T) {
			lib := loadFixture(t, tc.fixture)
			env, err := episode.Compose(lib, lib.Recipes()[0], episode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := Plan(context.Background(), env)
			var pe *PlanError
			if !errors.As(err, &pe) {
				t.Fatalf("plan %v, error %v; want a *PlanError", callNames(plan), err)
			}
			if pe.Reasons[0].Kind != tc.kind || pe.Reasons[0].Cause.Code != tc.code {
				t.Errorf("first reason %s (%s), want %s (%s): %v", pe.Reasons[0].Kind, pe.Reasons[0].Cause.Code, tc.kind, tc.code, pe)
			}
			if !strings.Contains(pe.Error(), pe.Reasons[0].Message) {
				t.Errorf("error %q does not say %q", pe.Error(), pe.Reasons[0].Message)
			}
		})
	}
}

// Plans are deterministic: the same environment gives the same plan.
func TestPlanDeterministic(t *testing.T) {
	lib := loadFixture(t, "sound")
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(env.Plan) > 0 {
			continue
		}
		a, err1 := Plan(context.Background(), env)
		b, err2 := Plan(context.Background(), env)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two plans differ: %v / %v (%v, %v)", env.Intent.ID, callNames(a), callNames(b), err1, err2)
		}
	}
}

func TestVerifyAllOrderAndProgress(t *testing.T) {
	lib := testlib.Example(t)
	rs := lib.Recipes()
	seq := VerifyAll(context.Background(), lib, rs, Options{Jobs: 1})
	var calls []int
	par := VerifyAll(context.Background(), lib, rs, Options{Jobs: 4, Progress: func(done, total int) {
		if total != len(rs) {
			t.Errorf("total %d, want %d", total, len(rs))
		}
		calls = append(calls, done)
	}})
	for i := range rs {
		if seq[i].EnvID != par[i].EnvID || seq[i].Verified != par[i].Verified || !reflect.DeepEqual(seq[i].Plan, par[i].Plan) {
			t.Errorf("verdict %d differs between 1 and 4 workers", i)
		}
		want, err := episode.Compose(lib, rs[i], episode.Options{})
		if err != nil || par[i].EnvID != want.ID {
			t.Errorf("verdict %d is for %s, want %s", i, par[i].EnvID, want.ID)
		}
	}
	sort.Ints(calls)
	if len(calls) != len(rs) || calls[len(calls)-1] != len(rs) {
		t.Errorf("progress calls %v", calls)
	}
}

func TestCanceledContext(t *testing.T) {
	lib := testlib.Example(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v := Verify(ctx, lib, lib.Recipes()[0])
	if v.Verified || v.RootCause != nil {
		t.Errorf("a canceled verification must fail without a root cause: %+v", v)
	}
	if s := Summarize([]Verdict{v}); s.ByCause["interrupted"] != 1 {
		t.Errorf("summary %+v", s)
	}
}

func TestSummarize(t *testing.T) {
	mk := func(code Code) Verdict {
		if code == "" {
			return Verdict{Verified: true}
		}
		return Verdict{RootCause: &RootCause{Code: code}}
	}
	vs := []Verdict{mk(""), mk(""), mk(ServerMissingTool), mk(ServerMissingTool), mk(ServerMissingTool), mk(DataMissingEntity), mk(IntentAmbiguous), mk(DataMissingEntity)}
	s := Summarize(vs)
	if s.Total != 8 || s.Verified != 2 || s.Share != 0.25 {
		t.Errorf("counts %+v", s)
	}
	want := []ParetoRow{
		{ServerMissingTool, 3, 0.5, 0.5},
		{DataMissingEntity, 2, 2.0 / 6, 5.0 / 6},
		{IntentAmbiguous, 1, 1.0 / 6, 1},
	}
	if !reflect.DeepEqual(s.Pareto, want) {
		t.Errorf("pareto %+v, want %+v", s.Pareto, want)
	}
	if e := Summarize(nil); e.Total != 0 || e.Share != 0 || len(e.Pareto) != 0 {
		t.Errorf("empty summary %+v", e)
	}
}

// The planner's ways to a record and to a goal: through a parent's keys
// (the page search needs a folder id), by reading a whole list (a search
// without filters), and by creating a record and then updating the new
// record with the key its creation returned.
func TestPlannerWays(t *testing.T) {
	lib := loadFixture(t, "planner_ways")
	want := map[string][]string{
		"publish_page":       {`kb_list_folders {}`, `kb_list_pages {"folder_id":"fld_2","title":"Travel policy"}`, `kb_set_page_status {"id":"pg_2","status":"published"}`},
		"archive_project":    {`kb_list_projects {}`, `kb_archive_project {"id":"prj_2"}`},
		"new_published_page": {`kb_list_folders {}`, `kb_create_page {"folder_id":"fld_2","title":"Remote work"}`, `kb_set_page_status {"id":"pg_4","status":"published"}`},
	}
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(env.Intent.ID, func(t *testing.T) {
			plan, err := Plan(context.Background(), env)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range plan {
				got = append(got, c.Name+" "+string(c.Args))
			}
			if !reflect.DeepEqual(got, want[env.Intent.ID]) {
				t.Errorf("plan\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want[env.Intent.ID], "\n"))
			}
			if v := VerifyEnv(context.Background(), env); !v.Verified {
				t.Errorf("not verified: %+v", v.RootCause)
			}
		})
	}
}
