package synth

import (
	"fmt"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestReconciledPairsDifferAndMatch: a reconciliation's linked people
// differ on the reconciled fact exactly where the task says: each pair the
// rule tells the agent to fix holds two values (a follower's value drawn
// anew never comes out the system of record's own, or the fix changes
// nothing), and the pair that already matches holds one, written alike in
// both apps (a person's phone is one number, dialled in the country of
// their company, whether or not an app keeps the country beside it).
func TestReconciledPairsDifferAndMatch(t *testing.T) {
	for _, w := range []struct {
		seed int64
		apps []string
	}{
		{27, []string{"xero", "helpcrunch", "hubspot", "zoho_crm", "slack", "mattermost"}},
		{1, []string{"klaviyo", "salesforce", "constant_contact", "slack"}},
	} {
		c, _ := readWorld(t, w.seed, w.apps...)
		checkReconciledPairs(t, c)
	}
}

// checkReconciledPairs checks the linked pairs of c's reconciliations.
func checkReconciledPairs(t *testing.T, c *Corpus) {
	intents := map[string]*atom.Intent{}
	for _, in := range c.Intents {
		intents[in.ID] = in
	}
	pairs := 0
	for _, d := range c.Data {
		in := intents[d.ID[:strings.LastIndex(d.ID, ".")]]
		if in == nil || !strings.HasPrefix(in.ID, "rc.") {
			continue
		}
		tf, ff := reconciledFields(in)
		if tf == "" {
			t.Fatalf("%s: no reconciled field in the goal", in.ID)
		}
		for _, i := range []string{"1", "2", "3", "x"} {
			tr, fo := handled(d, rcHandle(d, "_rt"+i)), handled(d, rcHandle(d, "_rf"+i))
			if tr == nil || fo == nil {
				continue
			}
			pairs++
			same := strings.EqualFold(fmt.Sprint(tr[tf]), fmt.Sprint(fo[ff]))
			switch {
			case i == "x" && !same:
				t.Errorf("%s: the matched pair differs: %s %v, %s %v", d.ID, tf, tr[tf], ff, fo[ff])
			case i != "x" && same:
				t.Errorf("%s: pair %s already matches: %s and %s both %v", d.ID, i, tf, ff, tr[tf])
			}
		}
	}
	if pairs < 20 {
		t.Fatalf("%d reconciled pairs checked, want more", pairs)
	}
}

// reconciledFields are the system of record's and the follower's fields a
// reconciliation's first goal copies one from the other.
func reconciledFields(in *atom.Intent) (tf, ff string) {
	if len(in.Goal) == 0 {
		return "", ""
	}
	for _, p := range in.Goal[0].Where {
		if s, ok := p.Value.(string); ok && strings.HasPrefix(s, "{{t1.") {
			return strings.TrimSuffix(strings.TrimPrefix(s, "{{t1."), "}}"), p.Field
		}
	}
	return "", ""
}

// rcHandle is the data's handle whose name ends in suffix.
func rcHandle(d *atom.Data, suffix string) atom.Handle {
	for name, h := range d.Handles {
		if strings.HasSuffix(name, suffix) {
			return h
		}
	}
	return atom.Handle{}
}
