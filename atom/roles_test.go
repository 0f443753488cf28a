package atom

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Roles and references a server declares are checked on load, and a
// tool's name must keep the promise its verb makes.
func TestRolesAndToolNames(t *testing.T) {
	base := strings.Replace(goodServer, "      title: {type: string}\n", "      title: {type: string, role: title}\n      owner: {type: string, role: ref, ref: notes}\n", 1)
	cases := []struct {
		name, src string
		field     string
		want      string // "" means no diagnostic
		warning   bool
	}{
		{name: "declared roles load", src: base},
		{name: "unknown role", src: strings.Replace(base, "role: title", "role: headline", 1), field: "collections[0].fields.title.role", want: "one of"},
		{name: "ref to no collection", src: strings.Replace(base, "ref: notes", "ref: memos", 1), field: "collections[0].fields.owner.ref", want: "memos"},
		{name: "role against type", src: strings.Replace(base, "title: {type: string, role: title}", "title: {type: string, role: money}", 1), field: "collections[0].fields.title.role", want: "number"},
		{name: "money counted in days", src: strings.Replace(base, "title: {type: string, role: title}", "title: {type: string, role: title}\n      amount: {type: number, description: Days requested, role: money}", 1), field: "collections[0].fields.amount.role", want: "Days requested"},
		{name: "cancel that does not cancel", src: strings.Replace(strings.Replace(base, "notes_create", "notes_cancel_note", 1), "kind: create, collection: notes}", "kind: update, collection: notes, key: title}", 1),
			field: "tools[0].name", want: "cancel", warning: true},
		{name: "a phone number as a code", src: strings.Replace(base, "title: {type: string, role: title}", "title: {type: string, role: title}\n      toll_free_number: {type: string, role: code}", 1),
			field: "collections[0].fields.toll_free_number.role", want: "declare role phone", warning: true},
		{name: "a number texts go to as a code", src: strings.Replace(base, "title: {type: string, role: title}", "title: {type: string, role: title}\n      text_reminder_number: {type: string, role: code}", 1),
			field: "collections[0].fields.text_reminder_number.role", want: "declare role phone", warning: true},
		{name: "a phone number declared so", src: strings.Replace(base, "title: {type: string, role: title}", "title: {type: string, role: title}\n      fax_number: {type: string, role: phone}", 1)},
		{name: "create that deletes", src: strings.Replace(base, "kind: create, collection: notes}", "kind: delete, collection: notes, key: title}", 1),
			field: "tools[0].name", want: "effect", warning: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sev := Error
			if c.warning {
				sev = Warning
			}
			expectDiag(t, c.src, c.field, c.want, sev)
		})
	}
}

func TestInferRole(t *testing.T) {
	s := &Server{ID: "pay", Collections: []Collection{
		{Name: "customers", Fields: map[string]Field{"name": {Type: "string"}, "email": {Type: "string"}}},
		{Name: "charges", Fields: map[string]Field{"customer": {Type: "string"}, "amount": {Type: "number"}, "refund_count": {Type: "integer"},
			"canceled_at": {Type: "string"}, "key": {Type: "string"}, "orgid": {Type: "string"}, "status": {Type: "integer", Enum: []any{2, 3}}}},
	}}
	want := map[string][2]string{
		"customer": {RoleRef, "customers"}, "amount": {RoleMoney}, "refund_count": {RoleCount}, "canceled_at": {RoleDate},
		"key": {RoleCode}, "orgid": {RoleID}, "status": {RoleStatus},
	}
	for f, w := range want {
		role, ref := InferRole(s, &s.Collections[1], f, s.Collections[1].Fields[f])
		if role != w[0] || ref != w[1] {
			t.Errorf("%s: role %s ref %q, want %s %q", f, role, ref, w[0], w[1])
		}
	}
	if role, _ := InferRole(s, &s.Collections[0], "name", s.Collections[0].Fields["name"]); role != RolePersonName {
		t.Errorf("customers.name: %s", role)
	}
	// A repository's full_name is its path under its owner; a person's
	// full_name is their name.
	code := &Server{ID: "code", Collections: []Collection{
		{Name: "repositories", Fields: map[string]Field{"full_name": {Type: "string"}, "path_with_namespace": {Type: "string"}, "slug": {Type: "string"}}},
		{Name: "users", Fields: map[string]Field{"full_name": {Type: "string"}}},
	}}
	for _, f := range []string{"full_name", "path_with_namespace", "slug"} {
		if role, _ := InferRole(code, &code.Collections[0], f, code.Collections[0].Fields[f]); role != RoleSlug {
			t.Errorf("repositories.%s: %s, want %s", f, role, RoleSlug)
		}
	}
	if role, _ := InferRole(code, &code.Collections[1], "full_name", code.Collections[1].Fields["full_name"]); role != RolePersonName {
		t.Errorf("users.full_name: %s", role)
	}
}

