package probe

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
)

// TestScopedAssertion: the part of a collection a wrong plan wrote and
// the plan did not is protected whole when the plan changes nothing there,
// and against new records only when the plan edits records there.
func TestScopedAssertion(t *testing.T) {
	const rows = "sheets.rows"
	w := state.NewWorld(time.Date(2026, 2, 2, 10, 0, 0, 0, time.UTC), state.NewCollection(rows, "id", []state.Record{
		{"id": "r1", "sheet": "source", "v": "a"},
		{"id": "r2", "sheet": "source", "v": "b"},
		{"id": "r3", "sheet": "backlog", "v": "c"},
	}), state.NewCollection("sheets.sheets", "id", []state.Record{{"id": "source"}, {"id": "backlog"}}))
	scope := assert.Predicate{Field: "sheet", Op: assert.OpEquals, Value: "source"}

	right := state.New(w)
	must(t, right.Insert(rows, state.Record{"id": "r4", "sheet": "backlog", "v": "new"}))
	a := scopeAssertion(right, rows, scope)
	if a == nil || len(a.Except) != 0 || len(a.Where) != 1 {
		t.Fatalf("plan writes elsewhere: got %+v, want the whole scope unchanged", a)
	}
	wrong := state.New(w)
	must(t, wrong.Insert(rows, state.Record{"id": "r4", "sheet": "source", "v": "new"}))
	if !tellsApart(*a, right, wrong) {
		t.Errorf("%s does not tell the row put in the source sheet apart", a.String())
	}
	if got := (&envInfo{&facts.Info{}}).scoped(right, wrong, rows); got == nil || !tellsApart(*got, right, wrong) {
		t.Errorf("scoped: got %+v", got)
	}

	edits := state.New(w)
	must(t, edits.Replace(rows, "r1", state.Record{"id": "r1", "sheet": "source", "v": "done"}))
	a = scopeAssertion(edits, rows, scope)
	if a == nil || len(a.Except) != 1 || a.Except[0].Op != assert.OpIn {
		t.Fatalf("plan edits in the scope: got %+v, want the scope's records excepted by key", a)
	}
	// Another agent may edit r2 as well (the plan's edits need not be all
	// the task allows); adding a row is what it may not do.
	other := state.New(w)
	must(t, other.Replace(rows, "r2", state.Record{"id": "r2", "sheet": "source", "v": "done"}))
	if tellsApart(*a, edits, other) {
		t.Errorf("%s forbids editing another existing row", a.String())
	}
	if !tellsApart(*a, edits, wrong) {
		t.Errorf("%s lets a row be added to the scope", a.String())
	}

	creates := state.New(w)
	must(t, creates.Insert(rows, state.Record{"id": "r5", "sheet": "source", "v": "x"}))
	if a := scopeAssertion(creates, rows, scope); a != nil {
		t.Errorf("plan creates in the scope: got %s, want none", a.String())
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestPinRecipients: the plan mails one person and then three; an
// exception naming both mails is pinned once per list length, so the
// plan's own mails stay excepted and the same mail with one more person
// on it is a change.
func TestPinRecipients(t *testing.T) {
	const msgs = "mail.messages"
	w := state.NewWorld(time.Date(2026, 2, 2, 10, 0, 0, 0, time.UTC), state.NewCollection(msgs, "id", nil))
	right := state.New(w)
	must(t, right.Insert(msgs, state.Record{"id": "m1", "folder": "sent", "to": []any{"ana@x.example"}}))
	must(t, right.Insert(msgs, state.Record{"id": "m2", "folder": "sent", "to": []any{"ana@x.example", "bo@x.example", "cy@x.example"}}))
	sent := []assert.Predicate{{Field: "folder", Op: assert.OpEquals, Value: "sent"}, {Field: "to", Op: assert.OpEquals, Value: "ana@x.example"}}
	a := assert.Assertion{Type: assert.Unchanged, Target: msgs, Except: sent}
	x := extraWrite{kind: KindAddedRecipient, coll: msgs, field: "to"}

	pinned := pinRecipients(a, right, x)
	if len(pinned.ExceptAlso) != 1 {
		t.Fatalf("got %s, want two alternatives (lengths 1 and 3)", pinned.String())
	}
	wrong := state.New(w)
	must(t, wrong.Insert(msgs, state.Record{"id": "m1", "folder": "sent", "to": []any{"ana@x.example"}}))
	must(t, wrong.Insert(msgs, state.Record{"id": "m2", "folder": "sent", "to": []any{"ana@x.example", "bo@x.example", "cy@x.example", "dee@y.example"}}))
	if tellsApart(a, right, wrong) {
		t.Errorf("%s should not tell one more recipient apart (the test's premise)", a.String())
	}
	if !tellsApart(pinned, right, wrong) {
		t.Errorf("%s does not tell one more recipient apart", pinned.String())
	}
}
