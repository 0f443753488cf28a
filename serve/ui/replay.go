package ui

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/rollout"
	"github.com/legoenv/legoenv/state"
)

// trajectory is what a replay steps through: tool calls and the data seed.
type trajectory struct {
	Calls  []episode.ToolCall
	Seed   int64
	Source string // for the page: "reference plan", "rollout traj.jsonl #2", ...
	Reward *float64
	Model  string
}

// callsOf reads the tool calls of a rollout trajectory from its assistant
// messages, in order.
func callsOf(t *rollout.Trajectory) []episode.ToolCall {
	var out []episode.ToolCall
	for _, m := range t.Messages {
		if m.Role != llm.RoleAssistant {
			continue
		}
		for _, tc := range m.ToolCalls {
			args := json.RawMessage(tc.Function.Arguments)
			if len(args) == 0 {
				args = json.RawMessage("{}")
			}
			out = append(out, episode.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: args})
		}
	}
	return out
}

// stepView is one step of a replay as the list shows it.
type stepView struct {
	N       int // 1-based
	Tool    string
	Args    string
	Obs     string
	IsError bool
	Reward  float64
	Passed  bool
	Href    string
}

// recordDiff is one record a step added, removed or changed.
type recordDiff struct {
	Coll, Key, Kind string // Kind: added, removed, changed
	Fields          []fieldDiff
}

type fieldDiff struct {
	Field, Before, After string
}

type replayPage struct {
	page
	ID, Instruction string
	Source          string
	Sources         []sourceLink
	Picks           []sourceLink // trajectories of a file for this environment
	Steps           []stepView
	Step            int // 0: the initial state
	Current         *stepView
	Diff            []recordDiff
	Result          assert.Result
	Prev, Next      string
	First, Last     string
	Error           string
	Upload          bool // the page offers the upload form
	Files           bool // named files are allowed
	FileName        string
}

type sourceLink struct {
	Label, Href string
	Active      bool
}

func (u *UI) replayPage(w http.ResponseWriter, r *http.Request) {
	e := u.entryOr404(w, r)
	if e == nil {
		return
	}
	q := r.URL.Query()
	p := replayPage{page: page{Title: "Replay " + e.env.ID, Tab: "corpus"}, ID: e.env.ID, Instruction: e.env.Instruction,
		Upload: true, Files: u.opts.RolloutDir != "", FileName: q.Get("file")}
	tr, picks, err := u.trajectoryOf(r, e)
	p.Picks = picks
	p.Sources = u.sourceLinks(e.env.ID, q)
	if err != nil {
		p.Error = err.Error()
		u.render(w, http.StatusOK, "replay.html", p)
		return
	}
	p.Source = tr.Source
	step, err := strconv.Atoi(q.Get("step"))
	if q.Get("step") == "" {
		step, err = 0, nil
	}
	if err != nil || step < 0 || step > len(tr.Calls) {
		u.fail(w, http.StatusBadRequest, fmt.Sprintf("step=%q: want 0 to %d", q.Get("step"), len(tr.Calls)))
		return
	}
	p.Step = step
	if err := replayInto(&p, e.env, tr, step, r.URL); err != nil {
		p.Error = err.Error()
	}
	u.render(w, http.StatusOK, "replay.html", p)
}

// replayInto runs the trajectory, scoring after every step, and diffs the
// state across the chosen step.
func replayInto(p *replayPage, env *episode.Env, tr trajectory, step int, at *url.URL) error {
	s, err := episode.NewSession(env, episode.SessionOptions{Seed: tr.Seed})
	if err != nil {
		return fmt.Errorf("start a session: %w", err)
	}
	link := func(n int) string {
		v := at.Query()
		v.Set("step", strconv.Itoa(n))
		return at.Path + "?" + v.Encode()
	}
	p.Result = s.Evaluate()
	var before map[string][]state.Record
	for i, c := range tr.Calls {
		if i+1 == step {
			before = snapshot(s.State())
		}
		obs := s.Call(c)
		res := s.Evaluate()
		sv := stepView{N: i + 1, Tool: c.Name, Args: compactJSON(c.Args), Obs: obs.Content, IsError: obs.IsError,
			Reward: res.Reward, Passed: res.Passed, Href: link(i + 1)}
		p.Steps = append(p.Steps, sv)
		if i+1 == step {
			p.Diff = diffState(before, s.State())
			p.Result = res
			p.Current = &p.Steps[i]
		}
	}
	p.First, p.Last = link(0), link(len(tr.Calls))
	if step > 0 {
		p.Prev = link(step - 1)
	}
	if step < len(tr.Calls) {
		p.Next = link(step + 1)
	}
	return nil
}

// snapshot copies the record lists (not the records: a write replaces a
// record, it never changes one).
func snapshot(st *state.State) map[string][]state.Record {
	out := map[string][]state.Record{}
	for _, n := range st.Base().Names() {
		out[n] = append([]state.Record(nil), st.Records(n)...)
	}
	return out
}

// diffState lists the records that differ between before and the current
// state, in the collections written since the session began.
func diffState(before map[string][]state.Record, st *state.State) []recordDiff {
	var out []recordDiff
	for _, name := range st.Base().Names() {
		if st.Dirty(name) == nil {
			continue
		}
		key := st.KeyField(name)
		old := map[string]state.Record{}
		for _, r := range before[name] {
			k, _ := state.KeyOf(r, key)
			old[k] = r
		}
		seen := map[string]bool{}
		for _, r := range st.Records(name) {
			k, _ := state.KeyOf(r, key)
			seen[k] = true
			o, had := old[k]
			switch {
			case !had:
				out = append(out, recordDiff{Coll: name, Key: k, Kind: "added", Fields: fieldDiffs(nil, r)})
			case !reflect.DeepEqual(o, r):
				out = append(out, recordDiff{Coll: name, Key: k, Kind: "changed", Fields: fieldDiffs(o, r)})
			}
		}
		for _, r := range before[name] {
			k, _ := state.KeyOf(r, key)
			if !seen[k] {
				out = append(out, recordDiff{Coll: name, Key: k, Kind: "removed", Fields: fieldDiffs(r, nil)})
			}
		}
	}
	return out
}

func fieldDiffs(a, b state.Record) []fieldDiff {
	names := map[string]bool{}
	for f := range a {
		names[f] = true
	}
	for f := range b {
		names[f] = true
	}
	fields := slices.Sorted(maps.Keys(names))
	var out []fieldDiff
	for _, f := range fields {
		va, ina := a[f]
		vb, inb := b[f]
		if ina && inb && reflect.DeepEqual(va, vb) {
			continue
		}
		d := fieldDiff{Field: f}
		if ina {
			d.Before = cell(va)
		}
		if inb {
			d.After = cell(vb)
		}
		out = append(out, d)
	}
	return out
}
