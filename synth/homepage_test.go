package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestHomePageLeavesATasksDraft: a space whose home page is a draft or
// trashed names a current page of its own instead, or, with none, no
// home page; no page's state moves for it (a task's draft stays one, and
// a draft no task names is not made current, which would add it to the
// current pages a task's group describes).
func TestHomePageLeavesATasksDraft(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "confluence"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	cm := m.byName["spaces"]
	d := &atom.Data{
		Records: map[string]map[string][]map[string]any{"confluence": {
			"spaces": {{"key": "OPS", "homepage_id": "981"}, {"key": "HR", "homepage_id": "984"}, {"key": "FIN", "homepage_id": "985"}},
			"pages": {{"id": "981", "space_key": "OPS", "status": "draft"}, {"id": "982", "space_key": "HR", "status": "current"},
				{"id": "983", "space_key": "OPS", "status": "trashed"}, {"id": "984", "space_key": "HR", "status": "trashed"},
				{"id": "985", "space_key": "FIN", "status": "draft"}},
		}},
		Handles: map[string]atom.Handle{"p1": {App: "confluence", Collection: "pages", Key: "981"}, "p2": {App: "confluence", Collection: "pages", Key: "984"}},
	}
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "refers_to" {
			referToKind(m, cm, inv, d)
		}
	}
	spaces, pages := d.Records["confluence"]["spaces"], d.Records["confluence"]["pages"]
	for i, want := range []any{nil, "982", nil} {
		if got := spaces[i]["homepage_id"]; got != want {
			t.Errorf("space %v's home page is %v, want %v", spaces[i]["key"], got, want)
		}
	}
	for i, want := range []string{"draft", "current", "trashed", "trashed", "draft"} {
		if got := pages[i]["status"]; got != want {
			t.Errorf("page %v is %v, want %v", pages[i]["id"], got, want)
		}
	}
	d.Records["confluence"]["pages"] = pages[:4]
	d.Records["confluence"]["pages"][2]["space_key"] = "HR"
	spaces[0]["homepage_id"] = "981"
	d.Handles["p3"] = atom.Handle{App: "confluence", Collection: "pages", Key: "983"}
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "refers_to" {
			referToKind(m, cm, inv, d)
		}
	}
	if got, ok := spaces[0]["homepage_id"]; ok || pages[0]["status"] != "draft" {
		t.Errorf("space OPS, with no page but a task's draft, names home page %v (%v); want none", got, pages[0]["status"])
	}
}
