package rollout_test

import (
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
)

// A read repeated with the same arguments (in any key order) and no write
// in between is dropped; a read after a write, a read with other
// arguments, and every write stay.
func TestDropRepeatedReads(t *testing.T) {
	env := envByIntent(t, exampleEnvs(t), "reply_and_pend")
	get := func(args string) episode.ToolCall {
		return episode.ToolCall{Name: "helpdesk_get_ticket", Args: json.RawMessage(args)}
	}
	plan := env.PlanCalls()
	calls := []episode.ToolCall{get(`{"id":"T-1001"}`), get(`{ "id": "T-1001" }`), get(`{"id":"T-1002"}`), plan[0], get(`{"id":"T-1001"}`)}
	calls = append(calls, plan[1:]...)
	got := rollout.DropRepeatedReads(env, calls)
	if len(got) != len(calls)-1 {
		t.Fatalf("%d calls left of %d, want one dropped: %v", len(got), len(calls), got)
	}
	if string(got[1].Args) != `{"id":"T-1002"}` || got[2].Name != plan[0].Name || string(got[3].Args) != `{"id":"T-1001"}` {
		t.Errorf("kept %v", got)
	}
	tr, err := rollout.Demo(env, got, "planner", 0, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	wantReward(t, tr, 1, true)
}
