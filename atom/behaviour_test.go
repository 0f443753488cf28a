package atom

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

const behaviourServer = `kind: server
id: notes
collections:
  - name: notes
    fields:
      title: {type: string}
      tags: {type: array, items: string, set: true}
      owner: {type: string, role: ref, ref: people, resolve: person_not_found}
      status: {type: string, enum: [draft, sent, paid, void]}
      paid_at: {type: string, format: date-time}
      owner_name: {type: string}
      clicks: {type: integer, minimum: 0}
      views: {type: integer}
      score: {type: integer, minimum: 0, maximum: 10}
      ctr: {type: number}
      parent_id: {type: string, role: ref, ref_by: parent_type, refs: {note: notes, person: people}}
      parent_type: {type: string, enum: [note, person, team]}
      pinned: {type: boolean}
      pinned_by: {type: string}
    lifecycle:
      field: status
      transitions: {sent: [paid, void]}
      terminal: [paid, void]
      error: "cannot move from {from} to {to}"
      stamps: [{field: paid_at, states: [paid]}]
      effects: [{field: pinned_by, states: [void], from: [owner], to: nobody}]
    invariants:
      - {rule: lte, fields: [clicks, views]}
      - {rule: unique, fields: [title]}
      - {rule: display, fields: [owner_name, owner], from: [name]}
      - {rule: ratio, fields: [ctr, clicks, views], scale: 100}
      - {rule: only_when, fields: [pinned_by, pinned], in: ["true"]}
  - name: people
    fields:
      name: {type: string}
tools:
  - name: notes_create
    description: Create a note.
    input: {type: object, properties: {title: {type: string}}, required: [title]}
    effect: {kind: create, collection: notes}
`

