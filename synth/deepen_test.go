package synth

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// The template families that once asked for one change now also ask for
// the step a person closes the loop with (a note on the record, a mark on
// the record a cross-app task started from), and the goal checks it: more than half of
// their intents with environments check two or more records changed (an
// app with nothing to mark and no notes keeps one).
// The workflow steps they lend keep their one change.
func TestTwoCallFamiliesDeepened(t *testing.T) {
	c, withEnvs := reducedWithEnvs(t)
	deep, all := map[string]int{}, map[string]int{}
	steps := 0
	for _, in := range c.Intents {
		switch in.Family {
		case famSetState, famFlag, famTag, famCreateUnder, famPost, famHandoff, famNotify, famCopy, famEscalate:
		default:
			continue
		}
		n := 0
		for _, a := range in.Goal {
			if a.Type == assert.Exists {
				n++
			}
		}
		if !withEnvs[in.ID] {
			if n != 1 && (in.Family == famSetState || in.Family == famTag) && !strings.HasSuffix(in.ID, ".noted") {
				t.Errorf("workflow step %s checks %d changes, want its one", in.ID, n)
			}
			steps++
			continue
		}
		all[in.Family]++
		if n >= 2 {
			deep[in.Family]++
		}
	}
	if steps == 0 {
		t.Error("no set or tag intent is kept as a workflow step")
	}
	sumDeep, sumAll := 0, 0
	for f, n := range all {
		sumDeep += deep[f]
		sumAll += n
	}
	t.Logf("deepened by family: %v of %v", deep, all)
	if 2*sumDeep <= sumAll {
		t.Errorf("%d of %d intents check a second change, want more than half", sumDeep, sumAll)
	}
	if len(all) < 5 {
		t.Errorf("only %d families deepened: %v", len(all), all)
	}
}

// No instruction opens with a list marker or a bare heading line that
// names the app: the frames write a sentence or a numbered checklist.
func TestInstructionOpenings(t *testing.T) {
	needWholeCorpus(t)
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range c.Intents {
		s := strings.TrimSpace(in.Instruction)
		first, _, _ := strings.Cut(s, "\n")
		if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasSuffix(first, ")") && !strings.ContainsAny(first, ".?!:") {
			t.Errorf("%s opens with %q", in.ID, first)
		}
	}
}

// reducedWithEnvs synthesises a reduced corpus and the intents that have
// environments of their own.
func reducedWithEnvs(t *testing.T) (*Corpus, map[string]bool) {
	t.Helper()
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	withEnvs := map[string]bool{}
	for _, r := range c.Recipes {
		withEnvs[r.Intent.ID] = true
	}
	return c, withEnvs
}

// Every family that once asked for one change asks for a second in each
// of its intents with environments: a mark or note on the record, else a
// post that tells the team in a channel of the task's apps; one that can
// do neither is a workflow's step with no environments of its own.
func TestEveryShallowFamilyDeepened(t *testing.T) {
	c, withEnvs := reducedWithEnvs(t)
	deep, all := map[string]int{}, map[string]int{}
	others := map[string]bool{} // apps with a task that is not one change
	var shallow []*atom.Intent
	posts := 0
	for _, in := range c.Intents {
		if !withEnvs[in.ID] {
			continue
		}
		switch in.Family {
		case famSetState, famFlag, famCreateUnder, famRoute, famApprove, famHandoff, famCopy, famEscalate, famNotify:
		default:
			addApps(others, in.Apps)
			continue
		}
		all[in.Family]++
		if n := checkSecondChange(t, in); n < 2 {
			shallow = append(shallow, in)
			continue
		}
		deep[in.Family]++
		addApps(others, in.Apps)
		if _, ok := in.Slots["tm"]; ok {
			posts++
			checkTeamPost(t, in)
		}
	}
	t.Logf("deepened: %v of %v; %d tell the team", deep, all, posts)
	for _, in := range shallow {
		// One change keeps environments only for an app with no other task.
		if !slices.ContainsFunc(in.Apps, func(a string) bool { return !others[a] }) {
			t.Errorf("%s asks for one change, and its apps %v have other tasks", in.ID, in.Apps)
		}
	}
	if posts == 0 {
		t.Error("no intent tells the team in a channel")
	}
}

func addApps(set map[string]bool, apps []string) {
	for _, a := range apps {
		set[a] = true
	}
}

