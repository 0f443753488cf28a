package rollout_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
)

func TestDemo(t *testing.T) {
	envs := exampleEnvs(t)
	cases := []struct {
		intent string
		final  string
	}{
		{"reply_and_pend", "Done: made the change with helpdesk_add_comment and helpdesk_update_ticket."},
		{"escalate_ticket", "Done: made the change with helpdesk_update_ticket, helpdesk_tag_ticket and mail_send_message."},
	}
	var buf bytes.Buffer
	for _, tc := range cases {
		t.Run(tc.intent, func(t *testing.T) {
			env := envByIntent(t, envs, tc.intent)
			plan := env.PlanCalls()
			tr, err := rollout.Demo(env, plan, "reference", 0, fixedNow)
			if err != nil {
				t.Fatal(err)
			}
			wantReward(t, tr, 1, true)
			wantPaired(t, tr)
			if tr.Model != "reference" || tr.Steps != len(plan)+1 || !tr.Finished() || len(tr.Messages) != 2+2*len(plan)+1 {
				t.Errorf("model %s steps %d finished %v messages %d", tr.Model, tr.Steps, tr.Finished(), len(tr.Messages))
			}
			if got := tr.Messages[len(tr.Messages)-1].Content; got != tc.final {
				t.Errorf("final answer %q, want %q", got, tc.final)
			}
			for i, c := range plan {
				if tc := tr.Messages[2+2*i].ToolCalls[0]; tc.Function.Name != c.Name || !json.Valid([]byte(tc.Function.Arguments)) {
					t.Errorf("call %d: %+v", i+1, tc)
				}
			}
			line, err := rollout.FormatSFT(tr, rollout.FormatOpenAI)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(line)
		})
	}
	golden(t, "demos.openai.jsonl", buf.Bytes())
}

func TestDemoFinalAnswerWithReads(t *testing.T) {
	env := envByIntent(t, exampleEnvs(t), "reply_and_pend")
	calls := append([]episode.ToolCall{{ID: "s", Name: "helpdesk_get_ticket", Args: json.RawMessage(`{"id":"T-1001"}`)}}, env.PlanCalls()...)
	tr, err := rollout.Demo(env, calls, "planner", 0, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	want := "Done: looked up what was needed with helpdesk_get_ticket, then made the change with helpdesk_add_comment and helpdesk_update_ticket."
	if got := tr.Messages[len(tr.Messages)-1].Content; got != want || !tr.Passed {
		t.Errorf("final %q passed %v", got, tr.Passed)
	}
	// A plan step with arguments that are not an object is an error, not a demo.
	if _, err := rollout.Demo(env, []episode.ToolCall{{Name: "x", Args: json.RawMessage(`[1]`)}}, "planner", 0, fixedNow); err == nil {
		t.Error("bad plan accepted")
	}
}
