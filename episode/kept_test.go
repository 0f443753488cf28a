package episode

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// builtinServer is the YAML of a built-in server atom.
func builtinServer(t testing.TB, id string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "corpus", "builtin", "servers", id+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// builtinSession is a session of a built-in server's app over the records
// of data (YAML under records: APP:).
func builtinSession(t testing.TB, app, records string) *Session {
	t.Helper()
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  " + app + ":\n" + records
	return yamlSession(t, builtinServer(t, app), data, "kind: intent\nid: i\napps: ["+app+"]\ninstruction: Do it.\ngoal:\n  - cel: \"true\"\n")
}

// keptCall is one call of a case and what a record reads after it.
type keptCall struct {
	tool, args string
	want       string // in the observation
	coll, key  string // then this record's
	field      string // field reads
	value      string // this JSON
}

func runKept(t *testing.T, s *Session, app string, calls []keptCall) {
	t.Helper()
	for _, c := range calls {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if o.IsError || !strings.Contains(o.Content, c.want) {
			t.Errorf("%s %s: %s; want %s", c.tool, c.args, o.Content, c.want)
		}
		if c.coll == "" {
			continue
		}
		rec, _ := s.State().Get(app+"."+c.coll, c.key)
		if got, _ := json.Marshal(rec[c.field]); string(got) != c.value {
			t.Errorf("after %s: %s %s %s = %s, want %s", c.tool, c.coll, c.key, c.field, got, c.value)
		}
	}
}

// TestKeptRules: the built-in tools leave the fields their servers declare
// as kept by rule as the products show them: a shared Drive file is
// shared, a Gmail message a file is attached to has attachments and lists
// them, a sent mail has a preview, a cancelled Shopify order's
// authorised payment is voided.
func TestKeptRules(t *testing.T) {
	t.Run("drive share", func(t *testing.T) {
		s := builtinSession(t, "google_drive", `    files:
      - {id: 1File1, name: Plan, owners: [me@company.example], shared: false}
      - {id: 1File2, name: Budget, owners: [me@company.example], shared: false}
    permissions:
      - {id: perm1, file_id: 1File1, email_address: me@company.example, role: owner, type: user}
`)
		runKept(t, s, "google_drive", []keptCall{
			{"google_drive_star_file", `{"file_id":"1File1"}`, `"starred":true`, "files", "1File1", "shared", "false"},
			{"google_drive_share_file", `{"file_id":"1File1","email_address":"ana.ruiz@example.com","role":"writer","type":"user"}`, `"role":"writer"`, "files", "1File1", "shared", "true"},
			{"google_drive_get_file", `{"file_id":"1File1"}`, `"shared":true`, "files", "1File2", "shared", "false"},
		})
	})
	t.Run("pipedrive people count", func(t *testing.T) {
		s := builtinSession(t, "pipedrive", `    organizations:
      - {id: "3001", name: Acme Corp, people_count: 1}
      - {id: "3002", name: Globex LLC, people_count: 0}
    persons:
      - {id: "101", name: Ana Ruiz, org_id: "3001"}
`)
		runKept(t, s, "pipedrive", []keptCall{
			{"pipedrive_add_person", `{"name":"Ben Ode","org_id":"3001"}`, `"Ben Ode"`, "organizations", "3001", "people_count", "2"},
			{"pipedrive_update_person", `{"id":"101","org_id":"3002"}`, `"3002"`, "organizations", "3002", "people_count", "1"},
		})
	})
	t.Run("fastmail mailbox counts", func(t *testing.T) {
		s := builtinSession(t, "fastmail", `    mailboxes:
      - {id: P1, name: Inbox, role: inbox, totalEmails: 2, unreadEmails: 1}
      - {id: P2, name: Clients, totalEmails: 0, unreadEmails: 0}
    emails:
      - {id: M1, mailboxIds: [P1], from: ana.ruiz@example.com, subject: Plan, keywords: [$seen]}
      - {id: M2, mailboxIds: [P1], from: ben.ode@example.com, subject: Budget, keywords: []}
    identities:
      - {id: I1, name: Me, email: me@company.example}
`)
		runKept(t, s, "fastmail", []keptCall{
			{"fastmail_email_add_to_mailbox", `{"email_id":"M2","mailboxId":"P2"}`, `"P2"`, "mailboxes", "P2", "unreadEmails", "1"},
			{"fastmail_email_set_keyword", `{"email_id":"M2","keyword":"$seen"}`, `"$seen"`, "mailboxes", "P1", "unreadEmails", "0"},
			{"fastmail_email_destroy", `{"email_id":"M1"}`, ``, "mailboxes", "P1", "totalEmails", "1"},
			{"fastmail_mailbox_query", `{}`, `"P2"`, "mailboxes", "P2", "totalEmails", "1"},
		})
	})
	t.Run("smartsheet row count", func(t *testing.T) {
		s := builtinSession(t, "smartsheet", `    sheets:
      - {id: "45831001", name: Plan, totalRowCount: 2}
    rows:
      - {id: "23311001", sheetId: "45831001", rowNumber: 1}
      - {id: "23311002", sheetId: "45831001", rowNumber: 2}
`)
		runKept(t, s, "smartsheet", []keptCall{
			{"smartsheet_add_row", `{"sheetId":"45831001","cells":{"Task":"Review"}}`, `"rowNumber":3`, "sheets", "45831001", "totalRowCount", "3"},
			{"smartsheet_delete_row", `{"rowId":"23311001"}`, ``, "sheets", "45831001", "totalRowCount", "2"},
			{"smartsheet_get_sheet", `{"sheetId":"45831001"}`, `"totalRowCount":2`, "rows", "23311002", "rowNumber", "1"},
		})
	})
	t.Run("gmail attachment", func(t *testing.T) {
		s := builtinSession(t, "gmail", `    messages:
      - {id: m1, from_: user@gmail.com, subject: Plan, body_plain: Plan, label_ids: [DRAFT], has_attachments: false}
    attachments: []
`)
		runKept(t, s, "gmail", []keptCall{
			{"gmail_add_attachment_to_draft", `{"message_id":"m1","filename":"plan.pdf","mime_type":"application/pdf"}`, `"filename":"plan.pdf"`, "messages", "m1", "has_attachments", "true"},
			{"gmail_add_attachment_to_draft", `{"message_id":"m1","filename":"budget.xlsx"}`, `"filename":"budget.xlsx"`, "messages", "m1", "attachment_ids", `["ANGjdJ1","ANGjdJ2"]`},
			{"gmail_find_email", `{"has_attachments":true}`, `"id":"m1"`, "", "", "", ""},
		})
	})
	t.Run("gmail reply in its thread", func(t *testing.T) {
		s := builtinSession(t, "gmail", `    threads:
      - {id: th1, message_ids: [m1], snippet: Plan}
    messages:
      - {id: m1, thread_id: th1, from_: ana.ruiz@example.com, subject: Plan, body_plain: Plan, snippet: Plan, internal_date: 1767225600000}
`)
		runKept(t, s, "gmail", []keptCall{
			{"gmail_reply_to_email", `{"thread_id":"th1","in_reply_to":"m1","to":["ana.ruiz@example.com"],"body":"Thanks."}`, `"thread_id":"th1"`, "threads", "th1", "message_ids", `["m1","18c4f2"]`},
			{"gmail_get_email_by_id", `{"message_id":"m1"}`, `"id":"m1"`, "threads", "th1", "snippet", `"Thanks."`},
		})
		if r, _ := s.State().Get("gmail.messages", "18c4f2"); r["has_attachments"] != nil || r["attachment_ids"] != nil {
			t.Errorf("a reply without attachments says so: %v", r)
		}
	})
	t.Run("gmail sent preview", func(t *testing.T) {
		s := builtinSession(t, "gmail", "    messages: []\n")
		body := "The figures are in. Shall we meet on Thursday?"
		runKept(t, s, "gmail", []keptCall{
			{"gmail_send_email", `{"to":["ana.ruiz@example.com"],"subject":"Figures","body":"` + body + `"}`, `"snippet":"The figures are in."`, "", "", "", ""},
			{"gmail_create_draft", `{"to":["ana.ruiz@example.com"],"subject":"Figures","body":"Draft only, for now."}`, `"snippet":"Draft only, for now."`, "", "", "", ""},
		})
	})
	t.Run("shopify cancel", func(t *testing.T) {
		s := builtinSession(t, "shopify", `    orders:
      - {id: o1, name: "#1001", financial_status: authorized}
      - {id: o2, name: "#1002", financial_status: paid}
`)
		runKept(t, s, "shopify", []keptCall{
			{"shopify_cancel_order", `{"order_id":"o1","cancel_reason":"customer"}`, `"financial_status":"voided"`, "orders", "o1", "financial_status", `"voided"`},
			{"shopify_cancel_order", `{"order_id":"o2","cancel_reason":"customer"}`, `"financial_status":"paid"`, "orders", "o2", "financial_status", `"paid"`},
		})
	})
}

const keptServer = `kind: server
id: drive
collections:
  - name: files
    fields:
      name: {type: string, role: title}
      shared: {type: boolean, role: flag}
      grantees: {type: array, items: string, role: data}
      owner: {type: string, role: email}
    invariants:
      - {rule: referred_by, fields: [shared, permissions, file_id, role], in: [writer, reader]}
      - {rule: referred_by, fields: [grantees, permissions, file_id, role], from: [email], in: [writer, reader]}
      - {rule: referred_by, fields: [owner, permissions, file_id, role], from: [email], in: [owner]}
  - name: permissions
    fields:
      file_id: {type: string, role: ref, ref: files}
      email: {type: string, role: email}
      role: {type: string, enum: [owner, writer, reader], role: status}
  - name: notes
    fields:
      body: {type: string, role: text}
      preview: {type: string, role: text}
    invariants:
      - {rule: derived, by: preview, fields: [preview, body]}
  - name: labels
    fields:
      name: {type: string, role: title}
      body: {type: string, role: text}
tools:
  - name: drive_label
    description: Create a label.
    input: {type: object, properties: {name: {type: string}, body: {type: string}}, required: [name]}
    effect: {kind: create, collection: labels}
  - name: drive_grant
    description: Grant a file to someone.
    input: {type: object, properties: {file_id: {type: string}, email: {type: string}, role: {type: string}}, required: [file_id, email, role]}
    effect: {kind: create, collection: permissions}
  - name: drive_note
    description: Write a note.
    input: {type: object, properties: {body: {type: string}}, required: [body]}
    effect: {kind: create, collection: notes}
  - name: drive_script_share
    description: Share a file, in Starlark, and write the file as unshared.
    input: {type: object, properties: {id: {type: string}, email: {type: string}}, required: [id, email]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            p = db.create("permissions", {"file_id": args["id"], "email": args["email"], "role": "writer"})
            db.update("files", args["id"], {"shared": False})
            return p
  - name: drive_script_unshare
    description: Take every grant but the owner's off a file, in Starlark.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            for p in db.search("permissions", file_id=args["id"]):
                if p["role"] != "owner":
                    db.delete("permissions", p["id"])
            return {"ok": True}
  - name: drive_move_grant
    description: Move a grant to another file.
    input: {type: object, properties: {id: {type: string}, file_id: {type: string}}, required: [id, file_id]}
    effect: {kind: update, collection: permissions}
  - name: drive_script_note
    description: Write a note with a preview of its own, in Starlark.
    input: {type: object, properties: {body: {type: string}}, required: [body]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            return db.create("notes", {"body": args["body"], "preview": "not the start"})
`

const keptData = `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  drive:
    files:
      - {id: f1, name: Plan, shared: false, owner: me@co.example}
      - {id: f2, name: Budget, shared: false}
    permissions:
      - {id: p0, file_id: f1, email: me@co.example, role: owner}
    notes: []
`

// TestKeptRulesScripts: whatever a script writes, and in whatever order,
// the fields kept by rule follow the records as the call leaves them: a
// grant shares its file though the script writes it unshared, taking the
// grants off unshares it, a grant moved to another file moves the flag
// and the list, and a script's own preview is made anew.
func TestKeptRulesScripts(t *testing.T) {
	s := yamlSession(t, keptServer, keptData, "kind: intent\nid: i\napps: [drive]\ninstruction: Share.\ngoal:\n  - cel: \"true\"\n")
	runKept(t, s, "drive", []keptCall{
		{"drive_script_share", `{"id":"f1","email":"ana@x.example"}`, `"role":"writer"`, "files", "f1", "shared", "true"},
		{"drive_script_share", `{"id":"f1","email":"bo@x.example"}`, `"role":"writer"`, "files", "f1", "grantees", `["ana@x.example","bo@x.example"]`},
		{"drive_script_unshare", `{"id":"f1"}`, `"ok":true`, "files", "f1", "shared", "false"},
		{"drive_script_share", `{"id":"f1","email":"cy@x.example"}`, `"role":"writer"`, "files", "f1", "owner", `"me@co.example"`},
		{"drive_move_grant", `{"id":"per_4","file_id":"f2"}`, `"file_id":"f2"`, "files", "f1", "grantees", `[]`},
		{"drive_script_note", `{"body":"First line here. Then more."}`, `"preview":"First line here."`, "files", "f2", "grantees", `["cy@x.example"]`},
	})
	if r, _ := s.State().Get("drive.files", "f1"); r["shared"] != false {
		t.Errorf("f1 after its grant moved: %v", r)
	}
}
