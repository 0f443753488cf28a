package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestJiraKeysAndZendeskExternalIDs: over the built-in atoms, a Jira
// project keyed like an issue (PRO-9115), two projects of one key, an
// issue keyed apart from its project (ISS-6243 in MKT) and two Zendesk
// users of one external_id are violations naming the record and field;
// a project keyed MKT with its issue MKT-42 and users of their own
// external_ids are none.
func TestJiraKeysAndZendeskExternalIDs(t *testing.T) {
	ss := map[string]*atom.Server{"jira": builtinServer(t, "jira"), "zendesk": builtinServer(t, "zendesk")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	w := state.NewWorld(clock,
		state.NewCollection("jira.projects", "id", []state.Record{
			{"id": "10001", "key": "MKT", "name": "Marketing", "project_type": "business"},
			{"id": "10002", "key": "PRO-9115", "name": "Product", "project_type": "software"},
			{"id": "10003", "key": "OPS", "name": "Operations", "project_type": "software"},
			{"id": "10004", "key": "OPS", "name": "Office", "project_type": "business"},
		}),
		state.NewCollection("jira.issues", "id", []state.Record{
			{"id": "100101", "key": "MKT-42", "project_key": "MKT", "summary": "Spring launch copy"},
			{"id": "100102", "key": "ISS-6243", "project_key": "MKT", "summary": "Banner sizes"},
		}),
		state.NewCollection("zendesk.users", "id", []state.Record{
			{"id": "382001", "name": "Ana Ruiz", "external_id": "192164653"},
			{"id": "382002", "name": "Ana Ruiz", "external_id": "192164653"},
			{"id": "382003", "name": "Li Wu", "external_id": "204311870"},
		}))
	got := map[string]int{}
	for _, v := range CheckWorld("d", ss, w) {
		got[v.Collection+"|"+v.Key+"|"+v.Field]++
	}
	for _, want := range []string{"jira.projects|10002|key", "jira.issues|100102|key", "zendesk.users|382002|external_id"} {
		if got[want] == 0 {
			t.Errorf("no violation on %s; got %v", want, got)
		}
	}
	if got["jira.projects|10003|key"]+got["jira.projects|10004|key"] == 0 {
		t.Errorf("two projects keyed OPS: no violation; got %v", got)
	}
	for _, clean := range []string{"jira.projects|10001|key", "jira.issues|100101|key", "zendesk.users|382003|external_id"} {
		if got[clean] > 0 {
			t.Errorf("violation on %s, which keeps the rules; got %v", clean, got)
		}
	}
}