// Behaviour declarations load when right and are diagnosed where wrong.
func TestBehaviourDeclarations(t *testing.T) {
	cases := []struct {
		name, old, new, field, want string
	}{
		{name: "declarations load"},
		{"set on a scalar", "title: {type: string}", "title: {type: string, set: true}", "collections[0].fields.title.set", "list field"},
		{"resolve without ref", "role: ref, ref: people, resolve", "resolve", "collections[0].fields.owner.resolve", "needs ref"},
		{name: "resolve by ref_by loads", old: "refs: {note: notes, person: people}}", new: "refs: {note: notes, person: people}, resolve: not_found}"},
		{"state not in the enum", "terminal: [paid, void]", "terminal: [paid, closed]", "collections[0].lifecycle.terminal[1]", `"closed"`},
		{"stamp of no field", "field: paid_at, states", "field: paid_on, states", "collections[0].lifecycle.stamps[0].field", "paid_on"},
		{"effect of no field", "effects: [{field: pinned_by", "effects: [{field: pinned_on", "collections[0].lifecycle.effects[0].field", "pinned_on"},
		{"effect on the status itself", "effects: [{field: pinned_by", "effects: [{field: status", "collections[0].lifecycle.effects[0].field", "another field"},
		{"effect after a state not in the enum", "states: [void], from", "states: [closed], from", "collections[0].lifecycle.effects[0].states", `"closed"`},
		{"effect to a value its field cannot hold", "{field: pinned_by, states: [void], from: [owner], to: nobody}", "{field: parent_type, states: [void], from: [note], to: group}", "collections[0].lifecycle.effects[0].from[1]", `"group"`},
		{"lifecycle without error", "      error: \"cannot move from {from} to {to}\"\n", "", "collections[0].lifecycle", "error"},
		{"unknown rule", "rule: lte", "rule: less", "collections[0].invariants[0].rule", "one of"},
		{"wrong arity", "fields: [clicks, views]", "fields: [clicks]", "collections[0].invariants[0].fields", "takes two or more"},
		{"display of a non-ref", "fields: [owner_name, owner]", "fields: [owner_name, title]", "collections[0].invariants[2].fields[1]", "ref field"},
		{"display from no field", "from: [name]", "from: [full_name]", "collections[0].invariants[2].from[0]", "full_name"},
		{"ref_by of no field", "ref_by: parent_type", "ref_by: parent_kind", "collections[0].fields.parent_id.ref_by", "parent_kind"},
		{"ratio of one field", "fields: [ctr, clicks, views]", "fields: [ctr]", "collections[0].invariants[3].fields", "takes 3"},
		{"scale below zero", "scale: 100", "scale: -1", "collections[0].invariants[3].scale", "exclusiveMinimum"},
		{"scale on another rule", "{rule: lte, fields: [clicks, views]}", "{rule: lte, fields: [clicks, views], scale: 2}", "collections[0].invariants[0].scale", "only for the rule ratio"},
		{"ref_by without refs", ", refs: {note: notes, person: people}", "", "collections[0].fields.parent_id.refs", "needs refs"},
		{"refs of a value not in the enum", "refs: {note: notes,", "refs: {memo: notes,", "collections[0].fields.parent_id.refs.memo", "not a value"},
		{"refs to no collection", "person: people}", "person: persons}", "collections[0].fields.parent_id.refs.person", "no collection"},
		{"refs without ref_by", "ref_by: parent_type, refs", "refs", "collections[0].fields.parent_id.refs", "needs ref_by"},
		{"ref_by beside ref", "role: ref, ref_by", "role: ref, ref: people, ref_by", "collections[0].fields.parent_id.ref_by", "no ref"},
		{"ref_by on no ref", "role: ref, ref_by", "role: id, ref_by", "collections[0].fields.parent_id.ref_by", "need role ref"},
		{"only_when on a state the flag cannot hold", `in: ["true"]`, `in: ["yes"]`, "collections[0].invariants[4].in[0]", `"yes"`},
		{"only_when without its states", ", in: [\"true\"]}", "}", "collections[0].invariants[4].in", "only_when"},
		{"only_when gating a value its field cannot hold", "{rule: only_when, fields: [pinned_by, pinned], in: [\"true\"]}", "{rule: only_when, fields: [status, pinned], in: [\"true\"], values: [archived]}", "collections[0].invariants[4].values[0]", `"archived"`},
		{"only_when on a state a date cannot hold", "{rule: only_when, fields: [pinned_by, pinned], in: [\"true\"]}", "{rule: only_when, fields: [pinned_by, paid_at], in: [paid]}", "collections[0].invariants[4].in[0]", `"paid"`},
		{"within of no field of the parent", "{rule: lte, fields: [clicks, views]}", "{rule: within, fields: [paid_at, owner, left_at]}", "collections[0].invariants[0].fields[2]", `"left_at"`},
		{"within of no reference", "{rule: lte, fields: [clicks, views]}", "{rule: within, fields: [paid_at, title, name]}", "collections[0].invariants[0].fields[1]", "ref field"},
		{"agrees with no field of the parent", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, team]}", "collections[0].invariants[0].fields[2]", `"team"`},
		{"agrees in some states", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name, pinned], in: [\"true\"]}", "", ""},
		{"agrees on a state the flag cannot hold", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name, pinned], in: [\"yes\"]}", "collections[0].invariants[0].in[0]", `"yes"`},
		{"agrees of four fields without states", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name, pinned]}", "collections[0].invariants[0].in", "agrees rule of four fields"},
		{"agrees where its parent is", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name], in: [Ann]}", "", ""},
		{"since in some states", "{rule: lte, fields: [clicks, views]}", "{rule: since, fields: [paid_at, owner, name, status], in: [paid]}", "", ""},
		{"since on a state its field cannot hold", "{rule: lte, fields: [clicks, views]}", "{rule: since, fields: [paid_at, owner, name, status], in: [closed]}", "collections[0].invariants[0].in[0]", `"closed"`},
		{"since of four fields without states", "{rule: lte, fields: [clicks, views]}", "{rule: since, fields: [paid_at, owner, name, status]}", "collections[0].invariants[0].in", "in lists"},
		{"agrees by company with the parent's further fields", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name], by: company, with: [name]}", "", ""},
		{"agrees by company with no field of the parent", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name], by: company, with: [team]}", "collections[0].invariants[0].with[0]", `"team"`},
		{"agrees with further fields not by company", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, owner, name], with: [name]}", "collections[0].invariants[0].per", "agrees rule by company"},
		{"agrees of no reference", "{rule: lte, fields: [clicks, views]}", "{rule: agrees, fields: [title, title, name]}", "collections[0].invariants[0].fields[1]", "ref field"},
		{"values on another rule", "{rule: lte, fields: [clicks, views]}", "{rule: lte, fields: [clicks, views], values: [\"1\"]}", "collections[0].invariants[0].values", "and only these"},
		{"bounds on a string", "title: {type: string}", "title: {type: string, maximum: 3}", "collections[0].fields.title.minimum", "number field"},
		{"maximum below minimum", "minimum: 0, maximum: 10", "minimum: 10, maximum: 0", "collections[0].fields.score.maximum", "below minimum"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(behaviourServer, c.old, c.new, 1)
			if c.old != "" && src == behaviourServer {
				t.Fatalf("%q not in the server", c.old)
			}
			expectDiag(t, src, c.field, c.want, "")
		})
	}
}

