package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestAmendmentsAreRecent: a request says of an amended policy that the
// correction came "last week" or "recently", and of an amended sync rule
// that "the latest word wins", so the amendment is made in the week before
// the clock, after the policy or rule it amends, and nothing of it (a date
// it was closed) is dated before that week.
func TestAmendmentsAreRecent(t *testing.T) {
	for _, c := range []struct {
		upd, pol string
		apps     []string
	}{
		{"_wfupd", "_wfpol", []string{"asana", "expensify", "outlook", "clickup", "lever"}},
		{"_rcupd", "_rcrule", []string{"constant_contact", "salesforce", "mattermost", "freshsales", "slack"}},
		// Gmail keeps a message's date in milliseconds since the epoch.
		{"_wfupd", "_wfpol", []string{"gmail", "confluence", "wrike", "copper"}},
	} {
		if n := amendmentsRecent(t, synthApps(t, 1, c.apps...), c.upd, c.pol); n == 0 {
			t.Errorf("no %s amendment drawn over %v", c.upd, c.apps)
		}
	}
}

// amendmentsRecent checks each amendment (a handle ending upd) of c against
// the record it amends (the same handle ending pol) and gives how many it
// checked.
func amendmentsRecent(t *testing.T, c *Corpus, upd, pol string) int {
	t.Helper()
	n := 0
	for _, d := range c.Data {
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for name, h := range d.Handles {
			if !strings.HasSuffix(name, upd) {
				continue
			}
			pol := d.Handles[strings.TrimSuffix(name, upd)+pol]
			rec, prev := handled(d, h), handled(d, pol)
			created := createdOf(t, h)
			if rec == nil || prev == nil || created == "" {
				t.Fatalf("%s: %s: no amendment, policy or creation date", d.ID, name)
			}
			n++
			col := builtinServers(t).ServerFor(h.App).MustServer().Collection(h.Collection)
			at, _ := col.TimeOf(rec, created)
			was, _ := col.TimeOf(prev, created)
			if at.Before(clock.Add(-7*24*time.Hour)) || at.After(clock) || !at.After(was) {
				t.Errorf("%s: amendment %s made %v, policy %v, clock %v", d.ID, name, at, was, d.Clock)
			}
			for f := range rec {
				if when, ok := col.TimeOf(rec, f); ok && !when.After(clock) && when.Before(clock.Add(-7*24*time.Hour)) {
					t.Errorf("%s: amendment %s has %s %v, before the week it was made in", d.ID, name, f, when)
				}
			}
		}
	}
	return n
}

// handled is the record a handle names.
func handled(d *atom.Data, h atom.Handle) map[string]any {
	for _, rec := range d.Records[h.App][h.Collection] {
		for _, v := range rec {
			if v == h.Key {
				return rec
			}
		}
	}
	return nil
}

// createdOf is the field a handle's collection is made at.
func createdOf(t *testing.T, h atom.Handle) string {
	s := builtinServers(t).ServerFor(h.App).MustServer()
	return coherence.ShapeOf(s, s.Collection(h.Collection)).CreatedField()
}
