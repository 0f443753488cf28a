package episode

import (
	"encoding/json"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

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
  - exists: bank.accounts
    where: {id: a1, balance: 70}
  - exists: bank.transfers
    where: {from: a1, to: a2, amount: 30}
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

// Each of these used to build hundreds of megabytes or more in a few
// steps; now they stop at starlark_bytes, quickly and without the memory.
func TestStarlarkMemoryLimit(t *testing.T) {
	cases := []struct{ name, code string }{
		{"string repeat", `return len("x" * (1 << 28))`},
		{"list repeat", `return len([0] * 30000000)`},
		{"repeat assign", "x = [0]\nx *= 30000000\nreturn len(x)"},
		{"doubling", "s = \"ab\"\nfor i in range(40):\n    s = s + s\nreturn len(s)"},
		{"doubling in place", "l = [1]\nfor i in range(40):\n    l += l\nreturn len(l)"},
		{"extend", "l = [1]\nfor i in range(40):\n    l.extend(l)\nreturn len(l)"},
		{"range", "return len(list(range(1 << 30)))"},
		{"replace", "s = \"a\" * 100000\nreturn len(s.replace(\"a\", s))"},
		{"str of shared", "s = \"x\" * 1000000\nreturn len(str([s] * 1000))"},
		{"join of shared", "s = \"x\" * 1000000\nreturn len(\",\".join([s] * 1000))"},
		{"format of shared", "s = \"x\" * 1000000\nreturn len(\"%s\" % ([s] * 1000,))"},
		{"searches", "n = 0\nfor i in range(100000):\n    n += len(db.search(\"accounts\"))\nreturn n"},
		{"big int", "x = 3\nfor i in range(40):\n    x = x * x\nreturn x > 0"},
	}
	bits := map[string]bool{"big int": true}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := starTool(t, c.code, Limits{StarlarkSteps: 10_000_000, StarlarkBytes: 1 << 20})
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
			runtime.ReadMemStats(&after)
			want := "starlark_bytes"
			if bits[c.name] {
				want = "bits"
			}
			if !o.IsError || !strings.Contains(o.Content, want) {
				t.Fatalf("got %s, want an error naming %s", o.Content, want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %s", d)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
				t.Errorf("allocated %d MB", n>>20)
			}
		})
	}
}

// Ordinary scripts are not hurt by the guard: arithmetic, string building,
// list growth and formatting within the budget work as before.
func TestStarlarkGuardKeepsSemantics(t *testing.T) {
	code := `l = [1, 2]
m = l
l += [3]
x = 2
x *= 21
s = "a" + "b"
s += "c"
s = s * 2
t = (1,) * 3
p = "%s-%d" % (s, x)
r = list(range(5))
return {"alias": m, "x": x, "s": s, "t": t, "p": p, "r": r, "j": ",".join(["a", "b"]), "str": str([1, "a"]), "rep": "aXa".replace("X", "YY")}`
	s := starTool(t, code, Limits{})
	o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	want := `{"alias":[1,2,3],"j":"a,b","p":"abcabc-42","r":[0,1,2,3,4],"rep":"aYYa","s":"abcabc","str":"[1, \"a\"]","t":[1,1,1],"x":42}`
	if o.IsError || o.Content != want {
		t.Fatalf("got  %s\nwant %s", o.Content, want)
	}
}

func TestStarlarkTimeLimit(t *testing.T) {
	s := starTool(t, "n = 0\nwhile True:\n    n += 1", Limits{StarlarkSteps: 1 << 40, StarlarkTimeMS: 100})
	start := time.Now()
	o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	if !o.IsError || !strings.Contains(o.Content, "starlark_time_ms") {
		t.Fatalf("got %s", o.Content)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("a 100 ms limit took %s", d)
	}
}

// print used to write to the process's stderr (a server's log); it now
// goes to the observation of a failing call and nowhere else.
func TestStarlarkPrintStaysInside(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = w
	s := starTool(t, "print(\"hello from the tool\")\nfail(\"boom\")", Limits{})
	o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	os.Stderr = old
	w.Close()
	leaked, _ := io.ReadAll(r)
	if len(leaked) > 0 {
		t.Errorf("print wrote to stderr: %q", leaked)
	}
	if !o.IsError || !strings.Contains(o.Content, "boom") || !strings.Contains(o.Content, "printed: hello from the tool") {
		t.Fatalf("got %s", o.Content)
	}
}

