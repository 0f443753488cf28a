package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestSelfReferencesNameRecords: a folder's parent is a folder of its
// world, a message replies to a message of it (Confluence's parent_id,
// Outlook's parentFolderId, Telegram's reply_to_message_id, Teams'
// replyToId). A field that names another record of its own collection by
// its name holds a key of that collection, or nothing (a top-level folder,
// a message that replies to none): never a made-up id.
func TestSelfReferencesNameRecords(t *testing.T) {
	n := 0
	apps := []string{"telegram", "confluence", "fastmail", "outlook", "wrike", "microsoft_teams", "canva"}
	eachRecord(t, 1, apps, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		for name := range coll.Fields {
			if !atom.SelfNamed(coll, name) {
				continue
			}
			for _, v := range heldValues(rec[name]) {
				n++
				if !namesRecord(d.Records[app][coll.Name], coll.KeyField(), v) {
					t.Errorf("%s: %s.%s %v has %s %q, naming no record of %s", d.ID, app, coll.Name, rec[coll.KeyField()], name, v, coll.Name)
				}
			}
		}
	})
	t.Logf("checked %d values", n)
}

// heldValues are the keys a reference holds: its value, or each of a list.
func heldValues(x any) []string {
	if l, ok := x.([]any); ok {
		var out []string
		for _, e := range l {
			out = append(out, state.Text(e))
		}
		return out
	}
	if x == nil || state.Text(x) == "" {
		return nil
	}
	return []string{state.Text(x)}
}
