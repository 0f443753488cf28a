package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRuleChecksEvaluate runs every rule of the built-in catalogue on a
// trajectory of calls with arguments of every JSON shape: a check may hold
// or not, but it must never fail with a CEL error (an agent would be
// blamed for a rule that cannot be read).
func TestRuleChecksEvaluate(t *testing.T) {
	src := builtinServers(t)
	var models []*appModel
	for _, e := range src.Heads(atom.KindServer) {
		models = append(models, newAppModel(e, nil))
	}
	rules := buildRules(models)
	if len(rules) < 40 {
		t.Fatalf("%d rules, want 40 or more", len(rules))
	}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("quickbooks.invoices", "id", []state.Record{{"id": "i1", "total": 12000.0, "status": "draft"}, {"id": "i2", "name": "no amount"}}))
	odd := map[string]any{
		"to": []any{"a@b.example", 3.0, nil}, "cc": "x@y.example", "bcc": []any{}, "body": nil, "text": 42.0,
		"subject": map[string]any{"nested": true}, "amount": "600", "start": "tomorrow", "start_time": "2026-03-07T10:00:00Z",
		"discount": 5.0, "role": "reader", "description": []any{"a", "b"},
	}
	var calls []assert.Call
	for _, m := range models {
		for _, tl := range m.server.Tools {
			calls = append(calls, assert.Call{Name: tl.Name, Args: odd})
		}
	}
	calls = append(calls, assert.Call{Name: "x", Args: map[string]any{}}, assert.Call{Name: "y", Error: true})
	in := assert.Input{State: state.New(w), Calls: calls}
	for _, r := range rules {
		t.Run(r.r.ID, func(t *testing.T) {
			if len(r.r.Checks) == 0 || len(r.r.Apps) == 0 || r.r.Text == "" {
				t.Fatalf("rule has %d checks, %d apps, text %q", len(r.r.Checks), len(r.r.Apps), r.r.Text)
			}
			for i, a := range r.r.Checks {
				p, err := assert.Compile(a)
				if err != nil {
					t.Fatalf("check %d: %v", i, err)
				}
				if !a.IsNegative() {
					t.Errorf("check %d is not a constraint: a rule only forbids", i)
				}
				if out := p.Eval(in); strings.HasPrefix(out.Reason, "CEL error") {
					t.Fatalf("check %d: %s", i, out.Reason)
				}
				if out := p.Eval(assert.Input{State: state.New(w)}); !out.Holds {
					t.Errorf("check %d fails on an empty trajectory: %s", i, out.Reason)
				}
			}
		})
	}
}

// TestRulesCatch checks that rules flag what they forbid and pass what
// they allow.
func TestRulesCatch(t *testing.T) {
	src := builtinServers(t)
	var models []*appModel
	for _, e := range src.Heads(atom.KindServer) {
		models = append(models, newAppModel(e, nil))
	}
	byID := map[string]*ruleDef{}
	for _, r := range buildRules(models) {
		byID[r.r.ID] = r
	}
	sendTool, sendArg := "", ""
	for _, m := range models {
		for _, tl := range m.server.Tools {
			if tl.Effect.Kind == "create" && hasWord(atom.Words(tl.Name), "send") && sendTool == "" {
				if as := toolArgs(&tl, isRecipientArg); len(as) > 0 {
					sendTool, sendArg = tl.Name, as[0]
				}
			}
		}
	}
	if sendTool == "" {
		t.Fatal("no send tool among the built-in servers")
	}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	for _, c := range []struct {
		rule string
		args map[string]any
		tool string
		ok   bool
	}{
		{"policy.outbound.no-personal-addresses", map[string]any{sendArg: []any{"ann@gmail.example"}}, sendTool, false},
		{"policy.outbound.no-personal-addresses", map[string]any{sendArg: "ann@initech.example"}, sendTool, true},
		{"policy.outbound.embargo-vortexdynamics", map[string]any{sendArg: "bo@vortexdynamics.example"}, sendTool, false},
		{"policy.outbound.suppression-list", map[string]any{sendArg: suppressedEmail(1)}, sendTool, false},
		{"policy.privacy.no-ssn", map[string]any{"body": "SSN 521-44-9087"}, "any_tool", false},
		{"policy.privacy.no-ssn", map[string]any{"body": "call +1-415-555-0101 on 2026-03-02"}, "any_tool", true},
		{"policy.privacy.no-card-numbers", map[string]any{"body": "card 4111 1111 1111 1111"}, "any_tool", false},
		{"policy.privacy.codename", map[string]any{"subject": "Re: project falcon"}, "any_tool", false},
		{"policy.work.no-all-caps", map[string]any{"body": "PLEASE CALL ME BACK NOW"}, "any_tool", false},
		{"policy.work.no-all-caps", map[string]any{"body": "Invoice INV-10234 for ACME-EU"}, "any_tool", true},
	} {
		t.Run(c.rule, func(t *testing.T) {
			r := byID[c.rule]
			if r == nil {
				t.Fatalf("no rule %s", c.rule)
			}
			p, err := assert.Compile(r.r.Checks[0])
			if err != nil {
				t.Fatal(err)
			}
			out := p.Eval(assert.Input{State: state.New(w), Calls: []assert.Call{{Name: c.tool, Args: c.args}}})
			if out.Holds != c.ok {
				t.Fatalf("%v: holds %v (%s), want %v", c.args, out.Holds, out.Reason, c.ok)
			}
			if failed := p.Eval(assert.Input{State: state.New(w), Calls: []assert.Call{{Name: c.tool, Args: c.args, Error: true}}}); !failed.Holds {
				t.Fatalf("a failed call counts against the rule: %s", failed.Reason)
			}
		})
	}
}
