package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestConversationKeysSayTheirKind: a Slack direct message's id starts
// with D and a group message's with G, a channel's with C; the messages
// in them name them by those ids, and coherence finds no key of another
// kind's form.
func TestConversationKeysSayTheirKind(t *testing.T) {
	c, servers := readWorld(t, 54, "slack")
	want := map[string]string{"public": "C0", "private": "C0", "dm": "D0", "mpim": "G0"}
	byKind := map[string]int{}
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleIDForm, "") {
			t.Errorf("%s", v)
		}
		keys := map[string]bool{}
		for _, rec := range d.Records["slack"]["channels"] {
			k, kind := state.Text(rec["id"]), state.Text(rec["channel_type"])
			keys[k] = true
			if p, ok := want[kind]; ok {
				byKind[kind]++
				if !strings.HasPrefix(k, p) {
					t.Errorf("%s: %s conversation %s does not start with %s", d.ID, kind, k, p)
				}
			}
		}
		for _, rec := range d.Records["slack"]["messages"] {
			ch := state.Text(rec["channel_id"])
			if strings.HasPrefix(ch, "C0") && !keys[ch] {
				t.Errorf("%s: message %v is in %s, which no conversation is", d.ID, rec["id"], ch)
			}
		}
	}
	if byKind["dm"] == 0 || byKind["public"] == 0 {
		t.Errorf("conversations drawn by kind %v, want direct messages and channels", byKind)
	}
}