// An operations catalogue loads beside its server, and an operation
// whose effect names no collection of the app is reported.
func TestOperationsCatalogue(t *testing.T) {
	ops := "kind: operations\napp: notes\noperations:\n  - name: notes_update_note\n    description: Update a note.\n    input: {type: object, properties: {id: {type: string}, title: {type: string}}, required: [id]}\n    effect: {kind: update, collection: notes}\n"
	lib, ds, err := Load(fstest.MapFS{"servers/notes.yaml": {Data: []byte(goodServer)}, "operations/notes.yaml": {Data: []byte(ops)}})
	if err != nil || len(ds) > 0 {
		t.Fatalf("load: %v %v", err, ds)
	}
	if got := lib.Operations("notes"); len(got) != 1 || got[0].Name != "notes_update_note" {
		t.Fatalf("operations = %+v", got)
	}
	if c := lib.Clone(); len(c.Operations("notes")) != 1 {
		t.Fatal("Clone drops the catalogue")
	}
	bad := strings.Replace(ops, "collection: notes}", "collection: memos}", 1)
	_, ds, _ = Load(fstest.MapFS{"servers/notes.yaml": {Data: []byte(goodServer)}, "operations/notes.yaml": {Data: []byte(bad)}})
	if !strings.Contains(ds.Err().Error(), "memos") {
		t.Fatalf("diagnostics: %v", ds)
	}
}

// TestIDThatNamesAnotherCollection: a field declared an id that holds
// another collection's keys by its name (the key's own name, or an id
// named for the collection cut short) is a reference left undeclared;
// an id named for a collection's head noun (parentFolderId, a mail
// folder's) is one too; a name two collections might be short for
// (event_id: events_log or scheduled_events), or one no collection's, is
// not.
func TestIDThatNamesAnotherCollection(t *testing.T) {
	s := &Server{Kind: KindServer, ID: "crm", Collections: []Collection{
		{Name: "requests", Key: "issueKey", Fields: map[string]Field{"issueKey": {Type: "string", Role: RoleID}}},
		{Name: "organizations", Fields: map[string]Field{"id": {Type: "string", Role: RoleID}}},
		{Name: "event_types", Fields: map[string]Field{"id": {Type: "string", Role: RoleID}}},
		{Name: "events_log", Fields: map[string]Field{"id": {Type: "string", Role: RoleID}}},
		{Name: "scheduled_events", Fields: map[string]Field{"id": {Type: "string", Role: RoleID}}},
		{Name: "mail_folders", Fields: map[string]Field{"id": {Type: "string", Role: RoleID}}},
		{Name: "comments", Fields: map[string]Field{
			"issueKey": {Type: "string", Role: RoleID}, "org_id": {Type: "string", Role: RoleID},
			"ev_id": {Type: "string", Role: RoleID}, "external_id": {Type: "string", Role: RoleID},
			"event_id": {Type: "string", Role: RoleID}, "parentFolderId": {Type: "string", Role: RoleID},
		}},
	}}
	c := &s.Collections[6]
	got := map[string]string{}
	for _, f := range []string{"issueKey", "org_id", "ev_id", "external_id", "event_id", "parentFolderId"} {
		if o := KeyNamed(s, c, f); o != nil {
			got[f] = o.Name
		}
	}
	if len(got) != 3 || got["issueKey"] != "requests" || got["org_id"] != "organizations" || got["parentFolderId"] != "mail_folders" {
		t.Errorf("references by name: %v, want issueKey of requests, org_id of organizations and parentFolderId of mail_folders only", got)
	}
	if o := KeyNamed(s, &s.Collections[0], "issueKey"); o != nil {
		t.Errorf("a collection's own key names %s", o.Name)
	}
	e := &Entry{Kind: KindServer, ID: "crm"}
	var warned []string
	for _, d := range validateRoles(e, s) {
		if d.Severity == Warning {
			warned = append(warned, d.Field)
		}
	}
	if len(warned) != 3 {
		t.Errorf("warnings %v, want one for each undeclared reference", warned)
	}
}

// TestAPIName: an API name keeps a name's letters and digits, one
// underscore for every run of anything else, and begins with a letter.
func TestAPIName(t *testing.T) {
	for in, want := range map[string]string{
		"Cyberdyne Labs onboarding handbook": "Cyberdyne_Labs_onboarding_handbook",
		"Q3 budget - forecast (draft)":       "Q3_budget_forecast_draft",
		"2026 plans":                         "X2026_plans",
		"  ---  ":                            "",
	} {
		if got := APIName(in); got != want {
			t.Errorf("APIName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestKeyPrefix: a team's key is the first letters of its one-word name,
// or its words' initials, in capitals.
func TestKeyPrefix(t *testing.T) {
	for title, want := range map[string]string{"Payments": "PAY", "Customer Success": "CS", "Tier 2 Support": "TS", "Data": "DAT", "QA": "QA", "": "", "2026": ""} {
		if got := KeyPrefix(title); got != want {
			t.Errorf("KeyPrefix(%q) = %q, want %q", title, got, want)
		}
	}
}
