package verify

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
)

// The record read once by recordDocs answers as showsValue on the record's
// JSON does, for the values the records hold and for one none holds.
func TestRecordDocsShowAsTheRecordJSON(t *testing.T) {
	lib := testlib.Example(t)
	checked := 0
	rs := lib.Recipes()
	if len(rs) > 4 {
		rs = rs[:4]
	}
	for _, r := range rs {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := newEnvInfo(env)
		w, err := env.World(env.Recipe.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range w.Names() {
			c := w.Collection(name)
			docs := in.recordDocs(name, c)
			var values []string
			for _, rec := range c.Records {
				for _, lf := range ground.Leaves("", map[string]any(rec)) {
					values = append(values, state.Text(lf.Value))
				}
			}
			if len(values) > 12 {
				values = values[:12]
			}
			values = append(values, "no record holds this zq9")
			for i, rec := range c.Records {
				text := facts.JSONText(rec)
				for _, v := range values {
					if got, want := docs[i].Holds(v, "", time.Time{}), showsValue(text, v); got != want {
						t.Fatalf("%s record %d, value %q: the read record says %v, its JSON %v", name, i, v, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no record checked")
	}
}
