package assert

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// fenceWorld is a helpdesk with two tickets and an HR app with one
// employee: the fence must see every collection, not only the goal's.
func fenceWorld() *state.World {
	tickets := state.NewCollection("desk.tickets", "id", []state.Record{
		{"id": "T1", "priority": "normal", "assignee": "ana", "status": "open", "updated_at": "2026-01-01", "tags": []any{"vip"}, "cells": map[string]any{"Status": "a", "Owner": "b"}},
		{"id": "T2", "priority": "low", "assignee": "bo", "status": "spam", "updated_at": "2026-01-01"},
	})
	mails := state.NewCollection("mail.messages", "id", []state.Record{{"id": "m1", "to": "ana@acme.example"}})
	people := state.NewCollection("hr.employees", "id", []state.Record{{"id": "e1", "status": "active"}})
	return state.NewWorld(time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), tickets, mails, people)
}

func mustCompile(t *testing.T, src string) *Program {
	t.Helper()
	var a Assertion
	if err := json.Unmarshal([]byte(src), &a); err != nil {
		t.Fatal(err)
	}
	p, err := Compile(a)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFence(t *testing.T) {
	edit := func(name, k, f string, v any) func(*state.State) { return editRecord(t, name, k, f, v) }
	both := func(fs ...func(*state.State)) func(*state.State) {
		return func(st *state.State) {
			for _, f := range fs {
				f(st)
			}
		}
	}
	setPriority := edit("desk.tickets", "T1", "priority", "high")
	goal := []string{
		`{"exists":"desk.tickets","where":{"id":"T1","priority":"high"}}`,
		`{"exists":"mail.messages","where":{"to":"bo@acme.example"}}`,
		`{"unchanged":"desk.tickets","except":{"id":"T1"}}`,
		`{"not_exists":"desk.tickets","where":{"status":"spam"}}`,
		`{"exists":"desk.tickets","where":{"id":"T1","cells.Status":"done"}}`,
		`{"exists":"desk.tickets","where":{"id":"T1","tags":{"contains":"billing"}}}`,
	}
	spec := FenceSpec{Volatile: map[string][]string{"desk.tickets": {"updated_at"}},
		Stamps: map[string]map[string][]string{"desk.tickets": {"escalated_at": {"priority"}, "trashed_at": nil, "sla": {"escalated_at"}}}}
	cases := []struct {
		name   string
		change func(*state.State)
		reason string // "" when the fence holds
	}{
		{"the asked field", setPriority, ""},
		{"a volatile field beside it", both(setPriority, edit("desk.tickets", "T1", "updated_at", "2026-01-15")), ""},
		{"another field of the named record", both(setPriority, edit("desk.tickets", "T1", "assignee", "eve")), "desk.tickets T1 changed (assignee)"},
		{"a nested field the goal names", edit("desk.tickets", "T1", "cells", map[string]any{"Status": "done", "Owner": "b"}), ""},
		{"another nested field", edit("desk.tickets", "T1", "cells", map[string]any{"Status": "a", "Owner": "x"}), "desk.tickets T1 changed (cells.Owner)"},
		{"a record of another app", both(setPriority, edit("hr.employees", "e1", "status", "terminated")), "hr.employees e1 changed (status)"},
		{"an asked create", func(st *state.State) {
			_ = st.Insert("mail.messages", state.Record{"id": "m2", "to": "bo@acme.example"})
		}, ""},
		{"an unasked create", func(st *state.State) { _ = st.Insert("mail.messages", state.Record{"id": "m2", "to": "eve@x.example"}) }, "mail.messages m2 was created"},
		{"the asked tag", edit("desk.tickets", "T1", "tags", []any{"vip", "billing"}), ""},
		{"another tag beside it", edit("desk.tickets", "T1", "tags", []any{"vip", "billing", "spam"}), "desk.tickets T1 changed (tags)"},
		{"a tag taken out", edit("desk.tickets", "T1", "tags", []any{"billing"}), "desk.tickets T1 changed (tags)"},
		{"a stamp with the asked change", both(setPriority, edit("desk.tickets", "T1", "escalated_at", "2026-01-15")), ""},
		{"a stamp alone", edit("desk.tickets", "T1", "trashed_at", "2026-01-15"), "desk.tickets T1 changed (trashed_at)"},
		{"a field moving with a stamp of the asked change", both(setPriority, edit("desk.tickets", "T1", "escalated_at", "2026-01-15"), edit("desk.tickets", "T1", "sla", "paused")), ""},
		{"a field moving with a stamp that did not move", both(setPriority, edit("desk.tickets", "T1", "sla", "paused")), "desk.tickets T1 changed (sla)"},
		{"an unasked delete", func(st *state.State) { _ = st.Delete("hr.employees", "e1") }, "hr.employees e1 was deleted"},
		{"a delete a negative asks", func(st *state.State) { _ = st.Delete("desk.tickets", "T2") }, ""},
	}
	var progs []*Program
	for _, src := range goal {
		progs = append(progs, mustCompile(t, src))
	}
	f := NewFence(progs, spec)
	if !f.Assertion.IsNegative() {
		t.Fatal("a fence must be a negative")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := state.New(fenceWorld())
			c.change(st)
			out := f.Eval(Input{State: st})
			if out.Holds != (c.reason == "") {
				t.Fatalf("holds %v (%s), want %v", out.Holds, out.Reason, c.reason == "")
			}
			if c.reason != "" && !strings.Contains(out.Reason, c.reason) {
				t.Errorf("reason %q, want it to say %q", out.Reason, c.reason)
			}
		})
	}
}