// A module whose top level builds a huge value fails to compose.
func TestStarlarkTopLevelLimit(t *testing.T) {
	src := strings.Replace(starServer, "        def run(args, db):\n            n = 0", "        big = \"x\" * (1 << 29)\n        def run(args, db):\n            n = 0", 1)
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(src)}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	_, err = Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{})
	if err == nil || !strings.Contains(err.Error(), "starlark_bytes") {
		t.Fatalf("compose: %v", err)
	}
}

// BenchmarkStarlarkCall is one call of a Starlark tool that reads two
// records, writes three and returns one (the bank transfer), then a reset.
//
//	go test ./episode -run XXX -bench StarlarkCall -benchtime 20000x -count 3
func BenchmarkStarlarkCall(b *testing.B) {
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(starServer)}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		b.Fatal(err, ds)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := NewSession(env, SessionOptions{})
	call := ToolCall{Name: "bank_transfer", Args: json.RawMessage(`{"from":"a1","to":"a2","amount":30}`)}
	b.ReportAllocs()
	for b.Loop() {
		if o := s.Call(call); o.IsError {
			b.Fatal(o.Content)
		}
		s.Reset()
	}
}

// bombs are tool bodies that each used to take gigabytes or many seconds
// in one builtin call, past every budget: format, join and % repeat an
// argument once per use, slices were not charged, sorted, comparisons and
// hashing of values that share one list many times, and big integers ran
// for seconds inside one step, where the time limit cannot interrupt.
var bombs = []struct{ name, code string }{
	{"format", "s = \"x\" * 1000000\nreturn len((\"{0}\" * 1000).format(s))"},
	{"format kwargs", "return len((\"{a}\" * 1000).format(a = \"x\" * 1000000))"},
	{"percent dict", "return len((\"%(a)s\" * 1000) % {\"a\": \"x\" * 1000000})"},
	{"join", "s = \"x\" * 1000000\nreturn len(s.join([\"\"] * 1000))"},
	{"list slices", "big = [0] * 100000\nkeep = []\nfor i in range(1000):\n    keep.append(big[:])\nreturn len(keep)"},
	{"string slices with a step", "s = \"x\" * 1000000\nkeep = []\nfor i in range(1000):\n    keep.append(s[::1])\nreturn len(keep)"},
	{"sorted shared", "a = [0] * 10000\nl = [a] * 10000\nreturn len(sorted(l))"},
	{"sorted long", "l = [i * 7919 % 1000003 for i in range(100000)]\nfor i in range(1000):\n    l = sorted(l)\nreturn len(l)"},
	{"compare shared", "a = [0] * 10000\nl = [a] * 10000\nm = [a] * 10000\nn = 0\nfor i in range(1000):\n    if l == m:\n        n += 1\nreturn n"},
	{"in shared", "a = [0] * 10000\nl = [a] * 10000\nreturn ([0] * 9999 + [1]) in l"},
	{"hash shared", "t = tuple([0] * 1000)\ntt = tuple([t] * 1000)\nttt = tuple([tt] * 1000)\nreturn len({ttt: 1})"},
	{"index shared", "t = tuple([0] * 1000)\ntt = tuple([t] * 1000)\nttt = tuple([tt] * 1000)\nd = {}\nd[ttt] = 1\nreturn len(d)"},
	{"dict of shared", "t = tuple([0] * 1000)\ntt = tuple([t] * 1000)\nttt = tuple([tt] * 1000)\nreturn len(dict([(ttt, 1)]))"},
	{"big int multiply", "x = 3\nfor i in range(40):\n    x = x * x\nreturn x > 0"},
	{"big int shift", "x = 1\nfor i in range(100000):\n    x = x << 500\nreturn x > 0"},
	{"big int parse", "return int(\"9\" * 1000000) > 0"},
}

// bombLimits are the budgets the bombs run under.
var bombLimits = Limits{StarlarkSteps: 10_000_000, StarlarkBytes: 2 << 20, StarlarkTimeMS: 2000}

