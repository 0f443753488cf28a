// Package automationbench imports AutomationBench (Zapier; MIT) tasks and
// app state schemas as a legoenv atom library: one server atom per app, one
// data and one intent atom per task, and a recipe per task.
package automationbench

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// Result is an imported library and how the import went.
type Result struct {
	Servers []*atom.Server
	Data    []*atom.Data
	Intents []*atom.Intent
	Recipes []atom.Recipe
	Report  *Report
}

// Report is the coverage of an import.
type Report struct {
	Tasks         int            `json:"tasks"`
	ImportedFully int            `json:"imported_fully"`
	Failed        int            `json:"failed"`
	UnmappedTypes map[string]int `json:"unmapped_types"`
	Errors        []*Error       `json:"errors"`

	// PerTask says how each task went, in input order.
	PerTask []TaskReport `json:"-"`
}

// Task statuses.
const (
	StatusFull   = "full"
	StatusFailed = "failed"
)

// TaskReport is one task's part of a Report.
type TaskReport struct {
	File       string
	Task       string // the intent id ("" when the task failed)
	Status     string
	Assertions int // in the task
	Mapped     int // mapped into the goal
	Unmapped   []string
	Unresolved []string // tools of the task whose effect could not be derived
}

// Expand lists the task files of paths: files as given, directories as
// their *.json files (sorted).
func Expand(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		var files []string
		for _, e := range ents {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") && !strings.HasPrefix(e.Name(), "_") {
				files = append(files, filepath.Join(p, e.Name()))
			}
		}
		sort.Strings(files)
		out = append(out, files...)
	}
	return out, nil
}

// ImportServers builds the server atoms of the apps that tools belong to,
// each with those of the tools that are its own, for use without tasks
// (a library that serves the benchmark's apps). Names that belong to no
// known app are returned as errors.
func ImportServers(s *Schemas, tools []string) ([]*atom.Server, []*Error) {
	s = s.clone()
	prepareApps(s, nil)
	byApp := map[string][]string{}
	var errs []*Error
	for i, n := range tools {
		app, _, ok := s.AppOf(n)
		if !ok || app == metaApp || !atom.ValidToolName(n) {
			errs = append(errs, &Error{File: "(tools)", Path: fmt.Sprintf("[%d]", i), Message: fmt.Sprintf("tool %q belongs to no known app", n)})
			continue
		}
		byApp[app] = append(byApp[app], n)
	}
	var out []*atom.Server
	for _, app := range slices.Sorted(maps.Keys(byApp)) {
		names := byApp[app]
		sort.Strings(names)
		a := s.App(app)
		tb := &toolBuilder{app: a}
		var ts []atom.Tool
		seen := map[string]bool{}
		for _, n := range names {
			if seen[n] {
				continue
			}
			seen[n] = true
			_, rest, _ := s.AppOf(n)
			ts = append(ts, tb.Tool(n, rest))
		}
		srv := serverAtom(a, nil)
		srv.Tools = append(srv.Tools, ts...)
		out = append(out, srv)
	}
	return out, errs
}

// ImportFiles reads task files and imports them.
func ImportFiles(s *Schemas, files []string) (*Result, error) {
	var srcs []Source
	for _, f := range files {
		data, err := readTask(f)
		srcs = append(srcs, Source{File: f, Data: data, Err: err})
	}
	return Import(s, srcs), nil
}

func readTask(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxTaskBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxTaskBytes {
		return nil, fmt.Errorf("file larger than %d bytes", MaxTaskBytes)
	}
	return data, nil
}

// Source is one task file's content.
type Source struct {
	File string
	Data []byte
	Err  error // reading the file failed: the task is reported as not imported
}

// taskState is one task on its way through the import.
type taskState struct {
	src    Source
	task   *Task
	id     string
	rep    *TaskReport
	data   map[string]*appData
	goal   []assert.Assertion
	failed bool
	// incomplete: part of the task could not be read or mapped. Such a
	// task is not imported: a goal with fewer assertions would verify and
	// score as another task.
	incomplete bool
}

