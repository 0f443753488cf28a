package synth

import (
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestHandOverNotesAreTheLeavers: a hand-over's notes are "written by the
// outgoing owner", whom the request names ("Jonas leaves on Friday... His
// notes"), so every address on the notes that is not a recipient's (the
// document's owner, the message's sender, the file's owner) is the
// leaver's, in whatever app holds them: a reference to the app's own
// people (a Zulip stream message's sender) names the leaver, and notes in
// a mailbox are mail received from them, not the owner's own in Sent or
// Drafts.
func TestHandOverNotesAreTheLeavers(t *testing.T) {
	n := 0
	for seed, apps := range [][]string{
		{"google_docs", "box", "zulip", "asana", "copper", "calendly", "mattermost"},
		{"zoho_mail", "proton_mail", "yahoo_mail", "outlook", "copper", "calendly", "mattermost"},
		{"zulip", "proton_mail", "yahoo_mail", "clickup", "hiver", "reamaze", "brevo"},
		{"zulip", "github", "copper", "brevo", "proton_mail", "quip"},
	} {
		src := builtinServers(t)
		lib := atom.NewLibrary()
		servers := map[string]*atom.Server{}
		for _, app := range apps {
			servers[app] = src.ServerFor(app).MustServer()
			if _, err := lib.Put(servers[app], app+".yaml", true); err != nil {
				t.Fatal(err)
			}
		}
		c, err := Synthesize(lib, Options{Seed: int64(60 + seed), Variants: 1, Workflows: 16})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range c.Data {
			for name, h := range d.Handles {
				if strings.HasSuffix(name, "_wfpol") {
					n += leaversNotes(t, d, h, servers[h.App].Collection(h.Collection))
				}
			}
		}
	}
	if n < 4 {
		t.Fatalf("%d writers of hand-over notes checked, want more", n)
	}
}

// leaversNotes checks the addresses of a policy record that says it was
// written by the outgoing owner: every one but a recipient's is the
// leaver's. It returns how many it checked.
func leaversNotes(t *testing.T, d *atom.Data, h atom.Handle, def *atom.Collection) int {
	t.Helper()
	rec := handled(d, h)
	if rec == nil || !holdsText(rec, "written by the outgoing owner") {
		return 0
	}
	n := 0
	for f, fd := range def.Fields {
		v := state.Text(rec[f])
		if v == "" || fd.Role != atom.RoleEmail && fd.Format != "email" || def.Mailbox != nil && (slices.Contains(def.Mailbox.To, f) || f == def.Mailbox.Bcc) {
			continue
		}
		n++
		if !strings.HasPrefix(v, "jonas.") {
			t.Errorf("%s: the hand-over notes %s.%s %s have %s %s, not the leaver Jonas's", d.ID, h.App, h.Collection, h.Key, f, v)
		}
	}
	return n
}

// holdsText reports whether one of rec's string fields holds s.
func holdsText(rec map[string]any, s string) bool {
	for _, v := range rec {
		if x, ok := v.(string); ok && strings.Contains(x, s) {
			return true
		}
	}
	return false
}
