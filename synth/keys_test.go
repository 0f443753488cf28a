package synth

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// TestDrawnKeysOfOneWidth: the keys drawn for one collection have one
// length, as a product's keys do (a Salesforce id has 15 characters, a
// Slack channel id one width), so no key is a digit short of the others.
func TestDrawnKeysOfOneWidth(t *testing.T) {
	for _, cc := range []struct{ app, coll string }{{"salesforce", "cases"}, {"slack", "channels"}, {"expensify", "reports"}} {
		cm := collOf(t, cc.app, cc.coll)
		v := newValuer(7, "keys", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
		used := map[string]bool{}
		widths := map[int][]string{}
		for i := 0; i < 400; i++ {
			k := uniqueKey(v, cm, used)
			if !strings.HasPrefix(k, cm.prefix) {
				t.Fatalf("%s.%s key %q does not start with %q", cc.app, cc.coll, k, cm.prefix)
			}
			widths[len(k)] = append(widths[len(k)], k)
		}
		if len(widths) != 1 {
			var eg []string
			for w, ks := range widths {
				eg = append(eg, fmt.Sprintf("%s (%d)", ks[0], w))
			}
			t.Errorf("%s.%s: 400 keys of %d widths, e.g. %s", cc.app, cc.coll, len(widths), strings.Join(eg, ", "))
		}
	}
}

// TestSystemLabelsKeyedByName synthesises Gmail: a system label is keyed
// by its name (INBOX), once, and every label a message carries is one of
// the world's labels or a system label's name.
func TestSystemLabelsKeyedByName(t *testing.T) {
	system, bad := 0, 0
	for seed := int64(1); seed <= 6; seed++ {
		c, servers := readWorld(t, seed, "gmail", "slack")
		for _, d := range c.Data {
			keys := map[string]bool{}
			for _, l := range d.Records["gmail"]["labels"] {
				k := state.Text(l["id"])
				if keys[k] {
					bad++
					t.Errorf("%s: two labels keyed %s", d.ID, k)
				}
				keys[k] = true
				if l["label_type"] != "system" {
					continue
				}
				system++
				if k != state.Text(l["name"]) {
					bad++
					t.Errorf("%s: system label %v keyed %s", d.ID, l["name"], k)
				}
			}
			for _, v := range checkData(t, d, servers) {
				if v.Collection == "gmail.labels" || v.Collection == "gmail.messages" {
					if bad++; bad <= 10 {
						t.Errorf("%s", v)
					}
				}
			}
		}
	}
	t.Logf("%d system labels", system)
	if system < 5 {
		t.Errorf("drawn %d system labels; want more", system)
	}
}