// Import imports tasks. Bad input (a file that is not JSON, a task without
// info, an unknown app, an assertion it cannot map) is reported in the
// result's Report with the file and JSON path; the other tasks are still
// imported. s is not modified.
func Import(s *Schemas, srcs []Source) *Result {
	r := &importRun{s: s.clone(), extra: newExtraFields(),
		rep: &Report{UnmappedTypes: map[string]int{}, Errors: []*Error{}}}
	r.parse(srcs)
	prepareApps(r.s, r.tasks)
	markStatedFields(r.s, r.live())
	r.normaliseStates()
	applyExtra(r.s, r.extra)
	res := &Result{Report: r.rep}
	r.buildServers(res)
	for _, ts := range r.live() {
		r.mapTask(ts, res)
	}
	r.dropUnused(res)
	r.tally()
	return res
}

// importRun is one import's shared state: the schemas (extended by the
// data's extra fields), the report, and the tasks on their way through.
type importRun struct {
	s     *Schemas
	rep   *Report
	extra *extraFields
	tasks []*taskState
	// tools: per app, the tool names the tasks list; actionParams: the
	// parameters the action logs record; actionKeys: per app, the action
	// keys of its tools; servers: by app.
	tools        map[string][]string
	actionParams map[string]map[string]map[string]any
	actionKeys   map[string][]string
	servers      map[string]*atom.Server
}

// live are the tasks not failed so far.
func (r *importRun) live() []*taskState {
	var out []*taskState
	for _, ts := range r.tasks {
		if !ts.failed {
			out = append(out, ts)
		}
	}
	return out
}

// parse reads each source into a task, checks its apps and gives it a
// unique id.
func (r *importRun) parse(srcs []Source) {
	ids := map[string]bool{}
	for _, src := range srcs {
		ts := &taskState{src: src, rep: &TaskReport{File: src.File}, data: map[string]*appData{}}
		r.tasks = append(r.tasks, ts)
		if src.Err != nil {
			r.rep.Errors = append(r.rep.Errors, &Error{File: src.File, Message: "read: " + src.Err.Error()})
			ts.failed = true
			continue
		}
		t, errs := ParseTask(src.File, src.Data)
		r.rep.Errors = append(r.rep.Errors, errs...)
		if t == nil {
			ts.failed = true
			continue
		}
		ts.task = t
		ts.rep.Assertions = len(t.Checks)
		ts.incomplete = len(errs) > 0
		if !ts.checkApps(r.s, r.rep) {
			ts.failed = true
			continue
		}
		ts.id = uniqueID(atomID(t.Name), t.ExampleID, ids)
		ts.rep.Task = ts.id
	}
}

// normaliseStates flattens the initial states. A first pass finds the
// free-form fields (a row's cells) that stray fields of a record belong
// in.
func (r *importRun) normaliseStates() {
	scan := newExtraFields()
	for _, ts := range r.live() {
		for _, app := range ts.task.StateApps {
			if app != metaApp {
				normaliseApp(r.s.clone().App(app), ts.task.State[app], ts.src.File, "", scan, nil)
			}
		}
	}
	bags := bagFields(r.s, scan)
	for _, ts := range r.live() {
		for _, app := range ts.task.StateApps {
			if app == metaApp {
				continue
			}
			d, errs := normaliseApp(r.s.App(app), ts.task.State[app], ts.src.File, "info.initial_state."+app, r.extra, bags[app])
			ts.data[app] = d
			if len(errs) > 0 {
				r.rep.Errors = append(r.rep.Errors, errs...)
				ts.incomplete = true
			}
		}
	}
}