// checkSecondChange counts the changes an intent's goal checks (a large
// amount not settled in place counts as one), and fails it where it checks
// two notes in one collection: a comment on top of the comment asked for
// is no step.
func checkSecondChange(t *testing.T, in *atom.Intent) int {
	t.Helper()
	n := 0
	on := map[string]int{}
	for _, a := range in.Goal {
		if a.Type == assert.Exists || a.Type == assert.NotExists && strings.Contains(a.Label, "not settled") {
			n++
			if _, coll, _ := strings.Cut(a.Target, "."); hasWord(atom.Words(coll), noteColls...) {
				on[a.Target]++
			}
		}
	}
	for target, k := range on {
		if k > 1 {
			t.Errorf("%s checks %d notes in %s", in.ID, k, target)
		}
	}
	return n
}

// keepAppsCovered gives a one-change draft its environments back only
// where its app has no other task.
func TestKeepAppsCovered(t *testing.T) {
	mk := func(app string, writes int, shallow bool) *draft {
		d := &draft{in: &atom.Intent{ID: app, Apps: []string{app}}, writes: make([]write, writes)}
		if shallow {
			deep(d)
		}
		return d
	}
	alone, beside, other := mk("alone", 1, true), mk("beside", 1, true), mk("beside", 2, true)
	keepAppsCovered([]*bundle{{drafts: []*draft{alone, beside}}, {drafts: []*draft{other}}})
	if alone.stepOnly || !beside.stepOnly || other.stepOnly {
		t.Errorf("stepOnly: alone %v (want false), beside %v (want true), deep %v (want false)", alone.stepOnly, beside.stepOnly, other.stepOnly)
	}
}

// checkTeamPost: an intent that asks to tell the team names the channel in
// its instruction and checks a post there that names the record.
func checkTeamPost(t *testing.T, in *atom.Intent) {
	t.Helper()
	for _, a := range in.Goal {
		if a.Type != assert.Exists || len(a.Where) != 2 || a.Where[0].Value != "{{tm}}" {
			continue
		}
		if a.Where[1].Op != assert.OpIContains || !strings.HasPrefix(fmt.Sprint(a.Where[1].Value), "{{") {
			t.Errorf("%s: the team's post is checked by %v, want the record's name", in.ID, a.Where[1])
		}
		if !strings.Contains(in.Instruction, "{{tm") {
			t.Errorf("%s: the instruction does not name the channel: %q", in.ID, in.Instruction)
		}
		return
	}
	t.Errorf("%s has a channel slot but no post checked in it", in.ID)
}

// A task that creates two records in one collection (a post and the
// detail it carries, in one channel) asks that nothing like the first is
// created elsewhere, and adds no unchanged assertion whose exception would
// let every other post of the channel be deleted under the fence.
func TestProtectNotElsewhere(t *testing.T) {
	app := &appModel{app: "chat"}
	posts := &collModel{app: app, name: "messages", key: "id"}
	in := newIntent("x", famPost, "", []string{"chat"}, "")
	in.Goal = []assert.Assertion{
		exists(posts, assert.Where{{Field: "channel_id", Op: assert.OpEquals, Value: "{{ch}}"}, {Field: "text", Op: assert.OpIContains, Value: "{{t.name}}"}}, "names it"),
		exists(posts, assert.Where{{Field: "text", Op: assert.OpIContains, Value: "{{t.status}}"}, {Field: "channel_id", Op: assert.OpEquals, Value: "{{ch}}"}}, "gives its state"),
	}
	d := &draft{in: in, writes: []write{{cm: posts, field: "text", effect: "create"}}}
	protect(d)
	var neg []assert.Assertion
	for _, a := range d.in.Goal {
		if a.Type == assert.Unchanged {
			t.Errorf("unchanged %+v added: its exception widens the fence", a)
		}
		if a.Type == assert.NotExists {
			neg = append(neg, a)
		}
	}
	if len(neg) != 1 || len(neg[0].Where) != 2 || neg[0].Where[0].Op != assert.OpNotEquals || neg[0].Where[1].Op != assert.OpIContains {
		t.Fatalf("negatives %+v, want one: channel_id != {{ch}} and text icontains the name", neg)
	}
}

// A hand-off starts from a record that can be closed when the work moves
// on, where the app has one with a name and a detail to carry.
func TestHandoffSourceClosable(t *testing.T) {
	lib := builtinServers(t)
	n := 0
	for _, e := range lib.Heads(atom.KindServer) {
		m := newAppModel(e, lib.Operations(e.MustServer().AppName()))
		want := false
		for _, c := range primaryColls(m, 3) {
			want = want || c.display != "" && handoffDetail(c) != "" && closable(c)
		}
		src, detail := handoffSource(m)
		if want && (src == nil || !closable(src)) {
			t.Errorf("%s: hand-off source %v cannot be closed, though one of its collections can", m.app, src)
		}
		if src != nil && (detail == "" || src.display == "") {
			t.Errorf("%s: hand-off source %s has no name or detail (%q)", m.app, src.name, detail)
		}
		if want {
			n++
		}
	}
	if n == 0 {
		t.Error("no app has a closable hand-off source")
	}
}