// A cel goal names no field, so the collection it reads is left to it; a
// called goal leaves the creates of its tool's collection to it.
func TestFenceOpaqueGoals(t *testing.T) {
	spec := FenceSpec{ToolWrites: map[string]string{"mail_send": "mail.messages"}, Volatile: map[string][]string{"desk.tickets": nil, "mail.messages": nil, "hr.employees": nil}}
	cel := NewFence([]*Program{mustCompile(t, `{"cel":"state.desk.tickets.exists(r, r.priority == 'high')"}`)}, spec)
	st := state.New(fenceWorld())
	editRecord(t, "desk.tickets", "T2", "assignee", "eve")(st)
	if out := cel.Eval(Input{State: st}); !out.Holds {
		t.Errorf("an edit of a collection a cel goal reads: %s", out.Reason)
	}
	_ = st.Delete("hr.employees", "e1")
	if out := cel.Eval(Input{State: st}); out.Holds {
		t.Error("a delete in a collection the cel goal does not read passes")
	}
	called := NewFence([]*Program{mustCompile(t, `{"called":"mail_send"}`)}, spec)
	st = state.New(fenceWorld())
	_ = st.Insert("mail.messages", state.Record{"id": "m9", "to": "x@y.example"})
	if out := called.Eval(Input{State: st}); !out.Holds {
		t.Errorf("a create by the tool a called goal names: %s", out.Reason)
	}
}

// A goal on an action log's entry that pins a tool's action key asks for
// that tool's call: the record the call writes beside the log may be
// created. An entry of another action, or a negative one, asks nothing.
// A goal on the record the tool writes asks for the entry it logs.
func TestFenceLoggedCalls(t *testing.T) {
	world := func() *state.World {
		tickets := state.NewCollection("desk.tickets", "id", nil)
		log := state.NewCollection("desk.actions", "id", nil)
		return state.NewWorld(time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), tickets, log)
	}
	spec := FenceSpec{ToolWrites: map[string]string{"desk_open_ticket": "desk.tickets"},
		Logs:     map[string]ToolLog{"desk_open_ticket": {Collection: "desk.actions", Set: map[string]any{"action_key": "open_ticket"}}},
		Volatile: map[string][]string{"desk.tickets": nil, "desk.actions": nil}}
	call := func(st *state.State) {
		_ = st.Insert("desk.tickets", state.Record{"id": "t1", "subject": "Printer jam"})
		_ = st.Insert("desk.actions", state.Record{"id": "a1", "action_key": "open_ticket", "subject": "Printer jam"})
	}
	for _, c := range []struct {
		goal  string
		holds bool
	}{
		{`{"exists":"desk.actions","where":{"action_key":"open_ticket","subject":"Printer jam"}}`, true},
		{`{"exists":"desk.actions","where":{"action_key":"close_ticket","subject":"Printer jam"}}`, false},
		{`{"exists":"desk.actions","where":{"subject":"Printer jam"}}`, false},
		// The other way round: a goal on the ticket asks for the entry its
		// call records; a goal that only forbids tickets asks for none.
		{`{"exists":"desk.tickets","where":{"subject":"Printer jam"}}`, true},
		{`{"not_exists":"desk.tickets","where":{"subject":"Paper out"}}`, false},
	} {
		goal := []*Program{mustCompile(t, c.goal)}
		st := state.New(world())
		call(st)
		if out := NewFence(goal, spec).Eval(Input{State: st}); out.Holds != c.holds {
			t.Errorf("goal %s: fence holds %v, want %v (%s)", c.goal, out.Holds, c.holds, out.Reason)
		}
	}
}