// Each bomb ends in an error observation within three times the time
// budget, without allocating much past the memory budget.
func TestStarlarkBombs(t *testing.T) {
	for _, c := range bombs {
		t.Run(c.name, func(t *testing.T) {
			s := starTool(t, c.code, bombLimits)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
			d := time.Since(start)
			runtime.ReadMemStats(&after)
			if !o.IsError || !strings.Contains(o.Content, "limit") && !strings.Contains(o.Content, "starlark_") {
				t.Fatalf("got %s, want an error observation naming a limit", o.Content)
			}
			if d > 3*time.Duration(bombLimits.StarlarkTimeMS)*time.Millisecond {
				t.Errorf("took %s, over 3x the %d ms budget", d, bombLimits.StarlarkTimeMS)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 32<<20 {
				t.Errorf("allocated %d MB under a 2 MiB budget", n>>20)
			}
			t.Logf("%s in %s: %s", c.name, d.Round(time.Millisecond), o.Content)
		})
	}
}

// A tool whose top level is a format bomb used to pass lint and take every
// composition out of memory; now lint reports it at the tool's code and
// composing fails with the same error, quickly.
func TestCheckStarlarkTopLevel(t *testing.T) {
	src := strings.Replace(starServer, "        def run(args, db):\n            n = 0",
		"        s = \"x\" * 1000000\n        big = (\"{0}\" * 1000).format(s)\n        def run(args, db):\n            n = 0", 1)
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(src)}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	start := time.Now()
	got := CheckStarlark(lib)
	if len(got) != 1 || got[0].Field != "tools[1].effect.code" || !strings.Contains(got[0].Message, "starlark_bytes") || got[0].Line == 0 {
		t.Fatalf("diagnostics: %v", got)
	}
	if _, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{}); err == nil || !strings.Contains(err.Error(), "starlark_bytes") {
		t.Fatalf("compose: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %s", d)
	}
	clean, _, _ := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(starServer)}})
	if ds := CheckStarlark(clean); len(ds) != 0 {
		t.Fatalf("a clean library: %v", ds)
	}
}

// The guards added for time (comparisons, dict keys, indexes, slices,
// sorted, integers) keep what ordinary code computes.
func TestStarlarkTimeGuardsKeepSemantics(t *testing.T) {
	code := `d = {("a", 1): "t", "k": 2}
d["k"] += 1
l = [3, 1, 2]
m = {}
m["x"] = [1]
m["x"] += [2]
return {"eq": [1, [2]] == [1, [2]], "lt": (1, 2) < (1, 3), "in": [2] in [[1], [2]], "notin": "z" not in d,
        "key": d[("a", 1)], "k": d["k"], "m": m, "sorted": sorted(l), "rev": l[::-1], "head": l[:2], "s": "abcd"[1:3],
        "min": min(l), "max": max(l), "idx": l.index(2), "big": (1 << 64) * 3 + 1 > 0, "int": int("123"), "shl": 1 << 10}`
	s := starTool(t, code, Limits{})
	o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	want := `{"big":true,"eq":true,"head":[3,1],"idx":2,"in":true,"int":123,"k":3,"key":"t","lt":true,"m":{"x":[1,2]},"max":3,"min":1,"notin":true,"rev":[2,1,3],"s":"bc","shl":1024,"sorted":[1,2,3]}`
	if o.IsError || o.Content != want {
		t.Fatalf("got  %s\nwant %s", o.Content, want)
	}
}