// buildServers derives one server per app any live task uses, with a tool
// for every name the tasks list.
func (r *importRun) buildServers(res *Result) {
	s := r.s
	r.tools = toolNames(s, r.tasks)
	r.actionParams = collectActionParams(s, r.tasks)
	declareActionParams(s, r.actionParams)
	r.actionKeys = map[string][]string{}
	for app, names := range r.tools {
		for _, n := range names {
			_, rest, _ := s.AppOf(n)
			r.actionKeys[app] = append(r.actionKeys[app], strings.Join(words(rest), "_"))
		}
	}
	r.servers = map[string]*atom.Server{}
	apps := map[string]bool{}
	for _, ts := range r.live() {
		for _, a := range ts.task.Apps(s) {
			apps[a] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(apps)) {
		app := s.App(name)
		tb := &toolBuilder{app: app, actionParams: r.actionParams[name], counted: countedByTool(s, r.live(), name)}
		srv := serverAtom(app, r.extra)
		for _, n := range r.tools[name] {
			_, rest, _ := s.AppOf(n)
			srv.Tools = append(srv.Tools, tb.Tool(n, rest))
		}
		r.servers[name] = srv
		res.Servers = append(res.Servers, srv)
	}
}

// countedByTool maps each tool of app the tasks list to the collections
// of app whose records the positive assertions of those tasks look for
// (exists, count): what the tool may be there to create.
func countedByTool(s *Schemas, tasks []*taskState, app string) map[string][]string {
	a := s.App(app)
	out := map[string][]string{}
	for _, ts := range tasks {
		var colls []string
		for _, c := range ts.task.Checks {
			typ, _ := c["type"].(string)
			ca, rest, ok := s.AppOf(typ)
			ws := words(rest)
			if !ok || ca != app || slices.Contains(ws, "not") || slices.Contains(ws, "missing") {
				continue
			}
			if e, ok := resolveEntity(a, ws); ok && !e.coll.Actions && !slices.Contains(colls, e.coll.Name) {
				colls = append(colls, e.coll.Name)
			}
		}
		for _, n := range ts.task.Tools {
			if ta, _, ok := s.AppOf(n); ok && ta == app {
				for _, c := range colls {
					if !slices.Contains(out[n], c) {
						out[n] = append(out[n], c)
					}
				}
			}
		}
	}
	return out
}

// dropUnused removes the servers of apps that no imported task uses: the
// servers are built before the tasks are mapped, and one built for a task
// that then failed would be written alone.
func (r *importRun) dropUnused(res *Result) {
	keep := map[*atom.Server]bool{}
	for _, ts := range r.live() {
		for _, a := range ts.task.Apps(r.s) {
			keep[r.servers[a]] = true
		}
	}
	res.Servers = slices.DeleteFunc(res.Servers, func(s *atom.Server) bool { return !keep[s] })
}

// mapTask maps a task's assertions to its goal and, when every one
// mapped, adds its data, intent and recipe to res; otherwise the task
// fails whole.
func (r *importRun) mapTask(ts *taskState, res *Result) {
	s, rep := r.s, r.rep
	m := &mapper{s: s, data: ts.data, actionKeys: r.actionKeys}
	t := ts.task
	for i, c := range t.Checks {
		if excluded(c) {
			ts.rep.Assertions--
			continue
		}
		q, err := m.mapCheck(c)
		var a assert.Assertion
		if err == nil {
			a, err = q.assertion()
		}
		if err != nil {
			ts.noteCheckError(rep, c, t.CheckAt[i], err)
			continue
		}
		ts.goal = append(ts.goal, a)
		ts.rep.Mapped++
	}
	for _, n := range t.Tools {
		if app, _, ok := s.AppOf(n); ok {
			if tl := r.servers[app].Tool(n); tl != nil && tl.Effect.Kind == "unresolved" {
				ts.rep.Unresolved = append(ts.rep.Unresolved, n)
			}
		}
	}
	if len(ts.goal) == 0 {
		rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Path: "info.assertions", Message: "no assertion could be mapped: the task has no goal"})
		ts.failed = true
		return
	}
	if ts.incomplete {
		rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Message: fmt.Sprintf("not imported: %d of %d assertions mapped, and a task is imported whole or not at all (see the errors above)", ts.rep.Mapped, ts.rep.Assertions)})
		ts.failed = true
		return
	}
	res.Data = append(res.Data, ts.dataAtom(s))
	res.Intents = append(res.Intents, ts.intentAtom(s, rep))
	res.Recipes = append(res.Recipes, atom.Recipe{Intent: atom.Pin{ID: ts.id}, Data: atom.Pin{ID: ts.id}})
}