// A transition's effect moves its field from the declared values only, and
// only on a move into its states.
func TestLifecycleMoves(t *testing.T) {
	lc := &Lifecycle{Field: "cancelled_at", Effects: []TransitionEffect{{Field: "financial_status", States: []string{StateSet}, From: []string{"authorized"}, To: "voided"}}}
	for _, c := range []struct {
		field, to string
		v         any
		want      string
		ok        bool
	}{
		{"financial_status", StateSet, "authorized", "voided", true},
		{"financial_status", StateSet, "paid", "", false},
		{"financial_status", "", "authorized", "", false},
		{"fulfillment_status", StateSet, "authorized", "", false},
	} {
		if got, ok := lc.Moves(c.field, c.to, c.v); got != c.want || ok != c.ok {
			t.Errorf("Moves(%s, %q, %v) = %q, %v; want %q, %v", c.field, c.to, c.v, got, ok, c.want, c.ok)
		}
	}
}

func TestLifecycleCheck(t *testing.T) {
	lc := &Lifecycle{Field: "status", Transitions: map[string][]string{"sent": {"paid"}}, Terminal: []string{"paid"}, Error: "{from} -> {to}"}
	for _, c := range []struct {
		from, to string
		ok       bool
	}{{"", "paid", true}, {"draft", "void", true}, {"sent", "paid", true}, {"sent", "sent", true}, {"sent", "void", false}, {"paid", "paid", false}, {"paid", "sent", false}} {
		err := lc.Check(c.from, c.to)
		if (err == nil) != c.ok {
			t.Errorf("%s -> %s: %v, want allowed %v", c.from, c.to, err, c.ok)
		}
		if err != nil && err.Error() != c.from+" -> "+c.to {
			t.Errorf("error %q, want the declared wording", err)
		}
	}
}

// A tool that sends a text writes phone numbers, an email tool writes
// addresses: RingCentral's SMS once took its recipients as email
// addresses, so "email them from RingCentral" was rewarded as a text.
func TestToolChannel(t *testing.T) {
	const src = `kind: server
id: ringcentral
collections:
  - name: messages
    fields:
      to_phones: {type: array, items: string, role: emails}
      subject: {type: string, role: title}
tools:
  - name: ringcentral_send_sms
    description: Send an SMS.
    input: {type: object, properties: {to_phones: {type: array, items: {type: string}}, subject: {type: string}}, required: [to_phones]}
    effect: {kind: create, collection: messages}
`
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"texts to email addresses", "", "", "writes email addresses"},
		{"texts to phone numbers", "role: emails", "role: phone", ""},
		{"email to phone numbers", "ringcentral_send_sms", "ringcentral_send_email", ""},
		{"email to phone numbers", "role: emails}\n", "role: phone}\n", ""},
	} {
		s := strings.Replace(src, c.old, c.new, 1)
		_, ds, err := Load(fstest.MapFS{"s.yaml": {Data: []byte(s)}})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, d := range ds {
			got += d.Message
		}
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: diagnostics %q, want %q", c.name, got, c.want)
		}
	}
	s := strings.NewReplacer("ringcentral_send_sms", "ringcentral_send_email", "role: emails", "role: phone", "to_phones", "to").Replace(src)
	if _, ds, _ := Load(fstest.MapFS{"s.yaml": {Data: []byte(s)}}); !strings.Contains(fmt.Sprint(ds), "writes phone numbers") {
		t.Errorf("an email tool writing phone numbers: %v", ds)
	}
}