// No closing mark deletes, bans or withdraws consent, a flag it turns on
// says the record was handled (not a setting such as "visible"), and a
// person's record is tagged where it can be.
func TestMarksCloseNoDoor(t *testing.T) {
	c, _ := reducedWithEnvs(t)
	n := 0
	for _, in := range c.Intents {
		for _, a := range in.Goal {
			if !strings.Contains(a.Label, "it started from is marked") {
				continue
			}
			n++
			for _, p := range a.Where {
				if v := fmt.Sprint(p.Value); hasWord(atom.Words(p.Field), harshMarks...) || !strings.HasPrefix(v, "{{") && hasWord(atom.Words(v), harshMarks...) {
					t.Errorf("%s marks %s = %v", in.ID, p.Field, p.Value)
				}
				if _, handled := handledLabel(p.Field); p.Value == true && !handled {
					t.Errorf("%s marks it handled by turning on %s", in.ID, p.Field)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no intent marks the record it started from")
	}
}

// A task that decides on a record's amount (route it, hold it for
// approval) is solved by reading the record first: the amount is not in
// the instruction. Every environment of those families verifies with a
// plan of three calls or more (the read, the change, the step that closes
// the loop), the first a read; the change of the branch not taken must
// lose reward.
func TestDecisionFamiliesReadFirst(t *testing.T) {
	needWholeCorpus(t)
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*atom.Intent{}
	for _, in := range c.Intents {
		byID[in.ID] = in
	}
	var rs []atom.Recipe
	for _, r := range c.Recipes {
		if f := byID[r.Intent.ID].Family; f == famRoute || f == famApprove {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		t.Fatal("no environment decides on an amount")
	}
	t.Logf("%d environments decide on an amount", len(rs))
	for _, v := range verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2}) {
		in := byID[v.Intent]
		if !v.Verified {
			t.Errorf("%s not verified: %+v", v.EnvID, v.RootCause)
			continue
		}
		if len(v.Plan) < 3 {
			t.Errorf("%s (%s): a plan of %d calls (%s), want 3 or more", v.EnvID, in.ID, len(v.Plan), planNames(v.Plan))
		}
		if len(in.Plan) == 0 || !readsOnly(lib, in.Plan[0].Tool) {
			t.Errorf("%s: the reference plan does not open with a read: %v", in.ID, in.Plan)
		}
		if len(in.OtherBranch) == 0 {
			t.Errorf("%s: no branch not taken", in.ID)
		}
	}
}

func planNames(plan []episode.ToolCall) string {
	var names []string
	for _, c := range plan {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// readsOnly reports whether the tool named reads (a get or a search).
func readsOnly(lib *atom.Library, name string) bool {
	for _, e := range lib.Heads(atom.KindServer) {
		s, ok := e.Server()
		if !ok {
			continue
		}
		for _, t := range s.Tools {
			if t.Name == name {
				return t.Effect.Kind == "get" || t.Effect.Kind == "search"
			}
		}
	}
	return false
}

// A routing by amount holds back what is over the limit and lets through
// what is under it, as a person would write it; a field without such
// states keeps the drawn pair.
func TestRouteHoldsBackOverTheLimit(t *testing.T) {
	etsy := []string{"active", "inactive", "sold_out", "draft", "expired"}
	if hi, lo := holdOrGo(etsy, nil, "sold_out", "expired"); hi != "draft" || lo != "active" {
		t.Errorf("etsy listing: over the limit %q, under it %q; want draft, active", hi, lo)
	}
	if hi, lo := holdOrGo(etsy, []string{"draft"}, "sold_out", "expired"); hi != "sold_out" || lo != "expired" {
		t.Errorf("a harsh hold state was chosen: %q, %q", hi, lo)
	}
	if hi, lo := holdOrGo([]string{"low", "medium", "high"}, nil, "high", "low"); hi != "high" || lo != "low" {
		t.Errorf("priorities: %q, %q; want the drawn pair", hi, lo)
	}
}

// TestFulfilledOrderNotCancelled: a task that fulfills a Shopify order
// does not then cancel it to mark it handled: the fulfillment leaves the
// order fulfilled, which Shopify refuses to cancel.
func TestFulfilledOrderNotCancelled(t *testing.T) {
	c := synthApps(t, 1, "shopify")
	n := 0
	for _, in := range c.Intents {
		if !strings.HasPrefix(in.ID, "shopify.fulfillments.") {
			continue
		}
		n++
		for _, a := range in.Goal {
			for _, p := range a.Where {
				if p.Field == "cancel_reason" {
					t.Errorf("%s: %s sets the order's cancel reason", in.ID, a.Label)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no task creates a fulfillment")
	}
}