// tally counts every task once: imported whole, or failed (a partial
// import is a failed one).
func (r *importRun) tally() {
	rep := r.rep
	for _, ts := range r.tasks {
		rep.Tasks++
		if ts.failed {
			ts.rep.Status = StatusFailed
			ts.rep.Task = ""
			rep.Failed++
		} else {
			ts.rep.Status = StatusFull
			rep.ImportedFully++
		}
		rep.PerTask = append(rep.PerTask, *ts.rep)
	}
}

func excluded(c map[string]any) bool {
	if b, ok := c["excluded"].(bool); ok && b {
		return true
	}
	if b, ok := c["scored"].(bool); ok && !b {
		return true
	}
	return false
}

func (ts *taskState) noteCheckError(rep *Report, c map[string]any, at string, err error) {
	typ, _ := c["type"].(string)
	path := at
	msg := err.Error()
	var me *mapError
	if errors.As(err, &me) {
		if me.param != "" {
			path += "." + me.param
		}
		if me.unmapped {
			rep.UnmappedTypes[typ]++
			ts.rep.Unmapped = append(ts.rep.Unmapped, typ)
			msg = fmt.Sprintf("unmapped assertion type %s: %s", typ, me.msg)
		} else {
			msg = fmt.Sprintf("%s: %s", typ, me.msg)
		}
	} else {
		rep.UnmappedTypes[typ]++
		ts.rep.Unmapped = append(ts.rep.Unmapped, typ)
		msg = fmt.Sprintf("unmapped assertion type %s: %v", typ, err)
	}
	rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Path: path, Message: msg})
	ts.incomplete = true
}

// checkApps: every app the task's tools and state name must be known.
func (ts *taskState) checkApps(s *Schemas, rep *Report) bool {
	ok := true
	for i, n := range ts.task.Tools {
		if _, _, known := s.AppOf(n); !known {
			rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Path: fmt.Sprintf("info.zapier_tools[%d]", i),
				Message: fmt.Sprintf("tool %q belongs to no known app (known apps: %s)", n, strings.Join(s.appNames(), ", "))})
			ok = false
		}
	}
	for _, a := range ts.task.StateApps {
		if s.App(a) == nil {
			rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Path: "info.initial_state." + a,
				Message: fmt.Sprintf("unknown app %q (known apps: %s)", a, strings.Join(s.appNames(), ", "))})
			ok = false
		}
	}
	if meta, has := ts.task.State[metaApp]; has {
		if _, err := clockOf(meta); err != nil {
			rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Path: "info.initial_state.meta.current_time", Message: err.Error()})
			ts.incomplete = true
		}
	}
	return ok
}

var idBad = regexp.MustCompile(`[^a-z0-9_.-]+`)

// atomID turns a task name into an atom id.
func atomID(name string) string {
	id := idBad.ReplaceAllString(strings.ToLower(name), "_")
	id = strings.Trim(id, "_.-")
	if id == "" {
		id = "task"
	}
	if len(id) > 120 {
		id = id[:120]
	}
	return id
}

func uniqueID(id, example string, used map[string]bool) string {
	if used[id] && example != "" {
		id = atomID(id + "_" + example)
	}
	base := id
	for i := 2; used[id]; i++ {
		id = fmt.Sprintf("%s_%d", base, i)
	}
	used[id] = true
	return id
}

