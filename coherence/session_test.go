package coherence

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// sessionData is a world for the built-in Gmail, Google Drive and Shopify
// servers, coherent in the rules a session keeps.
const sessionData = `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  gmail:
    messages:
      - {id: 18c4f1001, from_: user@gmail.com, subject: Renewal for Acme, body_plain: Renewal for Acme., snippet: Renewal for Acme., label_ids: [DRAFT], has_attachments: false, attachment_ids: []}
    attachments: []
  google_drive:
    files:
      - {id: 1File1001, name: Renewal for Acme, owners: [me@company.example], shared: false}
    permissions:
      - {id: perm1001, file_id: 1File1001, email_address: me@company.example, role: owner, type: user}
  shopify:
    orders:
      - {id: "5001", name: "#5001", financial_status: authorized}
`

// TestKeptRulesCohere: after the calls that used to leave them wrong (a
// file shared, a file attached to a draft, a mail sent, an order with an
// authorised payment cancelled) coherence finds nothing wrong with the
// fields the session keeps, over the world the session left.
func TestKeptRulesCohere(t *testing.T) {
	fsys := fstest.MapFS{
		"d.yaml": {Data: []byte(sessionData)},
		"i.yaml": {Data: []byte("kind: intent\nid: i\napps: [gmail, google_drive, shopify]\ninstruction: Do it.\ngoal:\n  - cel: \"true\"\n")},
	}
	servers := map[string]*atom.Server{}
	for _, id := range []string{"gmail", "google_drive", "shopify"} {
		b, err := os.ReadFile(filepath.Join("..", "corpus", "builtin", "servers", id+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		fsys[id+".yaml"] = &fstest.MapFile{Data: b}
	}
	lib, ds, err := atom.Load(fsys)
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	for _, id := range []string{"gmail", "google_drive", "shopify"} {
		servers[id] = lib.Head(atom.KindServer, id).MustServer()
	}
	env, err := episode.Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: "d"}}, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args string }{
		{"google_drive_share_file", `{"file_id":"1File1001","email_address":"ana.ruiz@example.com","role":"writer","type":"user"}`},
		{"gmail_add_attachment_to_draft", `{"message_id":"18c4f1001","filename":"renewal.pdf","mime_type":"application/pdf"}`},
		{"gmail_send_email", `{"to":["ana.ruiz@example.com"],"subject":"Quarterly review","body":"The figures are in. Shall we meet on Thursday?"}`},
		{"gmail_create_draft", `{"to":["ana.ruiz@example.com"],"subject":"Quarterly review","body":"A draft for now."}`},
		{"shopify_cancel_order", `{"order_id":"5001","cancel_reason":"customer"}`},
	} {
		if o := s.Call(episode.ToolCall{Name: c.tool, Args: json.RawMessage(c.args)}); o.IsError {
			t.Fatalf("%s: %s", c.tool, o.Content)
		}
	}
	st := s.State()
	var colls []*state.Collection
	for _, name := range st.Base().Names() {
		colls = append(colls, state.NewCollection(name, st.KeyField(name), st.Records(name)))
	}
	kept := map[string]bool{"google_drive.files shared": true, "gmail.messages has_attachments": true, "gmail.messages attachment_ids": true,
		"gmail.messages snippet": true, "shopify.orders financial_status": true}
	for _, v := range CheckWorld("d", servers, state.NewWorld(env.Clock, colls...)) {
		if kept[v.Collection+" "+v.Field] {
			t.Errorf("%s %s %s: %s", v.Collection, v.Key, v.Field, v.Message)
		}
	}
	if n := st.Len("gmail.messages"); n != 3 {
		t.Errorf("%d messages, want 3", n)
	}
}