// TestToolKinds: a tool's kind comes from its effect, a create that sends
// from its verb, and the kinds a server's examples leave uncalled are
// listed once each.
func TestToolKinds(t *testing.T) {
	s := &Server{ID: "mail", Tools: []Tool{
		{Name: "mail_find", Effect: Effect{Kind: "search"}},
		{Name: "mail_get", Effect: Effect{Kind: "get"}},
		{Name: "mail_create_draft", Effect: Effect{Kind: "create"}},
		{Name: "mail_send_email", Effect: Effect{Kind: "create"}},
		{Name: "mail_reply", Effect: Effect{Kind: "create"}},
		{Name: "mail_add_label", Effect: Effect{Kind: "append"}},
		{Name: "mail_trash", Effect: Effect{Kind: "delete"}},
		{Name: "mail_script", Effect: Effect{Kind: "starlark"}},
	}}
	want := []string{ToolRead, ToolRead, ToolCreate, ToolSend, ToolSend, ToolUpdate, ToolDelete, ""}
	for i := range s.Tools {
		if got := s.ToolKind(&s.Tools[i]); got != want[i] {
			t.Errorf("%s: kind %q, want %q", s.Tools[i].Name, got, want[i])
		}
	}
	s.Examples = []Example{{Calls: []ExampleCall{{Tool: "mail_get"}, {Tool: "mail_find"}, {Tool: "mail_reply"}}}}
	if got := strings.Join(s.UncoveredKinds(), ","); got != "create,delete,update" {
		t.Errorf("uncovered %q, want create,delete,update", got)
	}
}

// A reference whose collection another field names resolves per record.
func TestRefOf(t *testing.T) {
	f := Field{Role: RoleRef, RefBy: "parent_type", Refs: map[string]string{"person": "people", "company": "companies"}}
	cases := []struct {
		rec  map[string]any
		want string
		ok   bool
	}{
		{map[string]any{"parent_type": "person"}, "people", true},
		{map[string]any{"parent_type": "company"}, "companies", true},
		{map[string]any{"parent_type": "lead"}, "", false},
		{map[string]any{}, "", false},
	}
	for _, c := range cases {
		if got, ok := f.RefOf(c.rec); got != c.want || ok != c.ok {
			t.Errorf("RefOf(%v) = %q, %v; want %q, %v", c.rec, got, ok, c.want, c.ok)
		}
	}
	if got, ok := (Field{Role: RoleRef, Ref: "people"}).RefOf(nil); got != "people" || !ok {
		t.Errorf("a plain ref: %q, %v", got, ok)
	}
	if _, ok := (Field{Role: RoleID}).RefOf(map[string]any{"parent_type": "person"}); ok {
		t.Error("an id field names a collection")
	}
}

// TestRatioInvariant: a rate is its parts' quotient, to its last written
// digit: a click-through rate of 2% beside 5 clicks on 50 impressions is
// wrong, 10 or 10.0 is right, 3 for 2.94% is written whole; a rate over
// zero, or with a part missing, is not judged.
func TestRatioInvariant(t *testing.T) {
	c := &Collection{Name: "campaigns", Invariants: []Invariant{{Rule: "ratio", Fields: []string{"ctr", "clicks", "impressions"}, Scale: 100}}}
	for _, tc := range []struct {
		rec  map[string]any
		want bool // a problem
	}{
		{map[string]any{"ctr": 2.0, "clicks": 5, "impressions": 50}, true},
		{map[string]any{"ctr": 10, "clicks": 5, "impressions": 50}, false},
		{map[string]any{"ctr": 2.94, "clicks": 5, "impressions": 170}, false},
		{map[string]any{"ctr": 3, "clicks": 5, "impressions": 170}, false},
		{map[string]any{"ctr": 2.9, "clicks": 5, "impressions": 170}, true},
		{map[string]any{"ctr": 2.0, "clicks": 5, "impressions": 0}, false},
		{map[string]any{"ctr": 2.0, "clicks": 5}, false},
	} {
		ps := c.RecordProblems(tc.rec)
		if got := len(ps) > 0; got != tc.want {
			t.Errorf("%v: problems %v, want a problem %v", tc.rec, ps, tc.want)
		}
	}
}

