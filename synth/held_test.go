package synth

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// TestPostsNameTheWorldsBot: a message a chat app's tool posts is the
// product's bot user's (Slack's chat.postMessage posts as the app's bot
// user, a member of users.list with is_bot true), and a mail sent is filed
// in the account's Sent mailbox, folder or label (JMAP's mailbox whose
// role is sent, Outlook's Sent Items, Gmail's SENT); every drawn world
// holds that record, so the world a send leaves names no author or folder
// that is no record of it.
func TestPostsNameTheWorldsBot(t *testing.T) {
	for _, c := range []struct{ app, tool, coll, args, field string }{
		{"slack", "slack_send_channel_message", "channels", `{"channel":%q,"text":"The figures are in."}`, "user_id"},
		{"mattermost", "mattermost_create_post", "channels", `{"channel_id":%q,"message":"The figures are in."}`, "user_id"},
		{"discord", "discord_send_message", "channels", `{"channel_id":%q,"content":"The figures are in."}`, "author_id"},
		{"zulip", "zulip_send_stream_message", "streams", `{"stream_id":%q,"topic":"figures","content":"The figures are in."}`, "sender_email"},
		{"fastmail", "fastmail_email_submission_send", "", `{"to":["ana.ruiz@example.com"],"subject":"Figures","textBody":"The figures are in."}`, "mailboxIds"},
		{"outlook", "outlook_send_message", "", `{"toRecipients":["ana.ruiz@example.com"],"subject":"Figures","body":"The figures are in."}`, "parentFolderId"},
		{"zoho_mail", "zoho_mail_send_email", "", `{"toAddress":"ana.ruiz@example.com","subject":"Figures","content":"The figures are in."}`, "folderId"},
		{"gmail", "gmail_send_email", "", `{"to":["ana.ruiz@example.com"],"subject":"Figures","body":"The figures are in."}`, "label_ids"},
	} {
		corpus := synthApps(t, 1, c.app)
		for _, d := range corpus.Data {
			args := c.args
			if c.coll != "" {
				args = fmt.Sprintf(c.args, firstKey(d, c.app, c.coll))
			}
			w := postedWorld(t, c.app, d, c.tool, args)
			for _, v := range coherence.CheckWorld(d.ID, appServers(t, c.app), w) {
				if v.Field == c.field || v.Rule == coherence.RuleHeld {
					t.Errorf("%s after %s: %s", d.ID, c.tool, v)
				}
			}
		}
	}
}

// firstKey is the key of the first record of app's collection coll in d
// ("1" where it holds none).
func firstKey(d *atom.Data, app, coll string) string {
	for _, r := range d.Records[app][coll] {
		for _, f := range []string{"id", "stream_id", "channel_id"} {
			if k := state.Text(r[f]); k != "" {
				return k
			}
		}
	}
	return "1"
}

// postedWorld is the world data atom d leaves after one call of tool.
func postedWorld(t *testing.T, app string, d *atom.Data, tool, args string) *state.World {
	t.Helper()
	lib := atom.NewLibrary()
	in := &atom.Intent{Kind: atom.KindIntent, ID: "i", Apps: []string{app}, Instruction: "Post it.", Goal: []assert.Assertion{{Type: assert.CEL, Expr: "true"}}}
	for _, a := range []any{builtinServers(t).ServerFor(app).MustServer(), d, in} {
		if _, err := lib.Put(a, "x.yaml", true); err != nil {
			t.Fatal(err)
		}
	}
	env, err := episode.Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: d.ID}}, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if o := s.Call(episode.ToolCall{Name: tool, Args: json.RawMessage(args)}); o.IsError {
		t.Fatalf("%s %s: %s", tool, args, o.Content)
	}
	st := s.State()
	var colls []*state.Collection
	for _, name := range st.Base().Names() {
		colls = append(colls, state.NewCollection(name, st.KeyField(name), st.Records(name)))
	}
	return state.NewWorld(env.Clock, colls...)
}
