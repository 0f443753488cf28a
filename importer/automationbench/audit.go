package automationbench

import (
	"fmt"
	"strings"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// Finding is a reason a task cannot be solved as the benchmark wrote it,
// found from its data, its tool list and its assertions alone (before any
// verification): verification and evolution should not be asked to make
// such a task pass.
type Finding struct {
	Task    string `json:"task"`
	File    string `json:"file"`
	Goal    int    `json:"goal"` // index in the intent's goal
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// Kinds of finding.
const (
	FindingMissingRecord = "missing_record" // a positive assertion names a record the data lacks and no listed tool can create
	FindingNoTool        = "no_tool"        // no listed tool can change the collection a positive assertion reads
	FindingContradiction = "contradiction"  // whatever satisfies a positive assertion breaks a negative one
)

// Audit looks for tasks the benchmark made unsolvable.
func (r *Result) Audit() []Finding {
	tools := map[string]atom.Tool{}
	apps := map[string]string{}
	for _, s := range r.Servers {
		for _, t := range s.Tools {
			tools[t.Name] = t
			apps[t.Name] = s.AppName()
		}
	}
	data := map[string]*atom.Data{}
	for _, d := range r.Data {
		data[d.ID] = d
	}
	files := map[string]string{}
	for _, t := range r.Report.PerTask {
		files[t.Task] = t.File
	}
	var out []Finding
	keys := map[string]string{}
	for _, s := range r.Servers {
		for _, c := range s.Collections {
			keys[s.AppName()+"."+c.Name] = c.KeyField()
		}
	}
	for _, in := range r.Intents {
		d := data[in.ID]
		initial := initialState(d, keys)
		add := func(i int, kind, format string, args ...any) {
			out = append(out, Finding{Task: in.ID, File: files[in.ID], Goal: i, Kind: kind, Message: fmt.Sprintf(format, args...)})
		}
		writes := func(app, coll string, creates bool) bool {
			for _, n := range in.Tools {
				t, ok := tools[n]
				if !ok || apps[n] != app {
					continue
				}
				switch t.Effect.Kind {
				case "starlark":
					if !creates || strings.Contains(t.Effect.Code, "db.create") {
						return true
					}
				case "create":
					if t.Effect.Collection == coll {
						return true
					}
				case "update", "append", "delete":
					if !creates && t.Effect.Collection == coll {
						return true
					}
				}
			}
			return false
		}
		for i, a := range in.Goal {
			if a.IsNegative() {
				continue
			}
			app, coll := goalTarget(a)
			if app == "" {
				continue
			}
			if p, err := assert.Compile(a); err == nil && p.Eval(assert.Input{State: initial}).Holds {
				continue // true at the start: not counted, nothing to do
			}
			if !writes(app, coll, false) {
				add(i, FindingNoTool, "goal[%d] (%s) needs %s.%s changed, but no tool of the task's list writes it", i, a.String(), app, coll)
				continue
			}
			if key, ok := pinnedKey(a); ok && !hasRecord(d, app, coll, key) && !writes(app, coll, true) {
				add(i, FindingMissingRecord, "goal[%d] (%s) names %s %q, which the initial state lacks and no listed tool creates", i, a.String(), app+"."+coll, key)
			}
			if a.Type != assert.Exists {
				continue
			}
			for j, b := range in.Goal {
				if b.Type == assert.NotExists && b.Target == a.Target && implies(a.Where, b.Where) {
					add(i, FindingContradiction, "goal[%d] (%s) cannot hold without breaking goal[%d] (%s)", i, a.String(), j, b.String())
				}
			}
		}
	}
	return out
}

// initialState builds the task's initial state over every collection the
// servers declare.
func initialState(d *atom.Data, keys map[string]string) *state.State {
	var colls []*state.Collection
	for name, key := range keys {
		app, coll, _ := strings.Cut(name, ".")
		var recs []state.Record
		if d != nil {
			for _, r := range d.Records[app][coll] {
				recs = append(recs, r)
			}
		}
		colls = append(colls, state.NewCollection(name, key, recs))
	}
	return state.New(state.NewWorld(time.Time{}, colls...))
}

// goalTarget is the collection an assertion reads.
func goalTarget(a assert.Assertion) (string, string) {
	t := a.Target
	if a.Type == assert.CEL {
		// The importer's CEL reads state["app"]["collection"].
		parts := strings.SplitN(a.Expr, `"`, 5)
		if len(parts) < 5 || !strings.Contains(parts[0], "state[") {
			return "", ""
		}
		t = parts[1] + "." + parts[3]
	}
	app, coll, ok := strings.Cut(t, ".")
	if !ok || a.IsTrajectory() {
		return "", ""
	}
	return app, coll
}

func pinnedKey(a assert.Assertion) (string, bool) {
	for _, p := range a.Where {
		if p.Field == "id" && p.Op == assert.OpEquals {
			return state.Text(p.Value), true
		}
	}
	return "", false
}

func hasRecord(d *atom.Data, app, coll, key string) bool {
	if d == nil {
		return false
	}
	for _, r := range d.Records[app][coll] {
		if state.Text(r["id"]) == key {
			return true
		}
	}
	return false
}

// implies reports whether every record that satisfies p also satisfies n.
func implies(p, n []assert.Predicate) bool {
	if len(n) == 0 {
		return true
	}
	for _, np := range n {
		ok := false
		for _, pp := range p {
			if pp.Field != np.Field {
				continue
			}
			ps, ns := strings.ToLower(state.Text(pp.Value)), strings.ToLower(state.Text(np.Value))
			switch {
			case pp.Op == np.Op && jsonText(pp.Value) == jsonText(np.Value):
				ok = true
			case np.Op == assert.OpIContains && (pp.Op == assert.OpIContains || pp.Op == assert.OpEquals || pp.Op == assert.OpIEquals) && strings.Contains(ps, ns):
				ok = true
			case np.Op == assert.OpIEquals && (pp.Op == assert.OpEquals || pp.Op == assert.OpIEquals) && ps == ns:
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
