package atom

import (
	"testing"
	"testing/fstest"
)

func TestLoadWorkflowSteps(t *testing.T) {
	fsys := fstest.MapFS{
		"wf.yaml": {Data: []byte(`kind: intent
id: wf
apps: [crm]
instruction: Flag {{who}}.
slots: {who: {handle: h}}
goal: [{exists: crm.contacts}]
steps:
  - intent: flag_contact
    bind: {c: who}
`)},
		"d.yaml": {Data: []byte("kind: data\nid: d\nrecords: {crm: {contacts: [{id: c1}]}}\nhandles: {h: {app: crm, collection: contacts, key: c1}}\n")},
		"envs.yaml": {Data: []byte(`kind: environments
recipes:
  - {intent: wf, data: d, steps: [flag_contact@abc123]}
`)},
	}
	lib, ds, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Severity == "error" {
			t.Errorf("diagnostic: %v", d)
		}
	}
	e, err := lib.Get(KindIntent, Pin{ID: "wf"})
	if err != nil {
		t.Fatal(err)
	}
	st := e.MustIntent().Steps
	if len(st) != 1 || st[0].Intent != "flag_contact" || st[0].Bind["c"] != "who" {
		t.Errorf("steps %+v", st)
	}
	if rs := lib.Recipes(); len(rs) != 1 || len(rs[0].Steps) != 1 || rs[0].Steps[0].Version != "abc123" {
		t.Errorf("recipes %+v", rs)
	}
}