// A record a script reads is its own copy, though every session converts
// a base record once: changing the copy leaves the next read, the state
// and other sessions as they were, and a record the session wrote is read
// as written.
func TestStarlarkRecordCopies(t *testing.T) {
	code := `a = db.get("accounts", "a1")
a["balance"] = a["balance"] - 1
a["owner"] = "Eve"
for r in db.search("accounts"):
    r["owner"] = "Mallory"
return [a, db.get("accounts", "a1"), db.search("accounts")]`
	s := starTool(t, code, Limits{})
	other, err := NewSession(s.Env(), SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	start := s.Hash()
	want := `[{"balance":99,"id":"a1","owner":"Eve"},{"balance":100,"id":"a1","owner":"Ann"},[{"balance":100,"id":"a1","owner":"Ann"},{"balance":5,"id":"a2","owner":"Bob"}]]`
	for i, sess := range []*Session{s, s, other} {
		o := sess.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
		if o.IsError || o.Content != want {
			t.Fatalf("call %d: got  %s\nwant %s", i, o.Content, want)
		}
	}
	if s.Hash() != start {
		t.Fatal("changing a record read changed the state")
	}
	w := starTool(t, "db.update(\"accounts\", \"a2\", {\"owner\": \"Zed\"})\n"+code, Limits{})
	o := w.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	if !strings.HasSuffix(o.Content, `{"balance":5,"id":"a2","owner":"Zed"}]]`) {
		t.Fatalf("after a write: %s", o.Content)
	}
}

// A record read is charged to the budget whether it is converted or
// copied from the shared form: the second read fails as the first.
func TestStarlarkRecordCharged(t *testing.T) {
	s := starTool(t, "n = 0\nfor i in range(100000):\n    n += len(db.get(\"accounts\", \"a1\"))\nreturn n", Limits{StarlarkSteps: 10_000_000, StarlarkBytes: 1 << 16})
	for i := 0; i < 2; i++ {
		o := s.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
		if !o.IsError || !strings.Contains(o.Content, "starlark_bytes") {
			t.Fatalf("read %d: got %s, want an error naming starlark_bytes", i, o.Content)
		}
	}
}

// A search's conditions all hold, on nested paths too; a field named
// twice keeps its last value.
func TestStarlarkSearchConditions(t *testing.T) {
	code := `return [len(db.search("accounts", owner="Ann", balance=100)), len(db.search("accounts", owner="Ann", balance=5)),
    len(db.search("accounts", owner="Bob", **{"owner": "Ann"})), len(db.search("accounts", **{"owner.x": "Ann"}))]`
	o := starTool(t, code, Limits{}).Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	if o.IsError || o.Content != "[1,0,1,0]" {
		t.Fatalf("got %s, want [1,0,1,0]", o.Content)
	}
	written := "db.update(\"accounts\", \"a1\", {\"owner\": \"Bob\"})\nreturn [r[\"id\"] for r in db.search(\"accounts\", owner=\"Bob\")] + [len(db.search(\"accounts\", owner=\"Ann\"))]"
	if o := starTool(t, written, Limits{}).Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)}); o.Content != `["a1","a2",0]` {
		t.Fatalf("after a write: got %s, want [\"a1\",\"a2\",0]", o.Content)
	}
}

// probeCopies reports whether bank_probe's reads are copied.
func probeCopies(s *Session) bool {
	return s.Env().toolByKey["bank_probe"].impl.(*starlarkEffect).copies.Load()
}

// A tool that only reads is handed the shared records and never copies;
// one that changes a record it read runs again on copies, its writes done
// once, and copies from then on; one that creates records copies from the
// start, so that a second run never takes another key.
func TestStarlarkSharedRecords(t *testing.T) {
	read := starTool(t, `return [db.get("accounts", "a1"), db.search("accounts", owner="Bob")]`, Limits{})
	for range 2 {
		o := read.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
		if o.IsError || o.Content != `[{"balance":100,"id":"a1","owner":"Ann"},[{"balance":5,"id":"a2","owner":"Bob"}]]` || probeCopies(read) {
			t.Fatalf("read-only tool: %s, copies %v", o.Content, probeCopies(read))
		}
	}
	change := starTool(t, "db.update(\"accounts\", \"a2\", {\"balance\": db.get(\"accounts\", \"a2\")[\"balance\"] + 1})\na = db.get(\"accounts\", \"a1\")\na[\"owner\"] = \"Eve\"\nreturn a", Limits{})
	o := change.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)})
	if a2, _ := change.State().Get("bank.accounts", "a2"); o.IsError || o.Content != `{"balance":100,"id":"a1","owner":"Eve"}` || a2["balance"] != 6.0 || !probeCopies(change) {
		t.Fatalf("changing tool: %s, a2 %v, copies %v", o.Content, a2, probeCopies(change))
	}
	create := starTool(t, "r = db.create(\"transfers\", {\"from\": \"a1\"})\na = db.get(\"accounts\", \"a1\")\na[\"owner\"] = \"Eve\"\nreturn r[\"id\"]", Limits{})
	if !probeCopies(create) {
		t.Fatal("a tool that creates records shares them")
	}
	if o := create.Call(ToolCall{Name: "bank_probe", Args: json.RawMessage(`{}`)}); o.Content != `"tra_1"` {
		t.Fatalf("created %s, want tra_1", o.Content)
	}
}
