package atom

import (
	"strings"
	"testing"
)

const cascadesServer = `kind: server
id: cal
collections:
  - name: events
    fields:
      status: {type: string, enum: [active, canceled], role: status}
  - name: invitees
    fields:
      event_id: {type: string, role: ref, ref: events, required: true}
      status: {type: string, enum: [active, canceled], role: status}
      canceled_at: {type: string, role: date}
      note: {type: string, role: text}
tools:
  - name: cal_cancel
    description: Cancel an event.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect:
      kind: update
      collection: events
      set: {status: canceled}
      cascades:
        - {collection: invitees, ref: event_id, when: {status: canceled}, set: {status: canceled, canceled_at: $now}}
`

// An update's cascades name a collection whose single reference names
// the collection the update writes, set off by values of its fields and
// writing values of the referring collection's fields.
func TestCascadeDeclarations(t *testing.T) {
	const cascade = "{collection: invitees, ref: event_id, when: {status: canceled}, set: {status: canceled, canceled_at: $now}}"
	for _, c := range []struct{ name, new, field, want string }{
		{name: "declarations load", new: cascade},
		{"no such collection", "{collection: guests, ref: event_id, when: {status: canceled}, set: {status: canceled}}", "tools[0].effect.cascades[0].collection", `no collection "guests"`},
		{"not a reference to the written collection", "{collection: invitees, ref: note, when: {status: canceled}, set: {status: canceled}}", "tools[0].effect.cascades[0].ref", "not a single reference"},
		{"a value the written record cannot hold", "{collection: invitees, ref: event_id, when: {status: gone}, set: {status: canceled}}", "tools[0].effect.cascades[0].when.status", "not one of"},
		{"a value the referring record cannot hold", "{collection: invitees, ref: event_id, when: {status: canceled}, set: {status: gone}}", "tools[0].effect.cascades[0].set.status", "not one of"},
		{"nothing sets it off", "{collection: invitees, ref: event_id, when: {}, set: {status: canceled}}", "tools[0].effect.cascades[0]", "at least one value"},
		{"reaching a value the referring record cannot hold", "{collection: invitees, ref: event_id, when: {status: canceled}, only: {status: gone}, set: {status: canceled}}", "tools[0].effect.cascades[0].only.status", "not one of"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(cascadesServer, cascade, c.new, 1), c.field, c.want, "")
		})
	}
	t.Run("only an update cascades", func(t *testing.T) {
		expectDiag(t, strings.Replace(cascadesServer, "kind: update", "kind: create", 1), "tools[0].effect.cascades[0]", "what an update does", "")
	})
}

// A cascade starts where the update brings the record to its values,
// not where the record held them already, and leaves a record that
// holds its constants as it is.
func TestCascadeStarts(t *testing.T) {
	c := Cascade{Collection: "invitees", Ref: "event_id", When: map[string]any{"status": "canceled"}, Set: map[string]any{"status": "canceled", "canceled_at": "$now"}}
	if !c.Starts(map[string]any{"status": "active"}, map[string]any{"status": "canceled"}) {
		t.Error("an event cancelled does not start the cascade")
	}
	if c.Starts(map[string]any{"status": "canceled"}, map[string]any{"status": "canceled"}) {
		t.Error("an event cancelled before starts the cascade")
	}
	if !c.Holds(map[string]any{"status": "canceled"}) || c.Holds(map[string]any{"status": "active"}) {
		t.Error("Holds reads the clock or misses the status")
	}
}

// A cascade with only reaches the records holding its values (a pending
// leave, not an approved one); one without reaches every record naming
// the written one.
func TestCascadeReaches(t *testing.T) {
	c := Cascade{Collection: "leave_requests", Ref: "role_id", When: map[string]any{"role_state": "TERMINATED"}, Set: map[string]any{"status": "CANCELED"}}
	if !c.Reaches(map[string]any{"status": "APPROVED"}) {
		t.Error("a cascade without only leaves a record out")
	}
	c.Only = map[string]any{"status": "PENDING"}
	if !c.Reaches(map[string]any{"status": "PENDING"}) || c.Reaches(map[string]any{"status": "APPROVED"}) {
		t.Error("only does not choose the records reached")
	}
}
