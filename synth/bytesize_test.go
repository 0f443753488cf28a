package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestSizesInBytesAreFileSized: a Fastmail email, a Gmail attachment, a
// Box file and a Canva asset are kilobytes or megabytes, never 2 or 35
// bytes, a message no more than a mail without attachments (200 KiB),
// and a message holds at least its own text: every field the
// server declares in bytes is drawn at that magnitude and agrees with its
// record.
func TestSizesInBytesAreFileSized(t *testing.T) {
	n := 0
	eachRecord(t, 1, []string{"fastmail", "gmail", "box", "canva"}, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		for name, f := range coll.Fields {
			x, ok := state.Number(rec[name])
			if f.Unit != atom.UnitBytes || !ok {
				continue
			}
			n++
			if x < 1024 || len(coll.ContentFields()) > 0 && x > 200<<10 {
				t.Errorf("%s: %s.%s %v has %s %v bytes", d.ID, app, coll.Name, rec[coll.KeyField()], name, x)
			}
			for _, p := range coll.RecordProblems(rec) {
				if p.Field == name {
					t.Errorf("%s: %s.%s %v: %s", d.ID, app, coll.Name, rec[coll.KeyField()], p.Message)
				}
			}
		}
	})
	if n < 10 {
		t.Fatalf("checked %d sizes", n)
	}
}
