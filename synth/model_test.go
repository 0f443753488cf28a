package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestSettableEnumsNeedNoMadeUpArgument: a state only a tool with another
// required argument sets (closing a Doodle poll needs the option it closes
// on; assigning a Freshservice asset, the user) is no state a task can ask
// for, since the agent would have to make that argument up.
func TestSettableEnumsNeedNoMadeUpArgument(t *testing.T) {
	src := builtinServers(t)
	for _, c := range []struct{ app, coll, field, value string }{
		{"doodle", "polls", "state", "CLOSED"},
		{"freshservice", "assets", "state", "In Use"},
	} {
		e, err := src.Get(atom.KindServer, atom.Pin{ID: c.app})
		if err != nil {
			t.Fatal(err)
		}
		cm := newAppModel(e, nil).byName[c.coll]
		if cm == nil {
			t.Fatalf("%s has no collection %s", c.app, c.coll)
		}
		for _, en := range cm.settableEnums() {
			if en.name == c.field && slices.Contains(en.values, c.value) {
				t.Errorf("%s.%s: %s %q is settable, though its only tool needs an argument no task gives", c.app, c.coll, c.field, c.value)
			}
		}
	}
	// A note the tool requires beside is free text the agent writes: a
	// state set with one stays settable.
	for _, c := range []struct{ app, coll, field, value string }{
		{"servicenow", "incident", "close_code", "Solved (Permanently)"},
	} {
		e, err := src.Get(atom.KindServer, atom.Pin{ID: c.app})
		if err != nil {
			t.Fatal(err)
		}
		cm := newAppModel(e, nil).byName[c.coll]
		found := false
		for _, en := range cm.settableEnums() {
			found = found || en.name == c.field && slices.Contains(en.values, c.value)
		}
		if !found {
			t.Errorf("%s.%s: %s %q not settable", c.app, c.coll, c.field, c.value)
		}
	}
}

// A mail goes to the person in its "to" field, never only in bcc or cc:
// Outlook's messages have bccRecipients, ccRecipients and toRecipients,
// and a notify task writes the address in toRecipients.
func TestRecipientFieldIsTo(t *testing.T) {
	src := builtinServers(t)
	for app, want := range map[string]string{"outlook": "toRecipients"} {
		e, err := src.Get(atom.KindServer, atom.Pin{ID: app})
		if err != nil {
			t.Fatal(err)
		}
		m := newAppModel(e, nil)
		var got string
		for _, cm := range m.colls {
			if cm.isMessages() {
				got = recipientField(cm)
				break
			}
		}
		if got != want {
			t.Errorf("%s: recipient field %q, want %q", app, got, want)
		}
	}
}
