package episode

import (
	"encoding/json"
	"testing"
)

// Linear refuses an estimate off the team's estimate scale
// (https://linear.app/docs/estimates): a team of the exponential scale takes
// 8 and refuses 5, and the refused call leaves the issue as it was; a
// write that does not set the estimate is not judged by it.
func TestEstimateOffTheTeamsScaleRefused(t *testing.T) {
	data := `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  linear:
    teams:
      - {id: team-1, name: Platform, key: PLT, issueEstimationType: exponential}
    issues:
      - {id: iss-1, identifier: PLT-1, teamId: team-1, title: Fix login, state: Todo, estimate: 2}
`
	s := yamlSession(t, builtinServer(t, "linear"), data, "kind: intent\nid: i\napps: [linear]\ninstruction: Estimate PLT-1.\ngoal:\n  - exists: linear.issues\n    where: {id: iss-1}\n")
	call := func(args string) (bool, string) {
		o := s.Call(ToolCall{Name: "linear_update_issue", Args: json.RawMessage(args)})
		return o.IsError, o.Content
	}
	if bad, msg := call(`{"id":"iss-1","estimate":5}`); !bad {
		t.Fatalf("estimate 5 on an exponential team taken: %s", msg)
	}
	if r, _ := s.State().Get("linear.issues", "iss-1"); r["estimate"] != 2.0 && r["estimate"] != 2 {
		t.Errorf("refused call left estimate %v, want 2", r["estimate"])
	}
	if bad, msg := call(`{"id":"iss-1","estimate":8}`); bad {
		t.Fatalf("estimate 8 on an exponential team refused: %s", msg)
	}
	if bad, msg := call(`{"id":"iss-1","title":"Fix login on Safari"}`); bad {
		t.Fatalf("a write of the title refused: %s", msg)
	}
}