// toolNames lists each app's tools over every imported task, sorted.
func toolNames(s *Schemas, tasks []*taskState) map[string][]string {
	sets := map[string]map[string]bool{}
	for _, ts := range tasks {
		if ts.failed {
			continue
		}
		for _, n := range ts.task.Tools {
			if app, _, ok := s.AppOf(n); ok && atom.ValidToolName(n) {
				if sets[app] == nil {
					sets[app] = map[string]bool{}
				}
				sets[app][n] = true
			}
		}
	}
	out := map[string][]string{}
	for app, set := range sets {
		out[app] = slices.Sorted(maps.Keys(set))
	}
	return out
}

// prepareApps gives an action log to apps whose assertions read one (an
// app can record actions the schema does not model) and declares the
// fields of untyped collections from the exceptions table.
func prepareApps(s *Schemas, tasks []*taskState) {
	for _, ts := range tasks {
		if ts.failed {
			continue
		}
		for _, c := range ts.task.Checks {
			typ, _ := c["type"].(string)
			app, rest, ok := s.AppOf(typ)
			if !ok || app == metaApp {
				continue
			}
			ws := words(rest)
			if len(ws) > 0 && (ws[0] == "action" || ws[0] == "actions") && !s.App(app).HasActions() {
				s.App(app).Collections = append(s.App(app).Collections, actionLog())
			}
		}
	}
	for app, colls := range untypedFields {
		a := s.App(app)
		if a == nil {
			continue
		}
		for name, fs := range colls {
			c := a.Collection(name)
			if c == nil {
				continue
			}
			for _, f := range fs {
				if c.Field(f.Name) == nil {
					cp := *f
					c.addField(&cp)
				}
			}
		}
	}
}

// bagFields: app -> collection -> its one free-form object field, declared
// or seen in the data.
func bagFields(s *Schemas, scan *extraFields) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, a := range s.Apps {
		for _, c := range a.Collections {
			var maps []string
			for _, f := range c.Fields {
				if f.isMap() && f.Name != "metadata" && f.Name != "custom_fields" && f.Name != "custom_attributes" {
					maps = append(maps, f.Name)
				}
			}
			for n, f := range scan.fields[a.Name][c.Name] {
				if f.Type == "object" && c.Field(n) == nil {
					maps = append(maps, n)
				}
			}
			if len(maps) == 1 && !c.Actions && !c.Open {
				if out[a.Name] == nil {
					out[a.Name] = map[string]string{}
				}
				out[a.Name][c.Name] = maps[0]
			}
		}
	}
	return out
}

func actionLog() *Coll {
	return &Coll{Name: actionsColl, Actions: true, Key: "id",
		Description: "Actions performed through the app's tools: the action key and its parameters.",
		Fields: []*Field{
			{Name: "id", Type: "string"},
			{Name: "action_key", Type: "string", Description: "The action (the tool name without the app)"},
			{Name: "params", Type: "object", Description: "The parameters the action was called with"},
			{Name: "created_at", Type: "string", Format: "date-time"},
		}}
}

// applyExtra declares the fields seen in the data that the schemas lack.
func applyExtra(s *Schemas, x *extraFields) {
	for app, colls := range x.fields {
		a := s.App(app)
		for _, cname := range slices.Sorted(maps.Keys(colls)) {
			c := a.Collection(cname)
			if c == nil {
				if cname == settingsColl {
					c = &Coll{Name: settingsColl, Key: "id", Description: "The app's settings (one record)."}
					a.Collections = append(a.Collections, c)
				} else {
					continue
				}
			}
			fs := colls[cname]
			names := slices.Sorted(maps.Keys(fs))
			for _, n := range names {
				if c.Field(n) == nil {
					c.addField(fs[n])
				}
			}
		}
	}
}

