package coherence

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// deals is a CRM collection whose records keep traces of one event each:
// a lost_reason and a won_time for the status, a paused_at for the flag,
// and create/update stamps named the way Mattermost and Pipedrive name them.
func deals() (*atom.Server, *atom.Collection) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "deals", Fields: map[string]atom.Field{
		"status":           {Type: "string", Enum: []any{"open", "won", "lost"}, Role: atom.RoleStatus},
		"lost_reason":      {Type: "string", Role: atom.RoleText},
		"won_time":         {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"paused":           {Type: "boolean", Role: atom.RoleFlag},
		"paused_at":        {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"add_time":         {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"update_at":        {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"terminated":       {Type: "boolean", Role: atom.RoleFlag},
		"termination_date": {Type: "string", Format: "date", Role: atom.RoleDate},
		"is_bot":           {Type: "boolean", Role: atom.RoleFlag},
		"bot_name":         {Type: "string", Role: atom.RoleTitle},
		"billed":           {Type: "boolean", Role: atom.RoleFlag},
		"billing_name":     {Type: "string", Role: atom.RolePersonName},
		"active":           {Type: "boolean", Role: atom.RoleFlag},
		"checkedOut":       {Type: "boolean", Role: atom.RoleFlag},
		"checkedOutBy":     {Type: "string", Role: atom.RoleEmail},
		"activated_at":     {Type: "string", Format: "date-time", Role: atom.RoleDate},
	}}}}
	return s, &s.Collections[0]
}

func TestDeniedEvents(t *testing.T) {
	s, def := deals()
	cases := []struct {
		name string
		rec  map[string]any
		want string // fields denied, joined; "" for none
	}{
		{"open deal with nothing of an end", map[string]any{"status": "open", "paused": false}, ""},
		{"lost deal with its reason", map[string]any{"status": "lost", "lost_reason": "Went with a competitor"}, ""},
		{"won deal with its time", map[string]any{"status": "won", "won_time": "2026-02-01T10:00:00Z"}, ""},
		{"open deal with a lost reason", map[string]any{"status": "open", "lost_reason": "Budget cut"}, "lost_reason"},
		{"lost deal with a won time", map[string]any{"status": "lost", "won_time": "2026-02-01T10:00:00Z"}, "won_time"},
		{"running channel paused at a date", map[string]any{"paused": false, "paused_at": "2026-02-01T10:00:00Z"}, "paused_at"},
		{"paused channel with its date", map[string]any{"paused": true, "paused_at": "2026-02-01T10:00:00Z"}, ""},
		{"employee on staff with a termination date", map[string]any{"terminated": false, "termination_date": "2026-05-05"}, "termination_date"},
		{"a person's message under a bot's name", map[string]any{"is_bot": false, "bot_name": "Deploy bot"}, "bot_name"},
		{"document not checked out, yet checked out by someone", map[string]any{"checkedOut": false, "checkedOutBy": "ana@acme.example"}, "checkedOutBy"},
		{"unbilled entry with a billing name", map[string]any{"billed": false, "billing_name": "Ana Ruiz"}, ""},
		{"deactivated account keeps its activation", map[string]any{"active": false, "activated_at": "2026-02-01T10:00:00Z"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range DeniedEvents(s, def, tc.rec) {
				got = append(got, d.Field)
			}
			if strings.Join(got, ",") != tc.want {
				t.Errorf("denied %v, want %q", got, tc.want)
			}
			vs := CheckRecord(s, def, tc.rec)
			if (len(vs) > 0) != (tc.want != "") {
				t.Errorf("CheckRecord gives %v", vs)
			}
		})
	}
}

// TestCreateBeforeUpdateByStem: a record added or created (add_time,
// create_at) before it is updated (update_at) keeps that order, whatever
// the tense of the field's name.
func TestCreateBeforeUpdateByStem(t *testing.T) {
	s, def := deals()
	ok := map[string]any{"add_time": "2026-01-02T10:00:00Z", "update_at": "2026-02-02T10:00:00Z"}
	if ps := LifecycleProblems(s, def, ok); len(ps) > 0 {
		t.Errorf("in order, yet %v", ps)
	}
	bad := map[string]any{"add_time": "2026-03-02T10:00:00Z", "update_at": "2026-02-02T10:00:00Z"}
	if ps := LifecycleProblems(s, def, bad); len(ps) == 0 {
		t.Error("updated before it was added, and no problem reported")
	}
	wonFirst := map[string]any{"status": "won", "add_time": "2026-03-02T10:00:00Z", "won_time": "2026-02-02T10:00:00Z"}
	if ps := LifecycleProblems(s, def, wonFirst); len(ps) == 0 {
		t.Error("won before it was added, and no problem reported")
	}
}
