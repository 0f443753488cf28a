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
	apps := []string{"fastmail", "gmail", "box", "canva"}
	c := synthApps(t, 1, apps...)
	src := builtinServers(t)
	n := 0
	for _, app := range apps {
		s := src.ServerFor(app).MustServer()
		for i := range s.Collections {
			coll := &s.Collections[i]
			for name, f := range coll.Fields {
				if f.Unit != atom.UnitBytes {
					continue
				}
				for _, d := range c.Data {
					for _, rec := range d.Records[app][coll.Name] {
						x, ok := state.Number(rec[name])
						if !ok {
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
				}
			}
		}
	}
	if n < 10 {
		t.Fatalf("checked %d sizes", n)
	}
}
