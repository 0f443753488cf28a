package synth

import (
	"fmt"
	"time"

	"github.com/legoenv/legoenv/state"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestReferredRecordsAgree: the records drawn say what the records
// referring to them are, as their referred_by rules declare: a Gmail
// message has attachments exactly where one is on it and lists exactly
// those, a thread lists the messages in it (a message is in one thread), a
// Drive file is shared exactly where a grant beyond its owner's names it,
// a document's one owner permission is its owner's; and no domain or
// anyone is granted a role only a user or a group may hold. Both sides of
// each flag are drawn, so the rules are met, not skirted.
func TestReferredRecordsAgree(t *testing.T) {
	for _, app := range []string{"gmail", "google_drive", "google_docs"} {
		t.Run(app, func(t *testing.T) {
			c, servers := readWorld(t, 53, app)
			seen := map[string]int{}
			for _, d := range c.Data {
				for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
					t.Errorf("%s", v)
				}
				for _, m := range d.Records["gmail"]["messages"] {
					if b, ok := m["has_attachments"].(bool); ok {
						seen["attachments "+boolWord(b)]++
					}
				}
				for _, th := range d.Records["gmail"]["threads"] {
					if len(atom.ReferenceKeys(th["message_ids"])) > 0 {
						seen["thread with messages"]++
					}
				}
				for _, f := range d.Records["google_drive"]["files"] {
					if b, ok := f["shared"].(bool); ok {
						seen["shared "+boolWord(b)]++
					}
				}
				for _, p := range d.Records["google_docs"]["permissions"] {
					if p["role"] == "owner" {
						seen["owner permission"]++
					}
				}
			}
			want := map[string][]string{
				"gmail":        {"attachments yes", "attachments no", "thread with messages"},
				"google_drive": {"shared yes", "shared no"},
				"google_docs":  {"owner permission"},
			}[app]
			t.Logf("drawn: %v", seen)
			for _, w := range want {
				if seen[w] == 0 {
					t.Errorf("no record drawn with %s (drawn: %v)", w, seen)
				}
			}
		})
	}
}

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// TestReferredByMends: the records written against their referred_by
// rules are mended: a Gmail message with an attachment has attachments
// and lists it, one listing an attachment on another lists none; a
// message no thread id places is in the first thread listing it, and in
// that one only; a Drive file with a grant beyond its owner's is shared,
// one with only its owner's is not; a document's owner's grant is the
// owner one and the second owner becomes a writer.
func TestReferredByMends(t *testing.T) {
	src := builtinServers(t)
	worlds := map[string]map[string][]map[string]any{
		"gmail": {
			"messages": {
				{"id": "m1", "from_": "user@gmail.com", "is_read": true, "has_attachments": false, "attachment_ids": []any{}},
				{"id": "m2", "from_": "user@gmail.com", "is_read": true, "has_attachments": true, "attachment_ids": []any{"a1"}},
			},
			"attachments": {{"id": "a1", "message_id": "m1"}},
			"threads":     {{"id": "t1", "message_ids": []any{"m1", "m2"}}, {"id": "t2", "message_ids": []any{"m1"}}},
		},
		"google_drive": {
			"files":       {{"id": "f1", "shared": false}, {"id": "f2", "shared": true}},
			"permissions": {{"id": "p1", "file_id": "f1", "role": "writer", "type": "anyone"}, {"id": "p2", "file_id": "f2", "role": "owner", "type": "user", "email_address": "ana@acme.example"}},
		},
		"google_docs": {
			"documents": {{"id": "d1", "owner": "ana@acme.example"}},
			"permissions": {
				{"id": "p1", "document_id": "d1", "role": "owner", "type": "user", "email_address": "bo@acme.example"},
				{"id": "p2", "document_id": "d1", "role": "writer", "type": "user", "email_address": "ana@acme.example"},
			},
		},
	}
	want := map[string]map[string]any{
		"gmail":        {"m1.has_attachments": true, "m1.attachment_ids": "[a1]", "m2.has_attachments": false, "m2.attachment_ids": "[]", "m1.thread_id": "t1", "t1.message_ids": "[m1 m2]", "t2.message_ids": nil}, // a thread no message is in is not written
		"google_drive": {"f1.shared": true, "f2.shared": false},
		"google_docs":  {"p1.role": "writer", "p2.role": "owner"},
	}
	for app, recs := range worlds {
		t.Run(app, func(t *testing.T) {
			e, err := src.Get(atom.KindServer, atom.Pin{ID: app})
			if err != nil {
				t.Fatal(err)
			}
			m := newAppModel(e, nil)
			d := &atom.Data{Records: map[string]map[string][]map[string]any{app: recs}}
			db := &dataBuilder{p: newPlan(), d: d}
			db.referredBy([]*appModel{m})
			got := map[string]any{}
			var colls []*state.Collection
			for name, rs := range d.Records[app] {
				colls = append(colls, state.NewCollection(app+"."+name, m.byName[name].key, rs))
				for _, r := range rs {
					for f, v := range r {
						if l, ok := v.([]any); ok {
							v = fmt.Sprint(l)
						}
						got[r["id"].(string)+"."+f] = v
					}
				}
			}
			for k, w := range want[app] {
				if got[k] != w {
					t.Errorf("%s is %v, want %v", k, got[k], w)
				}
			}
			for _, v := range coherence.CheckWorld("d", map[string]*atom.Server{app: m.server}, state.NewWorld(time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC), colls...)) {
				if v.Rule == coherence.RuleInvariant {
					t.Errorf("mended world: %s", v)
				}
			}
		})
	}
}
