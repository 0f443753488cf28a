package episode

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
)

// Calls after the step limit, and calls with arguments over the limit,
// used to be recorded in full: 45,000 steps on a 100-step session.
func TestTrajectoryStaysBounded(t *testing.T) {
	lib := testlib.Example(t)
	env, err := Compose(lib, lib.Recipes()[0], Options{Limits: Limits{MaxSteps: 5, MaxArgBytes: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewSession(env, SessionOptions{})
	big := json.RawMessage(`{"id":"` + strings.Repeat("x", 5000) + `"}`)
	for i := 0; i < 200; i++ {
		s.Call(ToolCall{Name: "helpdesk_update_ticket", Args: big})
	}
	if got := len(s.Trajectory()); got != 5 {
		t.Fatalf("trajectory has %d steps, want 5 (max_steps)", got)
	}
	if s.Refused() != 195 {
		t.Errorf("refused = %d, want 195", s.Refused())
	}
	for _, st := range s.Trajectory() {
		if len(st.Call.Args) != 0 {
			t.Fatalf("arguments over the limit recorded (%d bytes)", len(st.Call.Args))
		}
	}
	if s.TrajectoryBytes() > 5*1000 {
		t.Errorf("trajectory holds %d bytes", s.TrajectoryBytes())
	}
	o := s.Call(ToolCall{Name: "helpdesk_search_tickets", Args: json.RawMessage(`{}`)})
	if !o.IsError || !strings.Contains(o.Content, "max_steps") {
		t.Fatalf("call after the limit: %s", o.Content)
	}
	s.Reset()
	if s.Done() || s.Refused() != 0 || s.TrajectoryBytes() != 0 {
		t.Fatal("reset kept the counters")
	}
}

func TestTrajectoryBytesLimit(t *testing.T) {
	lib := testlib.Example(t)
	env, err := Compose(lib, lib.Recipes()[0], Options{Limits: Limits{MaxTrajectoryBytes: 3000}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewSession(env, SessionOptions{})
	args := json.RawMessage(`{"query":"` + strings.Repeat("y", 1000) + `"}`)
	for i := 0; i < 50; i++ {
		s.Call(ToolCall{Name: "helpdesk_search_tickets", Args: args})
	}
	if !s.Done() || len(s.Trajectory()) > 4 {
		t.Fatalf("done=%v with %d steps, %d bytes", s.Done(), len(s.Trajectory()), s.TrajectoryBytes())
	}
	o := s.Call(ToolCall{Name: "helpdesk_search_tickets", Args: json.RawMessage(`{}`)})
	if !o.IsError || !strings.Contains(o.Content, "max_trajectory_bytes") {
		t.Fatalf("call after the byte limit: %s", o.Content)
	}
}
