package episode

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// sizedEnv composes the example reply_and_pend environment with n extra
// generated tickets.
func sizedEnv(b testing.TB, n int) *Env {
	b.Helper()
	lib := testlib.Example(b)
	d := *lib.Head(atom.KindData, "northwind_support").MustData()
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

// sizes are the numbers of generated tickets the state benchmarks compare:
// what a session does to one record must not cost more on a larger world.
var sizes = []int{10, 1000, 10000}

// sizedEnvs composes one environment per size, once per benchmark binary
// (composing 10,000 records is slower than most of what is measured).
var sizedEnvs = map[int]*Env{}

// interleaved runs op on one session per size, taking the sizes in turn
// within each iteration so that the load of a shared machine falls on all of
// them alike, and reports each size's time per op and its ratio to the
// smallest. prepare readies a session outside the timing, at the start and
// again after a reset whenever the session nears its step limit.
func interleaved(b *testing.B, prepare, op func(b *testing.B, s *Session)) {
	sessions := make([]*Session, len(sizes))
	for i, n := range sizes {
		env := sizedEnvs[n]
		if env == nil {
			env = sizedEnv(b, n)
			sizedEnvs[n] = env
		}
		s, err := NewSession(env, SessionOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if prepare != nil {
			prepare(b, s)
		}
		sessions[i] = s
	}
	spent := make([]time.Duration, len(sizes))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, s := range sessions {
			if s.Steps() >= 64 {
				s.Reset()
				if prepare != nil {
					prepare(b, s)
				}
			}
			t0 := time.Now()
			op(b, s)
			spent[j] += time.Since(t0)
		}
	}
	b.StopTimer()
	for j, n := range sizes {
		b.ReportMetric(float64(spent[j].Nanoseconds())/float64(b.N), fmt.Sprintf("ns@%d", n))
	}
	last := len(sizes) - 1
	b.ReportMetric(spent[last].Seconds()/spent[0].Seconds(), fmt.Sprintf("x%d/%d", sizes[last], sizes[0]))
}

// call runs one tool call and fails the benchmark on an error observation.
func call(b *testing.B, s *Session, name, args string) {
	if o := s.Call(ToolCall{Name: name, Args: json.RawMessage(args)}); o.IsError {
		b.Fatalf("%s: %s", name, o.Content)
	}
}

// BenchmarkReset is what an RL loop pays per episode for state: one write to
// the large collection (tickets) and a reset. It must not scale with the
// records the write leaves alone.
func BenchmarkReset(b *testing.B) {
	interleaved(b, nil, func(b *testing.B, s *Session) {
		call(b, s, "helpdesk_update_ticket", `{"id":"T-1001","status":"pending"}`)
		s.Reset()
	})
}

// BenchmarkSearch is a search over the whole large collection after a write
// to it: the session reads the base with its own change merged in. It scales
// with the records by nature; the figure to watch is the time per record.
func BenchmarkSearch(b *testing.B) {
	interleaved(b, func(b *testing.B, s *Session) {
		call(b, s, "helpdesk_update_ticket", `{"id":"T-1001","status":"pending"}`)
	}, func(b *testing.B, s *Session) {
		call(b, s, "helpdesk_search_tickets", `{"status":"pending"}`)
	})
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

// BenchmarkEvaluate evaluates 20 assertions right after a write to the
// large collection (the reference plan's writes made before), as a verifier
// or a reward function does after each step.
func BenchmarkEvaluate(b *testing.B) {
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
	status := []string{"open", "solved"}
	i := 0
	interleaved(b, func(b *testing.B, s *Session) {
		s.Step(s.Env().PlanCalls()...)
		// The first evaluation fills the per-world caches.
		assert.Score(checks, assert.Input{State: state.New(s.State().Base())}, assert.Input{State: s.State()})
	}, func(b *testing.B, s *Session) {
		i++
		call(b, s, "helpdesk_update_ticket", `{"id":"T-1001","status":"`+status[i%2]+`"}`)
		assert.Score(checks, assert.Input{State: state.New(s.State().Base())}, assert.Input{State: s.State(), Calls: s.Calls()})
	})
}

// BenchmarkSearchWritten is a server's search (its observation kept quoted
// too) of a collection after a write to one of its first records: the
// written record is written out and quoted anew, the others' JSON and
// quoting are the base's.
func BenchmarkSearchWritten(b *testing.B) {
	s, err := NewSession(sizedEnv(b, 10), SessionOptions{Quoted: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%32 == 0 {
			s.Reset()
			call(b, s, "helpdesk_update_ticket", `{"id":"T-1001","status":"pending"}`)
		}
		call(b, s, "helpdesk_search_tickets", `{}`)
	}
}
