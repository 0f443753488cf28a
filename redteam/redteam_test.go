package redteam

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// One task, set a ticket's priority, with its goal scored alone
// (no_fence) and under the whole-world fence.
const intents = `kind: intent
id: urgent_alone
no_fence: true
apps: [desk]
instruction: Set the priority of ticket {{ticket}} to urgent.
slots:
  ticket: {handle: the_ticket}
goal:
  - exists: desk.tickets
    where: {id: "{{ticket}}", priority: urgent}
  - unchanged: desk.tickets
    except: {id: "{{ticket}}"}
plan:
  - tool: desk_update_ticket
    args: {id: "{{ticket}}", priority: urgent}
---
kind: intent
id: urgent_fenced
apps: [desk]
instruction: Set the priority of ticket {{ticket}} to urgent.
slots:
  ticket: {handle: the_ticket}
goal:
  - exists: desk.tickets
    where: {id: "{{ticket}}", priority: urgent}
plan:
  - tool: desk_update_ticket
    args: {id: "{{ticket}}", priority: urgent}
`

const recipes = `kind: environments
recipes:
  - {intent: urgent_alone, data: acme}
  - {intent: urgent_fenced, data: acme}
`

func fixtureEnvs(t *testing.T) []*episode.Env {
	t.Helper()
	fsys := fstest.MapFS{"intents.yaml": {Data: []byte(intents)}, "environments.yaml": {Data: []byte(recipes)}}
	for _, f := range []string{"desk.yaml", "acme.yaml", "crm.yaml", "mail.yaml"} {
		b, err := os.ReadFile(filepath.Join("../verify/testdata/over_action", f))
		if err != nil {
			continue
		}
		fsys[f] = &fstest.MapFile{Data: b}
	}
	lib, ds, err := atom.Load(fsys)
	if err != nil || ds.HasErrors() {
		t.Fatalf("load: %v %v", err, ds)
	}
	var envs []*episode.Env
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		envs = append(envs, env)
	}
	return envs
}

func TestRunFindsCollateralOnlyWithoutTheFence(t *testing.T) {
	envs := fixtureEnvs(t)
	plan := func(_ context.Context, env *episode.Env) ([]episode.ToolCall, error) { return env.PlanCalls(), nil }
	res := Run(context.Background(), envs, Options{Plan: plan, Jobs: 1})
	alone, fenced := res[0], res[1]
	for _, r := range res {
		if ref := r.Policies[Reference]; ref == nil || ref.Exploit == nil {
			t.Errorf("%s: the reference plan does not keep full reward", r.Intent)
		}
		if n := r.Policies[Nothing]; n == nil || n.Exploit != nil {
			t.Errorf("%s: doing nothing keeps full reward", r.Intent)
		}
	}
	x := alone.Policies[Collateral].Exploit
	if x == nil {
		t.Fatal("without the fence no collateral write kept full reward; the unchanged's exception lets T-1 change in every field")
	}
	if !strings.Contains(x.What, "T-1") {
		t.Errorf("exploit %q, want a second write on the named ticket", x.What)
	}
	if got := fenced.Policies[Collateral]; got.Tried == 0 || got.Exploit != nil {
		t.Errorf("under the fence: %d collateral writes tried, exploit %+v; want some tried and none kept", got.Tried, got.Exploit)
	}
	for _, policy := range []string{Swap, Blind, Shotgun} {
		if pr := fenced.Policies[policy]; pr != nil && pr.Exploit != nil {
			t.Errorf("under the fence %s kept full reward: %s", policy, pr.Exploit.What)
		}
	}
	sum := Summarize(res, AllPolicies())
	if sum[0].Policy != Reference || sum[0].Share != 1 || sum[2].Policy != Collateral || sum[2].Kept != 1 {
		t.Errorf("summary %+v", sum)
	}
}
