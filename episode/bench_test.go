package episode

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
)

// sizedEnv composes the example reply_and_pend environment with n extra
// generated tickets.
func sizedEnv(b testing.TB, n int) *Env {
	b.Helper()
	lib, _, err := atom.Load(corpus.Example())
	if err != nil {
		b.Fatal(err)
	}
	d := *lib.Head(atom.KindData, "northwind_support").Atom.(*atom.Data)
	d.ID = fmt.Sprintf("northwind_%d", n)
	d.Generate = []atom.Generator{{App: "helpdesk", Collection: "tickets", Count: n, Fields: map[string]string{
		"subject": "sentence", "requester_email": "person.email", "status": "oneof(new|open|solved)", "created_at": "datetime(-40d,0d)",
	}}}
	if _, err := lib.Put(&d, "", true); err != nil {
		b.Fatal(err)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "reply_and_pend"}, Data: atom.Pin{ID: d.ID}}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	return env
}

// BenchmarkReset: resetting a session after a write must not scale with the
// untouched data. Compare records=10 with records=10000.
func BenchmarkReset(b *testing.B) {
	for _, n := range []int{10, 10000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			env := sizedEnv(b, n)
			s, _ := NewSession(env, SessionOptions{})
			call := ToolCall{Name: "helpdesk_add_comment", Args: json.RawMessage(`{"ticket_id":"T-1001","body":"hi","public":true}`)}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s.Call(call) // touch one collection
				b.StartTimer()
				s.Reset()
			}
		})
	}
}

// BenchmarkStep compares one declarative tool step (validate, apply,
// observe) with the bare JSON decoding and encoding of the same arguments
// and observation.
func BenchmarkStep(b *testing.B) {
	env := sizedEnv(b, 10)
	args := json.RawMessage(`{"id":"T-1001","status":"pending","priority":"high"}`)
	call := ToolCall{Name: "helpdesk_update_ticket", Args: args}
	s, _ := NewSession(env, SessionOptions{})
	obs := s.Call(call).Content
	b.Run("baseline=json", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			var m map[string]any
			_ = json.Unmarshal(args, &m)
			var o map[string]any
			_ = json.Unmarshal([]byte(obs), &o)
			_, _ = json.Marshal(o)
		}
	})
	b.Run("step=update", func(b *testing.B) {
		s, _ := NewSession(env, SessionOptions{})
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if i%64 == 0 { // stay under the step limit
				s.Reset()
			}
			if o := s.Call(call); o.IsError {
				b.Fatal(o.Content)
			}
		}
	})
}

// BenchmarkEvaluate evaluates 20 assertions on a 10,000-record state after
// a few writes.
func BenchmarkEvaluate(b *testing.B) {
	env := sizedEnv(b, 10000)
	var checks []assert.Check
	for i := 0; i < 20; i++ {
		var a assert.Assertion
		src := fmt.Sprintf(`{"exists":"helpdesk.tickets","where":{"requester_email":{"icontains":"x%d"},"status":"open"}}`, i)
		if i%2 == 1 {
			src = fmt.Sprintf(`{"count":"helpdesk.comments","where":{"ticket_id":"T-%d"},"bound":{"max":3}}`, 1000+i)
		}
		if err := json.Unmarshal([]byte(src), &a); err != nil {
			b.Fatal(err)
		}
		p, err := assert.Compile(a)
		if err != nil {
			b.Fatal(err)
		}
		checks = append(checks, assert.Check{Program: p, Source: "goal"})
	}
	env.Checks = checks
	s, _ := NewSession(env, SessionOptions{})
	s.Step(env.PlanCalls()...)
	if n := len(s.State().Records("helpdesk.tickets")); n < 10000 {
		b.Fatalf("only %d tickets", n)
	}
	s.Evaluate() // first evaluation fills the per-world caches
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Evaluate()
	}
}