// TestBoundedFields: a number outside its field's declared bounds is a
// problem of its record, one at a bound or within is not, and a field
// without bounds takes any number.
func TestBoundedFields(t *testing.T) {
	zero, ten := 0.0, 10.0
	c := &Collection{Name: "contacts", Fields: map[string]Field{
		"nps_score": {Type: "integer", Minimum: &zero, Maximum: &ten},
		"age":       {Type: "integer", Minimum: &zero},
		"visits":    {Type: "integer"},
	}}
	for _, tc := range []struct {
		rec  map[string]any
		want string // the field with a problem, "" for none
	}{
		{map[string]any{"nps_score": 10, "age": 0, "visits": -5}, ""},
		{map[string]any{"nps_score": 16}, "nps_score"},
		{map[string]any{"nps_score": -1.0}, "nps_score"},
		{map[string]any{"age": -2}, "age"},
		{map[string]any{"nps_score": "n/a"}, ""},
	} {
		ps := c.RecordProblems(tc.rec)
		got := ""
		if len(ps) > 0 {
			got = ps[0].Field
		}
		if got != tc.want || len(ps) > 1 {
			t.Errorf("%v: problems %v, want one on %q", tc.rec, ps, tc.want)
		}
	}
}

// TestOnlyWhenCountsAndValues: a count of 0 holds nothing (a draft may
// show no likes, not some), and with values only those values are kept
// to the rule's states (GitHub's state_reason completed only on a closed
// issue, reopened only on an open one).
func TestOnlyWhenCountsAndValues(t *testing.T) {
	posts := &Collection{Name: "posts", Invariants: []Invariant{{Rule: "only_when", Fields: []string{"likes", "status"}, In: []string{"sent"}}}}
	issues := &Collection{Name: "issues", Invariants: []Invariant{
		{Rule: "only_when", Fields: []string{"state_reason", "state"}, In: []string{"closed"}, Values: []string{"completed", "not_planned"}},
		{Rule: "only_when", Fields: []string{"state_reason", "state"}, In: []string{"open"}, Values: []string{"reopened"}},
	}}
	for _, tc := range []struct {
		c    *Collection
		rec  map[string]any
		want int // problems
	}{
		{posts, map[string]any{"status": "draft", "likes": 0}, 0},
		{posts, map[string]any{"status": "draft", "likes": 12}, 1},
		{posts, map[string]any{"status": "draft", "likes": 0.5}, 1},
		{posts, map[string]any{"status": "sent", "likes": 12}, 0},
		{issues, map[string]any{"state": "closed", "state_reason": "completed"}, 0},
		{issues, map[string]any{"state": "open", "state_reason": "reopened"}, 0},
		{issues, map[string]any{"state": "open", "state_reason": "not_planned"}, 1},
		{issues, map[string]any{"state": "closed", "state_reason": "reopened"}, 1},
		{issues, map[string]any{"state": "open"}, 0},
	} {
		if ps := tc.c.RecordProblems(tc.rec); len(ps) != tc.want {
			t.Errorf("%s %v: problems %v, want %d", tc.c.Name, tc.rec, ps, tc.want)
		}
	}
}

// TestOnlyWhenAFlagIsTrue: a field gated by a flag (only_when, in
// ["true"]) holds a value only where the flag is true; without the value,
// the flag may be anything.
func TestOnlyWhenAFlagIsTrue(t *testing.T) {
	c := &Collection{Name: "events", Invariants: []Invariant{{Rule: "only_when", Fields: []string{"onlineMeetingUrl", "isOnlineMeeting"}, In: []string{"true"}}}}
	for _, tc := range []struct {
		rec  map[string]any
		want bool // a problem
	}{
		{map[string]any{"onlineMeetingUrl": "https://x.example/1", "isOnlineMeeting": false}, true},
		{map[string]any{"onlineMeetingUrl": "https://x.example/1"}, true},
		{map[string]any{"onlineMeetingUrl": "https://x.example/1", "isOnlineMeeting": true}, false},
		{map[string]any{"onlineMeetingUrl": "", "isOnlineMeeting": false}, false},
		{map[string]any{"isOnlineMeeting": true}, false},
	} {
		ps := c.RecordProblems(tc.rec)
		if got := len(ps) > 0; got != tc.want {
			t.Errorf("%v: problems %v, want a problem %v", tc.rec, ps, tc.want)
		}
	}
}