// collectActionParams gathers, for each app's action keys, the parameters
// the data and the assertions use, with an example value each.
func collectActionParams(s *Schemas, tasks []*taskState) map[string]map[string]map[string]any {
	out := map[string]map[string]map[string]any{}
	note := func(app, key string, params map[string]any) {
		if out[app] == nil {
			out[app] = map[string]map[string]any{}
		}
		if out[app][key] == nil {
			out[app][key] = map[string]any{}
		}
		for k, v := range params {
			base, _, _ := splitOp(k)
			if !validFieldName(base) {
				continue
			}
			if _, ok := out[app][key][base]; !ok {
				out[app][key][base] = v
			}
		}
	}
	for _, ts := range tasks {
		if ts.failed {
			continue
		}
		for _, app := range ts.task.StateApps {
			if acts, ok := ts.task.State[app][actionsColl].(map[string]any); ok {
				for key, list := range acts {
					l, _ := list.([]any)
					for _, r := range l {
						if rm, ok := r.(map[string]any); ok {
							if p, ok := rm["params"].(map[string]any); ok {
								note(app, key, p)
							}
						}
					}
				}
			}
		}
		for _, c := range ts.task.Checks {
			typ, _ := c["type"].(string)
			app, _, ok := s.AppOf(typ)
			if !ok {
				continue
			}
			if key, ok := c["action_key"].(string); ok {
				if p, ok := c["params"].(map[string]any); ok {
					note(app, key, p)
				}
				continue
			}
			// "<entity>_exists" over an action log: the parameters are those
			// of the action that creates the entity.
			_, rest, _ := s.AppOf(typ)
			ws := words(rest)
			if a := s.App(app); a != nil && a.HasActions() && len(ws) > 0 {
				if _, _, isColl := entityOf(a, ws[0]); !isColl {
					params := map[string]any{}
					for k, v := range c {
						if k != "type" && k != "excluded" && k != "scored" {
							params[k] = v
						}
					}
					// The action may be named by the noun alone (Trello's "card").
					ent := singular(strings.Join(ws[:logEntityLen(ws)], "_"))
					for _, key := range []string{"create_" + ent, "add_" + ent, ent} {
						note(app, key, params)
					}
				}
			}
		}
	}
	return out
}

// declareActionParams declares every parameter an app's actions are seen
// with as a field of its action log.
func declareActionParams(s *Schemas, ap map[string]map[string]map[string]any) {
	for app, keys := range ap {
		a := s.App(app)
		if a == nil {
			continue
		}
		c := a.Collection(actionsColl)
		if c == nil {
			continue
		}
		seen := map[string]any{}
		for _, params := range keys {
			for k, v := range params {
				if _, ok := seen[k]; !ok {
					seen[k] = v
				}
			}
		}
		for _, k := range slices.Sorted(maps.Keys(seen)) {
			if c.Field(k) == nil {
				t, items := jsonType(seen[k])
				if t == "integer" {
					t = "number"
				}
				c.addField(&Field{Name: k, Type: t, Items: items, Observed: true, Description: "Action parameter"})
			}
		}
	}
}

// serverAtom builds an app's server atom without tools.
func serverAtom(app *App, x *extraFields) *atom.Server {
	srv := &atom.Server{Kind: atom.KindServer, ID: atomID(app.Name), App: "", Description: serverDoc(app)}
	if srv.ID != app.Name {
		srv.App = app.Name
	}
	for _, c := range app.Collections {
		if c.Name == settingsColl && len(c.Fields) == 0 {
			continue
		}
		ac := atom.Collection{Name: c.Name, Description: c.Description, IDPrefix: idPrefix(c), Fields: map[string]atom.Field{}}
		if c.Key != "id" {
			ac.Key = c.Key
		}
		for _, f := range c.Fields {
			ac.Fields[f.Name] = atomField(f)
		}
		invs, refs := takenOwners(app, c)
		ac.Invariants = invs
		for name, target := range refs {
			af := ac.Fields[name]
			af.Role, af.Ref = atom.RoleRef, target
			ac.Fields[name] = af
		}
		srv.Collections = append(srv.Collections, ac)
	}
	srv.Tools = []atom.Tool{}
	return srv
}

