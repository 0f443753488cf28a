package episode

import (
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// FuzzStarlarkEffect runs a tool's code as an atom would carry it, against
// a small bank, with low limits so that each input costs little. Whatever
// the code, the call ends in a value or an error (no crash, no hang), a
// value is JSON, an error leaves the state as it was, and the call keeps
// within its time and allocation budgets.
func FuzzStarlarkEffect(f *testing.F) {
	seeds := []string{
		"def run(args, db):\n    return db.search(\"accounts\")\n",
		"def run(args, db):\n    x = []\n    x.append(x)\n    return x\n",
		"def run(args, db):\n    d = {}\n    d[\"d\"] = d\n    return db.create(\"transfers\", d)\n",
		"def run(args, db):\n    s = \"ab\"\n    for i in range(40):\n        s += s\n    return len(s)\n",
		"def run(args, db):\n    return [0] * 30000000\n",
		"def run(args, db):\n    db.update(\"accounts\", \"a1\", {\"balance\": 1})\n    fail(\"no\")\n",
		"def run(args, db):\n    print(args)\n    return str([args] * 10) % ()\n",
		"x = 1\ndef run(args, db):\n    return {\"k\": (x, 2.5, None, True)}\n",
	}
	// Real tool code: the Starlark tools the AutomationBench importer writes.
	if lib, _, err := atom.Load(os.DirFS("../importer/automationbench/testdata/golden")); err == nil {
		for _, e := range lib.Heads(atom.KindServer) {
			for _, t := range e.MustServer().Tools {
				if t.Effect.Kind == "starlark" {
					seeds = append(seeds, t.Effect.Code)
				}
			}
		}
	}
	for _, b := range bombs {
		seeds = append(seeds, "def run(args, db):\n    "+strings.ReplaceAll(b.code, "\n", "\n    ")+"\n")
	}
	for _, s := range seeds {
		f.Add(s, `{"from":"a1","to":"a2","amount":3}`)
	}
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(starServer)}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		f.Fatal(err, ds)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{})
	if err != nil {
		f.Fatal(err)
	}
	srv := lib.Head(atom.KindServer, "bank").MustServer()
	lim := env.Limits
	lim.StarlarkSteps, lim.StarlarkBytes, lim.StarlarkTimeMS = 20_000, 1<<20, 200
	f.Fuzz(func(t *testing.T, code, rawArgs string) {
		eff, err := newStarlark(srv, &atom.Tool{Name: "bank_fuzz", Effect: atom.Effect{Kind: "starlark", Code: code}})
		if err != nil {
			return
		}
		var args map[string]any
		if json.Unmarshal([]byte(rawArgs), &args) != nil || args == nil {
			args = map[string]any{}
		}
		s, err := NewSession(env, SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		before := s.Hash()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		start := time.Now()
		res, err := eff.Apply(&Context{State: s.st, Clock: env.Clock, Limits: lim, App: "bank"}, args)
		took := time.Since(start)
		runtime.ReadMemStats(&m1)
		// Within budget: three times the time limit (a second more for a
		// loaded machine), and allocations of a few times the byte limit
		// (the conversions and the interpreter's own frames are not charged).
		if limit := 3*time.Duration(lim.StarlarkTimeMS)*time.Millisecond + time.Second; took > limit {
			t.Fatalf("the call took %s, over %s (err %v)", took, limit, err)
		}
		if n := m1.TotalAlloc - m0.TotalAlloc; n > 32*uint64(lim.StarlarkBytes) {
			t.Fatalf("the call allocated %d MB under a %d MB budget (err %v)", n>>20, lim.StarlarkBytes>>20, err)
		}
		if err != nil {
			if s.Hash() != before {
				t.Fatalf("a failing call changed the state: %v", err)
			}
			return
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("result is not JSON: %v", err)
		}
	})
}