// TestOnlyWhenADateIsSet: a field gated by a date holds a value only
// where the date is set (in ["set"]: Lever's archive reason with its
// archivedAt) or only where it is not (in [""]: no Shopify order both
// cancelled and holding an authorised payment); the date's own value is
// no state.
func TestOnlyWhenADateIsSet(t *testing.T) {
	c := &Collection{Name: "orders", Fields: map[string]Field{"archivedAt": {Type: "string", Format: "date-time"}, "cancelled_at": {Type: "string", Format: "date-time"}},
		Invariants: []Invariant{
			{Rule: "only_when", Fields: []string{"archived_reason", "archivedAt"}, In: []string{StateSet}},
			{Rule: "only_when", Fields: []string{"financial_status", "cancelled_at"}, In: []string{""}, Values: []string{"authorized"}},
		}}
	at := "2026-03-01T10:00:00Z"
	for _, tc := range []struct {
		rec  map[string]any
		want bool // a problem
	}{
		{map[string]any{"archived_reason": "Hired elsewhere"}, true},
		{map[string]any{"archived_reason": "Hired elsewhere", "archivedAt": ""}, true},
		{map[string]any{"archived_reason": "Hired elsewhere", "archivedAt": at}, false},
		{map[string]any{"archivedAt": at}, false},
		{map[string]any{"financial_status": "authorized", "cancelled_at": at}, true},
		{map[string]any{"financial_status": "authorized"}, false},
		{map[string]any{"financial_status": "paid", "cancelled_at": at}, false},
	} {
		ps := c.RecordProblems(tc.rec)
		if got := len(ps) > 0; got != tc.want {
			t.Errorf("%v: problems %v, want a problem %v", tc.rec, ps, tc.want)
		}
	}
}

// TestDiffers: a differs pair holds two values, letter case aside (a
// personal address that is the work one again breaks it); one missing
// breaks nothing.
func TestDiffers(t *testing.T) {
	c := &Collection{Name: "employees", Invariants: []Invariant{{Rule: "differs", Fields: []string{"personal_email", "work_email"}}}}
	for _, tc := range []struct {
		rec  map[string]any
		want bool
	}{
		{map[string]any{"personal_email": "ana.ruiz@acme.example", "work_email": "Ana.Ruiz@acme.example"}, true},
		{map[string]any{"personal_email": "ana.ruiz@gmail.example", "work_email": "ana.ruiz@acme.example"}, false},
		{map[string]any{"work_email": "ana.ruiz@acme.example"}, false},
		{map[string]any{"personal_email": "", "work_email": ""}, false},
	} {
		ps := c.RecordProblems(tc.rec)
		if got := len(ps) > 0; got != tc.want {
			t.Errorf("%v: problems %v, want a problem %v", tc.rec, ps, tc.want)
		}
	}
}

// TestSizeInBytesHoldsItsText: a message's size in bytes is at least its
// own text (a 12-byte mail with an 80-character body contradicts
// itself); a description about a file is no part of its size, and a
// size without a unit is a count like any other.
func TestSizeInBytesHoldsItsText(t *testing.T) {
	c := &Collection{Name: "emails", Fields: map[string]Field{
		"size":        {Type: "integer", Role: RoleCount, Unit: UnitBytes},
		"textBody":    {Type: "string", Role: RoleText},
		"description": {Type: "string", Role: RoleText},
		"visits":      {Type: "integer", Role: RoleCount},
	}}
	body := "Here is where the Q3 budget forecast for Acme Labs stands as of 4 May."
	for _, tc := range []struct {
		rec  map[string]any
		want string
	}{
		{map[string]any{"size": 12, "textBody": body}, "size"},
		{map[string]any{"size": 4096, "textBody": body}, ""},
		{map[string]any{"size": 12, "description": body}, ""},
		{map[string]any{"visits": 1, "textBody": body}, ""},
	} {
		ps := c.RecordProblems(tc.rec)
		got := ""
		if len(ps) > 0 {
			got = ps[0].Field
		}
		if got != tc.want || len(ps) > 1 {
			t.Errorf("%v: problems %v, want one on %q", tc.rec, ps, tc.want)
		}
	}
	for unit, typ := range map[string]string{"inches": "integer", UnitBytes: "string"} {
		s := &Server{Kind: KindServer, ID: "t", Collections: []Collection{{Name: "files", Fields: map[string]Field{"size": {Type: typ, Unit: unit}}}}}
		if ds := validateBehaviour(&Entry{Kind: KindServer, ID: "t"}, s); !ds.HasErrors() {
			t.Errorf("unit %q on a %s field: no error", unit, typ)
		}
	}
}