func serverDoc(app *App) string {
	d := app.Description
	if d == "" {
		d = "Simulated " + app.Name + "."
	}
	return fmt.Sprintf("AutomationBench app %s, imported from its state schema. %s", app.Name, firstLine(d))
}

func atomField(f *Field) atom.Field {
	af := atom.Field{Type: f.Type, Format: f.Format, Description: f.Description}
	if f.Type == "array" {
		af.Items = f.Items
	}
	if len(f.Enum) > 0 {
		af.Enum = f.Enum
	}
	af.Codes = f.Codes
	// A created record takes the schema's default for a field the call
	// leaves out, as the benchmark's models do; only a value a user would
	// read as a state (a status, a priority), never an empty one.
	if s, ok := f.Default.(string); ok && s != "" && f.HasDefault {
		af.Default = s
	}
	if len(af.Description) > 200 {
		af.Description = af.Description[:197] + "..."
	}
	return af
}

// dataAtom is the task's initial state.
func (ts *taskState) dataAtom(s *Schemas) *atom.Data {
	// The task's state and goal are the benchmark's: frozen, so evolution
	// repairs the simulated apps around them and never rewrites them.
	d := &atom.Data{Kind: atom.KindData, ID: ts.id, Records: map[string]map[string][]map[string]any{}, Frozen: true,
		Description: fmt.Sprintf("Initial state of AutomationBench task %s.", ts.task.Name)}
	d.Clock = ts.clock()
	for _, app := range slices.Sorted(maps.Keys(ts.data)) {
		ad := ts.data[app]
		m := map[string][]map[string]any{}
		for _, c := range ad.order {
			if len(ad.records[c]) > 0 {
				m[c] = ad.records[c]
			}
		}
		if len(m) > 0 {
			d.Records[s.App(app).Name] = m
		}
	}
	if len(d.Records) == 0 {
		d.Records = nil
	}
	return d
}

// records lists the task's initial records by "app.collection".
func (ts *taskState) records(s *Schemas) map[string][]map[string]any {
	out := map[string][]map[string]any{}
	for app, ad := range ts.data {
		for c, recs := range ad.records {
			out[s.App(app).Name+"."+c] = recs
		}
	}
	return out
}

// clock is the task's "now" (RFC 3339), or "".
func (ts *taskState) clock() string {
	if meta, ok := ts.task.State[metaApp]; ok {
		if clock, err := clockOf(meta); err == nil {
			return clock
		}
	}
	return ""
}

// intentAtom is the task's instruction, tool surface and goal.
func (ts *taskState) intentAtom(s *Schemas, rep *Report) *atom.Intent {
	t := ts.task
	in := &atom.Intent{Kind: atom.KindIntent, ID: ts.id, Apps: t.Apps(s), Goal: ts.goal,
		Description: fmt.Sprintf("AutomationBench task %s", t.Name), Family: "automationbench", Frozen: true}
	if ts.task.ExampleID != "" {
		in.Description += " (example " + ts.task.ExampleID + ")"
	}
	in.System = noSlots(t.System)
	in.Instruction = noSlots(t.User)
	// The benchmark's tasks ask for totals, counts and differences of
	// what the agent reads: each figure the goal checks that nothing
	// states is declared as the formula that computes it.
	in.Derive = verify.DiscoverDerivations(ts.goal, []string{t.System, t.User}, ts.records(s), ts.clock(), appCodes(s, in.Apps))
	if in.Instruction != t.User {
		// A note, not a loss: the text an agent reads is the same.
		rep.Errors = append(rep.Errors, &Error{File: ts.src.File, Path: "prompt", Message: "the prompt contains {{...}}, which legoenv reads as a slot; imported as { {...} }"})
	}
	for _, n := range t.Tools {
		if atom.ValidToolName(n) {
			in.Tools = append(in.Tools, n)
		}
	}
	return in
}

func noSlots(s string) string {
	if !atom.HasPlaceholder(s) {
		return s
	}
	return strings.ReplaceAll(s, "{{", "{ {")
}
