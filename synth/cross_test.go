package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestHandoffCarriesWhatItReads: a hand-off copies a detail of the record
// it starts from, so every world of it holds that detail on the record,
// even where the record's state would not otherwise hold it (a Statuspage
// incident's scheduled_for is a maintenance's, so the named incident is
// one).
func TestHandoffCarriesWhatItReads(t *testing.T) {
	c, servers := readWorld(t, 7, "statuspage", "shortcut", "canva", "dropbox_sign", "marketo")
	data := map[string]*atom.Data{}
	for _, d := range c.Data {
		data[d.ID] = d
	}
	checked := 0
	for _, in := range c.Intents {
		detail := handoffDetailOf(in)
		if in.Family != famHandoff || detail == "" {
			continue
		}
		for _, r := range c.Recipes {
			d := data[r.Data.ID]
			h, ok := d.Handles[in.Slots["t"].Handle]
			if r.Intent.ID != in.ID || d == nil || !ok {
				continue
			}
			def := servers[h.App].Collection(h.Collection)
			for _, rec := range d.Records[h.App][h.Collection] {
				if state.Text(rec[def.KeyField()]) == h.Key {
					checked++
					if !atom.IsSet(rec[detail]) {
						t.Errorf("%s: %s: the record %s of %s.%s has no %s to carry over", in.ID, d.ID, h.Key, h.App, h.Collection, detail)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no hand-off's record checked")
	}
}

// handoffDetailOf is the field of the record a hand-off's goal copies
// ({{t.scheduled_for}} in what the new record contains), or "".
func handoffDetailOf(in *atom.Intent) string {
	for _, a := range in.Goal {
		for _, w := range a.Where {
			if s, ok := w.Value.(string); ok && w.Op == assert.OpContains && strings.HasPrefix(s, "{{t.") {
				return strings.TrimSuffix(strings.TrimPrefix(s, "{{t."), "}}")
			}
		}
	}
	return ""
}

// TestHandoffDetailHeldByItsRecord: a hand-off carries over a date the
// record it names holds, not one that ends a record's life (Lever's
// archivedAt, a cancelled_at), which a record a task acts on does not hold.
func TestHandoffDetailHeldByItsRecord(t *testing.T) {
	for _, c := range []struct {
		dates []string
		want  string
	}{
		{[]string{"archivedAt", "createdAt"}, "createdAt"},
		{[]string{"cancelled_at", "created_at"}, "created_at"},
		{[]string{"created_at", "due_date"}, "due_date"},
		{[]string{"archivedAt"}, ""},
	} {
		if got := handoffDetail(&collModel{dates: c.dates}); got != c.want {
			t.Errorf("dates %v: carries %q, want %q", c.dates, got, c.want)
		}
	}
}
