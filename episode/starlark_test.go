package episode

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
)

const starServer = `kind: server
id: bank
collections:
  - name: accounts
    fields: {balance: {type: number}, owner: {type: string}}
  - name: transfers
    fields: {from: {type: string}, to: {type: string}, amount: {type: number}}
tools:
  - name: bank_transfer
    description: Move money between accounts.
    input:
      type: object
      properties: {from: {type: string}, to: {type: string}, amount: {type: number, exclusiveMinimum: 0}}
      required: [from, to, amount]
    effect:
      kind: starlark
      code: |
        def run(args, db):
            src = db.get("accounts", args["from"])
            dst = db.get("accounts", args["to"])
            if src == None or dst == None:
                fail("unknown account")
            db.update("accounts", args["from"], {"balance": src["balance"] - args["amount"]})
            if src["balance"] < args["amount"]:
                fail("insufficient funds")
            db.update("accounts", args["to"], {"balance": dst["balance"] + args["amount"]})
            return db.create("transfers", {"from": args["from"], "to": args["to"], "amount": args["amount"], "at": db.now()})
  - name: bank_spin
    description: Loops forever.
    input: {type: object}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            n = 0
            while True:
                n += 1
`

const starData = `kind: data
id: bankdata
records:
  bank:
    accounts:
      - {id: a1, balance: 100, owner: Ann}
      - {id: a2, balance: 5, owner: Bob}
`

const starIntent = `kind: intent
id: pay
apps: [bank]
instruction: Pay Bob 30 from Ann's account.
goal:
  - exists: bank.accounts
    where: {id: a2, balance: 35}
`

func TestStarlarkEffect(t *testing.T) {
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(starServer)}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{Limits: Limits{StarlarkSteps: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewSession(env, SessionOptions{})
	start := s.Hash()

	// A failure after a write rolls the write back.
	o := s.Call(ToolCall{Name: "bank_transfer", Args: json.RawMessage(`{"from":"a2","to":"a1","amount":50}`)})
	if !o.IsError || !strings.Contains(o.Content, "insufficient funds") || s.Hash() != start {
		t.Fatalf("failed transfer: %s (state changed: %v)", o.Content, s.Hash() != start)
	}
	// The step budget stops a runaway script.
	if o := s.Call(ToolCall{Name: "bank_spin", Args: json.RawMessage(`{}`)}); !o.IsError || !strings.Contains(o.Content, "steps") {
		t.Fatalf("runaway script: %s", o.Content)
	}
	o = s.Call(ToolCall{Name: "bank_transfer", Args: json.RawMessage(`{"from":"a1","to":"a2","amount":30}`)})
	if o.IsError || !strings.Contains(o.Content, `"at":"2026-01-15T09:00:00Z"`) {
		t.Fatalf("transfer: %s", o.Content)
	}
	if r := s.Evaluate(); !r.Passed {
		t.Fatalf("evaluate: %+v", r)
	}
}

func TestStarlarkHasNoIO(t *testing.T) {
	src := starServer + `  - name: bank_read_file
    description: Tries to read a file.
    input: {type: object}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            return open("/etc/passwd")
`
	_, ds, _ := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(src)}})
	if !ds.HasErrors() || !strings.Contains(ds[0].String(), "undefined: open") {
		t.Fatalf("want a lint error for open: %v", ds)
	}
}

// starTool composes the bank environment with one more Starlark tool,
// bank_probe, whose run body is code.
func starTool(t *testing.T, code string, lim Limits) *Session {
	t.Helper()
	var b strings.Builder
	b.WriteString(starServer + "  - name: bank_probe\n    description: Runs test code.\n    input: {type: object}\n    effect:\n      kind: starlark\n      code: |\n        def run(args, db):\n")
	for _, line := range strings.Split(strings.TrimSpace(code), "\n") {
		b.WriteString("            " + line + "\n")
	}
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(b.String())}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(env, SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A value that contains itself used to recurse in fromStarlark until the
// Go stack overflowed (a fatal error no recover catches).
func TestStarlarkCyclicValue(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"list returned", "x = []\nx.append(x)\nreturn x", "list contains itself"},
		{"dict created", "d = {}\nd[\"self\"] = d\nreturn db.create(\"transfers\", {\"from\": \"a1\", \"meta\": d})", "dict contains itself"},
		{"dict updated", "d = {\"k\": []}\nd[\"k\"].append(d)\nreturn db.update(\"accounts\", \"a1\", {\"x\": d})", "dict contains itself"},
		{"search kwargs", "x = []\nx.append(x)\nreturn db.search(\"accounts\", owner=x)", "list contains itself"},
		{"after a write", "db.update(\"accounts\", \"a1\", {\"balance\": 0})\nx = []\nx.append(x)\nreturn x", "list contains itself"},
		{"shared many times", "x = [\"a\" * 1000]\nfor i in range(40):\n    x = [x, x]\nreturn x", "starlark_bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := starTool(t, c.code, Limits{})
			start := s.Hash()
			o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
			if !o.IsError || !strings.Contains(o.Content, c.want) {
				t.Fatalf("got %s, want an error observation with %q", o.Content, c.want)
			}
			if s.Hash() != start {
				t.Fatal("a refused value changed the state")
			}
		})
	}
}
