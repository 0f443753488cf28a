package plan

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// option is one way to make a task hold: an alternative to try, or a way
// closed for a reason.
type option struct {
	try    alternative
	closed *Reason
}

func optionsOf(alts []alternative, rs []Reason) []option {
	out := make([]option, 0, len(alts)+len(rs))
	for i := range rs {
		out = append(out, option{closed: &rs[i]})
	}
	for _, a := range alts {
		out = append(out, option{try: a})
	}
	return out
}

// alternatives lists the ways to make a task hold, best first; reasons of
// closed ways sit in the same order, so that the first reason a failed
// search reports is about the way it preferred.
func (p *Planner) alternatives(task facts.Check, s *episode.Session) []option {
	a := task.Plan()
	switch a.Type {
	case assert.Exists:
		return p.existsAlts(task, s, 1)
	case assert.Count:
		n := p.countNow(task, s)
		if lo := lowerBound(a.Bound); lo > n {
			return p.existsAlts(task, s, lo-n)
		}
		if hi := upperBound(a.Bound); hi >= 0 && n > hi {
			return optionsOf(p.removeAlts(task, s, n-hi))
		}
	case assert.NotExists:
		return optionsOf(p.removeAlts(task, s, -1))
	case assert.Called:
		return optionsOf(p.calledAlts(task))
	}
	msg := fmt.Sprintf("%s %s (%s) is not something the planner can make hold", task.Entry.Kind, task.Field(), a)
	if !task.Goal {
		return optionsOf(nil, []Reason{*p.ruleForbids(task, task, "")})
	}
	return optionsOf(nil, []Reason{{Kind: ReasonUnsupported, Goal: task.Index, Message: msg,
		Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: a.String(), Message: msg + "; give the intent a reference plan"}}}})
}

func lowerBound(b assert.Bound) int {
	switch {
	case b.Equals != nil:
		return *b.Equals
	case b.Min != nil:
		return *b.Min
	}
	return 0
}

func upperBound(b assert.Bound) int {
	switch {
	case b.Equals != nil:
		return *b.Equals
	case b.Max != nil:
		return *b.Max
	}
	return -1
}

func (p *Planner) countNow(task facts.Check, s *episode.Session) int {
	n := 0
	for _, r := range s.State().Records(task.Plan().Target) {
		if task.Match(r) {
			n++
		}
	}
	return n
}

func (p *Planner) usable(ts []*episode.Tool) []*episode.Tool {
	var out []*episode.Tool
	for _, t := range ts {
		if !p.info.Forbidden[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

// existsAlts: create n matching records, or update existing ones.
func (p *Planner) existsAlts(task facts.Check, s *episode.Session, n int) []option {
	a := task.Plan()
	ci := p.info.Colls[a.Target]
	if ci == nil {
		return nil
	}
	preds := p.preds(task)
	kf := ci.Def.KeyField()
	var pinned any
	for _, pr := range preds {
		if pr.Field == kf && pr.Op == assert.OpEquals {
			pinned = pr.Value
		}
	}
	if pinned == nil && n == 1 && a.Type == assert.Exists {
		// Exact predicates on fields that are a key of the collection (a
		// sheet and a row number) name a record as a key does.
		if rec := p.keyedBy(ci, preds, s); rec != nil {
			pinned = rec[kf]
		}
	}
	creates := p.usable(p.info.ToolsOn(ci.Name, "create"))
	updates := p.usable(p.info.ToolsOn(ci.Name, "update"))
	appends := p.usable(p.info.ToolsOn(ci.Name, "append"))
	if len(creates)+len(updates)+len(appends) == 0 {
		effect := "create"
		if pinned != nil {
			effect = "update"
		}
		return append(optionsOf(nil, []Reason{p.noToolWrites(task, ci, effect)}), p.starlarkOptions(task, ci, preds, s)...)
	}
	var createOptions, updateOptions []option
	var partial []*episode.Tool // creates that set some fields but not all
	sib := p.sibling(ci, preds, s)
	for _, t := range creates {
		alt, r := p.createAlt(task, ci, t, preds, n, sib)
		createOptions = append(createOptions, option{try: alt, closed: r})
		if r != nil && r.Kind == ReasonNoToolSets {
			partial = append(partial, t)
		}
	}
	if pinned == nil && n == 1 && len(updates)+len(appends) > 0 {
		for _, t := range partial {
			if alt := p.createThenUpdateAlt(task, ci, t, preds, updates, appends, sib); alt != nil {
				createOptions = append(createOptions, option{try: alt})
			}
		}
	}
	if a.Type == assert.Exists && len(updates)+len(appends) > 0 {
		updateOptions = optionsOf(p.updateAlts(task, ci, preds, pinned, updates, appends, s))
	} else if pinned != nil && a.Type == assert.Exists {
		r := p.noToolWrites(task, ci, "update")
		updateOptions = []option{{closed: &r}}
	}
	// A pinned key names a record to change; otherwise a new record is the
	// plainer way, and changing a selected one the fallback.
	starlark := p.starlarkOptions(task, ci, preds, s)
	if pinned != nil {
		return append(append(updateOptions, starlark...), createOptions...)
	}
	if len(creates) == 0 {
		r := p.noToolWrites(task, ci, "create")
		createOptions = []option{{closed: &r}}
	}
	return append(append(createOptions, updateOptions...), starlark...)
}

// constant is the value a constant of t's effect writes into field fd:
// the clock for "$now" (in the field's unit), the app's setting in the
// initial state for "$settings.<field>" (nil where it holds none).
func (p *Planner) constant(t *episode.Tool, fd atom.Field, v any) any {
	if s, ok := v.(string); ok && s == "$now" {
		return fd.Now(p.env.Clock)
	}
	if f, ok := atom.SettingRef(v); ok {
		return p.settings(t.App)[f]
	}
	return v
}

// settings is app's settings record in the initial state (nil where it
// has none), read once.
func (p *Planner) settings(app string) state.Record {
	if r, ok := p.settingRecs[app]; ok {
		return r
	}
	var r state.Record
	if s, err := p.session(nil); err == nil {
		r, _ = s.State().Get(app+"."+atom.SettingsCollection, atom.SettingsKey)
	}
	if p.settingRecs == nil {
		p.settingRecs = map[string]state.Record{}
	}
	p.settingRecs[app] = r
	return r
}

// invert maps each field to the first argument (in name order) writing it.
func invert(wf map[string]string) map[string]string {
	out := map[string]string{}
	for _, arg := range slices.Sorted(maps.Keys(wf)) {
		if _, ok := out[wf[arg]]; !ok {
			out[wf[arg]] = arg
		}
	}
	return out
}

func (p *Planner) createAlt(task facts.Check, ci *facts.Coll, t *episode.Tool, preds []assert.Predicate, n int, sib map[string]any) (alternative, *Reason) {
	args, miss := p.createArgs(ci, t, preds, nil, sib)
	if miss != nil {
		return nil, p.createMissReason(task, ci, t, miss)
	}
	return func(s *episode.Session) ([]episode.ToolCall, *Reason) {
		var made []episode.ToolCall
		for i := 0; i < n; i++ {
			c := p.call(t.Name, args)
			s.Call(c)
			made = append(made, c)
		}
		return made, nil
	}, nil
}

// createMiss is why a create tool cannot make a record meet a field's
// predicates: it sets the field to a constant that does not hold
// (isConst), has no argument for it (noArg), or no value meets them.
type createMiss struct {
	field    string
	fp       []assert.Predicate
	constant any // the constant, where isConst
	isConst  bool
	noArg    bool
}

// createArgs fills t's arguments (and the nested objects they carry) so
// that the record it creates meets preds. A field the tool cannot set, or
// sets to a constant that does not hold, is left to later updates where
// settable names it (nil: none).
func (p *Planner) createArgs(ci *facts.Coll, t *episode.Tool, preds []assert.Predicate, settable map[string]bool, sib map[string]any) (map[string]any, *createMiss) {
	argOf := invert(facts.WriteFields(t, ci.Def))
	head := func(f string) string { h, _, _ := strings.Cut(f, "."); return h }
	order, groups := satisfy.ByField(preds)
	args := map[string]any{}
	obj := newObjects(ci, nil, sib)
	for _, f := range order {
		fp := groups[f]
		if v, ok := t.Effect.Set[f]; ok {
			if v = p.constant(t, ci.Def.Fields[f], v); !satisfy.HoldsOn(v, fp) && !settable[f] {
				return nil, &createMiss{field: f, fp: fp, constant: v, isConst: true}
			}
			continue
		}
		if d := ci.Def.Fields[f].Default; d != nil && satisfy.HoldsOn(d, fp) {
			continue // the server sets it; an agent leaves it out
		}
		arg, ok := argOf[f]
		if _, taken := ci.Def.TakenFrom(f); taken && !ok {
			continue // the server takes it from the record the reference names
		}
		if !ok {
			if narg, path, nested := nestedArg(t, ci, argOf, f); nested {
				v, ok := nestedValue(fp)
				if !ok {
					return nil, &createMiss{field: f, fp: fp}
				}
				obj.set(narg, head(f), path, v)
				continue
			}
			if !settable[f] && !settable[head(f)] {
				return nil, &createMiss{field: f, fp: fp, noArg: true}
			}
			continue
		}
		v, ok := newArg(t, ci, arg, f, fp)
		if !ok {
			return nil, &createMiss{field: f, fp: fp}
		}
		args[arg] = v
	}
	obj.write(t, args)
	p.fillRequired(t, ci, args, nil, sib)
	return args, nil
}

// createMissReason is the reason a create alternative fails with.
func (p *Planner) createMissReason(task facts.Check, ci *facts.Coll, t *episode.Tool, m *createMiss) *Reason {
	f := m.field
	var r Reason
	switch {
	case m.isConst:
		r = p.noToolSets(task, ci, f, "create", fmt.Sprintf("%s sets %s to %v, but %s %s needs %s", t.Name, f, m.constant, task.Entry.Kind, task.Field(), predsText(m.fp)))
	case m.noArg:
		r = p.noToolSets(task, ci, f, "create", fmt.Sprintf("%s cannot set field %s of %s", t.Name, f, ci.Name))
	default:
		return p.unsatisfiable(task, f, m.fp)
	}
	return &r
}

// newArg is the value of a create tool's argument arg that makes field f
// of a new record meet fp, fitted to the argument's schema; false when no
// value does.
func newArg(t *episode.Tool, ci *facts.Coll, arg, f string, fp []assert.Predicate) (any, bool) {
	schema := facts.ArgSchema(t, arg)
	if satisfy.IsList(ci.Def, f) {
		add, ok := satisfy.List(fp, nil)
		if !ok {
			return nil, false
		}
		return satisfy.FitArg(add, schema), true
	}
	v, ok := satisfy.Scalar(fp, facts.FieldDef(ci, f, schema))
	if !ok {
		return nil, false
	}
	return satisfy.FitArg(v, schema), true
}

// settableFields are the fields of ci the update tools write (by argument
// or as constants) and those the append tools add to.
func settableFields(ci *facts.Coll, updates, appends []*episode.Tool) map[string]bool {
	settable := map[string]bool{}
	for _, t := range updates {
		for _, f := range facts.WriteFields(t, ci.Def) {
			settable[f] = true
		}
		for f := range t.Effect.Set {
			settable[f] = true
		}
	}
	for _, t := range appends {
		settable[t.Effect.Field] = true
	}
	return settable
}

// createThenUpdateAlt creates a record with what the create tool can set,
// then brings the new record (its key read from the observation) to match
// with update and append tools.
func (p *Planner) createThenUpdateAlt(task facts.Check, ci *facts.Coll, t *episode.Tool, preds []assert.Predicate, updates, appends []*episode.Tool, sib map[string]any) alternative {
	args, miss := p.createArgs(ci, t, preds, settableFields(ci, updates, appends), sib)
	if miss != nil {
		return nil
	}
	return func(s *episode.Session) ([]episode.ToolCall, *Reason) {
		c := p.call(t.Name, args)
		obs := s.Call(c)
		if obs.IsError {
			return nil, p.toolFails(task, c, obs.Content)
		}
		recs := observedRecords(obs.Content, "get")
		if len(recs) == 0 {
			r := p.noToolSets(task, ci, "", "create", fmt.Sprintf("%s does not return the record it creates", t.Name))
			return nil, &r
		}
		made, r := p.updateCalls(task, ci, preds, recs[0], updates, appends, s)
		return append([]episode.ToolCall{c}, made...), r
	}
}

func predsText(ps []assert.Predicate) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, ", ")
}

func (p *Planner) unsatisfiable(task facts.Check, f string, fp []assert.Predicate) *Reason {
	if simpleOps(fp) && task.Goal {
		return p.contradiction(task, task)
	}
	msg := fmt.Sprintf("the planner cannot derive a value of %s for %s", f, predsText(fp))
	return &Reason{Kind: ReasonUnsupported, Goal: task.Index, Message: msg,
		Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: task.Prog.Assertion.String(), Field: f, Message: msg + "; give the intent a reference plan"}}}
}

func simpleOps(ps []assert.Predicate) bool {
	for _, p := range ps {
		switch p.Op {
		case assert.OpMatches, assert.OpSize, assert.OpPresent:
			return false
		}
	}
	return true
}

// fillRequired gives required arguments the goal does not constrain a value:
// the record's current one for an update, a sibling's reference for a
// create (the worksheet of the other rows of the spreadsheet), else a
// plausible default.
func (p *Planner) fillRequired(t *episode.Tool, ci *facts.Coll, args map[string]any, rec, sib map[string]any) {
	wf := facts.WriteFields(t, ci.Def)
	p.fillKindRefs(t, ci, wf, args, rec, sib)
	for _, r := range facts.RequiredArgs(t) {
		if _, ok := args[r]; ok {
			continue
		}
		schema := facts.ArgSchema(t, r)
		field := wf[r]
		if rec != nil && field != "" {
			if v, ok := rec[field]; ok && v != nil {
				args[r] = satisfy.FitArg(v, schema)
				p.filler(t.Name, r, args[r])
				continue
			}
		}
		// A reference, or a field no role names (a stage, a repository, a
		// workspace), takes what the other records of the collection hold.
		if sib != nil && field != "" && (strings.HasSuffix(field, "_id") || satisfy.FreeText(r) == satisfy.NoRoleText) {
			if v, ok := sib[field]; ok && v != nil && v != "" {
				args[r] = satisfy.FitArg(v, schema)
				p.filler(t.Name, r, args[r])
				continue
			}
		}
		fd := satisfy.SchemaField(schema)
		if field != "" {
			fd = facts.FieldDef(ci, field, schema)
		}
		if v := p.fromTask(t, ci, wf, args, field, fd, r); v != nil {
			args[r] = satisfy.FitArg(v, schema)
			p.filler(t.Name, r, args[r])
			continue
		}
		wfield := field
		if wfield == "" {
			wfield = r
		}
		args[r] = satisfy.FitArg(p.withinRules(ci.Name, wfield, satisfy.DefaultFor(fd, r)), schema)
		p.filler(t.Name, r, args[r])
	}
}

// fillKindRefs gives a required reference whose collection another field
// names (a GitLab note's noteable_iid beside its noteable_type) and its
// kind their values together, from the record an update changes or else
// a sibling, where the goal constrains neither: filled one by one, a
// default kind beside another record's number names nothing.
func (p *Planner) fillKindRefs(t *episode.Tool, ci *facts.Coll, wf map[string]string, args map[string]any, rec, sib map[string]any) {
	if ci.Def == nil {
		return
	}
	argOf := map[string]string{}
	for a, f := range wf {
		argOf[f] = a
	}
	required := map[string]bool{}
	for _, r := range facts.RequiredArgs(t) {
		required[r] = true
	}
	from := rec
	if from == nil {
		from = sib
	}
	for _, f := range slices.Sorted(maps.Keys(ci.Def.Fields)) {
		fd := ci.Def.Fields[f]
		ra, ka := argOf[f], argOf[fd.RefBy]
		if fd.RefBy == "" || fd.Ref != "" || ra == "" || ka == "" || !required[ra] && !required[ka] || from == nil {
			continue
		}
		_, hasRef := args[ra]
		_, hasKind := args[ka]
		if hasRef || hasKind || !atom.IsSet(from[f]) || !atom.IsSet(from[fd.RefBy]) || !sameScope(fd, args[argOf[fd.RefPer]], from) {
			continue
		}
		args[ka] = satisfy.FitArg(from[fd.RefBy], facts.ArgSchema(t, ka))
		args[ra] = satisfy.FitArg(from[f], facts.ArgSchema(t, ra))
		p.filler(t.Name, ka, args[ka])
		p.filler(t.Name, ra, args[ra])
	}
}

// sameScope reports whether from, the record a reference and its kind
// are read from, is of the scope per, the value the call gives the field
// the reference is unique within (a GitLab note's project): an iid read
// from another project's note names nothing in this one. A reference
// with no scope, or a call that gives none, is of any.
func sameScope(fd atom.Field, per any, from map[string]any) bool {
	return fd.RefPer == "" || per == nil || state.Text(per) == state.Text(from[fd.RefPer])
}

// filler records an argument the goal does not constrain: its value is the
// planner's choice, so a perturbed value proves nothing about the goal.
func (p *Planner) filler(tool, arg string, v any) {
	if p.Fillers == nil {
		p.Fillers = map[string]bool{}
	}
	p.Fillers[FillerKey(tool, arg, v)] = true
}

// FillerKey names an argument of a call the planner filled freely (the
// keys of Planner.Fillers).
func FillerKey(tool, arg string, v any) string {
	return tool + "\x00" + arg + "\x00" + facts.JSONText(v)
}

// updateAlts: change an existing record (the one the key names, or one the
// predicates no tool can set select, found with a search) until it matches.
func (p *Planner) updateAlts(task facts.Check, ci *facts.Coll, preds []assert.Predicate, pinned any, updates, appends []*episode.Tool, s *episode.Session) ([]alternative, []Reason) {
	settable := settableFields(ci, updates, appends)
	if pinned != nil {
		key := state.Text(pinned)
		rec, ok := s.State().Get(ci.Name, key)
		if !ok {
			return nil, []Reason{p.noRecord(task, ci, key, preds, settable)}
		}
		return []alternative{func(s *episode.Session) ([]episode.ToolCall, *Reason) {
			found, r := p.readFirst(task, ci, rec, s)
			if r != nil {
				return nil, r
			}
			made, r := p.updateCalls(task, ci, preds, rec, updates, appends, s)
			return append(found, made...), r
		}}, nil
	}
	var selection []assert.Predicate
	for _, pr := range preds {
		head, _, _ := strings.Cut(pr.Field, ".")
		if !settable[pr.Field] && !settable[head] {
			selection = append(selection, pr)
		}
	}
	if len(selection) == 0 {
		selection = p.heldSelection(ci, preds, s)
	}
	if len(selection) == 0 {
		return nil, nil // nothing says which record; a create is the way
	}
	search, args := p.searchFor(ci, selection, s)
	if search == nil {
		if alts := p.starlarkFinders(task, ci, preds, selection, updates, appends, s); len(alts) > 0 {
			return alts, nil
		}
		fields := map[string]any{}
		for _, pr := range selection {
			fields[pr.Field] = pr.Value
		}
		return nil, []Reason{p.noToolReads("", ci, fields, fmt.Sprintf("no search of %s can find the record %s %s selects by %s", ci.Name, task.Entry.Kind, task.Field(), predsText(selection)))}
	}
	var alts []alternative
	for pick := 0; pick < 2; pick++ {
		alts = append(alts, func(s *episode.Session) ([]episode.ToolCall, *Reason) {
			c := p.call(search.Name, args)
			obs := s.Call(c)
			if obs.IsError {
				return nil, p.toolFails(task, c, obs.Content)
			}
			var found []map[string]any
			for _, r := range observedRecords(obs.Content, "search") {
				if satisfy.AllHold(r, selection) {
					found = append(found, r)
				}
			}
			if pick >= len(found) {
				r := p.noRecord(task, ci, "", selection, settable)
				return nil, &r
			}
			made, r := p.updateCalls(task, ci, preds, found[pick], updates, appends, s)
			return append([]episode.ToolCall{c}, made...), r
		})
	}
	return alts, nil
}

// searchFor picks the search tool whose filters cover the most selection
// predicates, with the arguments to pass. A predicate that takes one of
// several values (a requester named by email, resolved to the ids it may
// have) filters by the value a record of the collection holds. Filters
// take values the agent has seen (the thread id only the goal holds is
// left out) unless that leaves no search that can be called; with no
// filter to use, a listing (a search that needs no argument) is read
// whole, the way an agent scans a short list.
func (p *Planner) searchFor(ci *facts.Coll, selection []assert.Predicate, s *episode.Session) (*episode.Tool, map[string]any) {
	seen := p.visibleNow(s)
	t, args := p.searchBy(ci, selection, s, seen)
	if t == nil || len(facts.MissingRequired(t, args)) > 0 {
		return p.searchBy(ci, selection, s, nil)
	}
	return t, args
}

// searchBy is searchFor with the values a filter may take limited to
// those seen shows (nil: any).
func (p *Planner) searchBy(ci *facts.Coll, selection []assert.Predicate, s *episode.Session, seen *ground.Visible) (*episode.Tool, map[string]any) {
	var best, listing *episode.Tool
	var bestArgs map[string]any
	for _, t := range p.usable(p.info.ToolsOn(ci.Name, "search")) {
		args := map[string]any{}
		for _, f := range facts.SearchFilters(t, ci.Def) {
			for _, pr := range selection {
				if pr.Field != f.Field || args[f.Arg] != nil {
					continue
				}
				v, ok := filterValue(ci, pr, s)
				if !ok || seen != nil && seen.Find(v, f.Field) == "" {
					continue
				}
				if f.Op != assert.OpGT && f.Op != assert.OpLT && f.Op != assert.OpGTE && f.Op != assert.OpLTE && f.Op != assert.OpIn {
					args[f.Arg] = satisfy.FitArg(v, facts.ArgSchema(t, f.Arg))
				}
			}
		}
		if len(args) > len(bestArgs) {
			best, bestArgs = t, args
		}
		if listing == nil && len(facts.RequiredArgs(t)) == 0 {
			listing = t
		}
	}
	if best == nil && listing != nil {
		return listing, map[string]any{}
	}
	return best, bestArgs
}

// visibleNow is what the agent has seen in s: the opening messages and
// the observations so far.
func (p *Planner) visibleNow(s *episode.Session) *ground.Visible {
	ctx := p.sight.Opening()
	for i, st := range s.Trajectory() {
		ctx.Add(fmt.Sprintf("observation of step %d", i+1), st.Observation.Content)
	}
	return ctx
}

// filterValue is the value a search filters by to find the records a
// selection predicate picks: its value, or for a predicate that takes one
// of several values the first that a record of the collection holds.
func filterValue(ci *facts.Coll, pr assert.Predicate, s *episode.Session) (any, bool) {
	switch pr.Op {
	case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains:
		return pr.Value, true
	case assert.OpIn:
		vals, _ := pr.Value.([]any)
		for _, v := range vals {
			for _, r := range s.State().Records(ci.Name) {
				if satisfy.PredHolds(r, assert.Predicate{Field: pr.Field, Op: assert.OpEquals, Value: v}) {
					return v, true
				}
			}
		}
	}
	return nil, false
}

// updateCalls makes the calls that bring rec to match preds: update tools
// chosen greedily by how many needed fields they set, then appends for
// list fields.
func (p *Planner) updateCalls(task facts.Check, ci *facts.Coll, preds []assert.Predicate, rec map[string]any, updates, appends []*episode.Tool, s *episode.Session) ([]episode.ToolCall, *Reason) {
	order, groups := satisfy.ByField(preds)
	var needed []string
	for _, f := range order {
		if !satisfy.AllHold(rec, groups[f]) {
			needed = append(needed, f)
		}
	}
	var calls []episode.ToolCall
	used := map[string]bool{}
	for len(needed) > 0 {
		best, cover := p.bestUpdate(ci, groups, needed, updates, appends, used)
		if best == nil {
			break
		}
		used[best.Name] = true
		args, r := p.updateArgs(task, best, ci, groups, rec, cover)
		if r != nil {
			return nil, r
		}
		c := p.call(best.Name, args)
		s.Call(c)
		calls = append(calls, c)
		needed = without(needed, cover)
	}
	more, needed, r := p.appendCalls(task, ci, groups, rec, needed, appends, s)
	if r != nil {
		return nil, r
	}
	calls = append(calls, more...)
	if len(needed) > 0 {
		r := p.noToolSets(task, ci, needed[0], "update", fmt.Sprintf("no tool of %s can set field %s of %s", ci.App, needed[0], ci.Name))
		return nil, &r
	}
	return calls, nil
}

// bestUpdate picks the unused update tool that sets the most needed fields
// (by a constant that satisfies them, an argument, or a field inside an
// object argument), among those whose constants break no predicate. A list
// field an append tool can grow is left to it.
func (p *Planner) bestUpdate(ci *facts.Coll, groups map[string][]assert.Predicate, needed []string, updates, appends []*episode.Tool, used map[string]bool) (*episode.Tool, []string) {
	setOK := func(t *episode.Tool) bool {
		for f, v := range t.Effect.Set {
			if fp, ok := groups[f]; ok && !satisfy.HoldsOn(p.constant(t, ci.Def.Fields[f], v), fp) {
				return false
			}
		}
		return true
	}
	var best *episode.Tool
	var bestCover []string
	for _, t := range updates {
		if used[t.Name] || !setOK(t) {
			continue
		}
		argOf := invert(facts.WriteFields(t, ci.Def))
		var cover []string
		for _, f := range needed {
			if v, ok := t.Effect.Set[f]; ok && satisfy.HoldsOn(p.constant(t, ci.Def.Fields[f], v), groups[f]) {
				cover = append(cover, f)
			} else if _, ok := argOf[f]; ok && !(satisfy.IsList(ci.Def, f) && len(p.appendersOf(appends, f)) > 0) {
				cover = append(cover, f)
			} else if _, _, nested := nestedArg(t, ci, argOf, f); nested {
				cover = append(cover, f)
			}
		}
		if len(cover) > len(bestCover) {
			best, bestCover = t, cover
		}
	}
	return best, bestCover
}

// updateArgs builds the arguments of one update call: the record's key,
// then a value for each covered field that satisfies its predicates (a
// list grown by what it lacks, a field inside an object argument), then
// the required arguments.
func (p *Planner) updateArgs(task facts.Check, t *episode.Tool, ci *facts.Coll, groups map[string][]assert.Predicate, rec map[string]any, cover []string) (map[string]any, *Reason) {
	keyArg, match := facts.KeyArgOf(t, ci.Def)
	args := map[string]any{keyArg: satisfy.FitArg(rec[match], facts.ArgSchema(t, keyArg))}
	argOf := invert(facts.WriteFields(t, ci.Def))
	obj := newObjects(ci, rec, nil)
	for _, f := range cover {
		arg, ok := argOf[f]
		if !ok {
			if narg, path, nested := nestedArg(t, ci, argOf, f); nested {
				v, ok := nestedValue(groups[f])
				if !ok {
					return nil, p.unsatisfiable(task, f, groups[f])
				}
				h, _, _ := strings.Cut(f, ".")
				obj.set(narg, h, path, v)
			}
			continue // set by a constant
		}
		schema := facts.ArgSchema(t, arg)
		if satisfy.IsList(ci.Def, f) {
			cur, _ := rec[f].([]any)
			add, ok := satisfy.List(groups[f], cur)
			if !ok {
				return nil, p.unsatisfiable(task, f, groups[f])
			}
			args[arg] = satisfy.FitArg(append(append([]any(nil), cur...), add...), schema)
			continue
		}
		v, ok := satisfy.Scalar(groups[f], facts.FieldDef(ci, f, schema))
		if !ok {
			return nil, p.unsatisfiable(task, f, groups[f])
		}
		args[arg] = satisfy.FitArg(v, schema)
	}
	obj.write(t, args)
	p.fillRequired(t, ci, args, rec, nil)
	return args, nil
}

// appendCalls grows the list fields still needed with an append tool, one
// call per element the predicates lack; it returns the fields no append
// tool grows.
func (p *Planner) appendCalls(task facts.Check, ci *facts.Coll, groups map[string][]assert.Predicate, rec map[string]any, needed []string, appends []*episode.Tool, s *episode.Session) ([]episode.ToolCall, []string, *Reason) {
	var calls []episode.ToolCall
	for _, f := range append([]string(nil), needed...) {
		ap := p.appendersOf(appends, f)
		if len(ap) == 0 {
			continue
		}
		t := ap[0]
		cur, _ := rec[f].([]any)
		add, ok := satisfy.List(groups[f], cur)
		if !ok {
			return nil, nil, p.unsatisfiable(task, f, groups[f])
		}
		keyArg, match := facts.KeyArgOf(t, ci.Def)
		for _, e := range add {
			args := map[string]any{keyArg: satisfy.FitArg(rec[match], facts.ArgSchema(t, keyArg)), t.Effect.Value: satisfy.FitArg(e, facts.ArgSchema(t, t.Effect.Value))}
			p.fillRequired(t, ci, args, rec, nil)
			c := p.call(t.Name, args)
			s.Call(c)
			calls = append(calls, c)
		}
		needed = without(needed, []string{f})
	}
	return calls, needed, nil
}

func (p *Planner) appendersOf(appends []*episode.Tool, field string) []*episode.Tool {
	var out []*episode.Tool
	for _, t := range appends {
		if t.Effect.Field == field {
			out = append(out, t)
		}
	}
	return out
}

func without(xs, drop []string) []string {
	var out []string
next:
	for _, x := range xs {
		for _, d := range drop {
			if x == d {
				continue next
			}
		}
		out = append(out, x)
	}
	return out
}

// calledAlts: call the tool with arguments that match.
func (p *Planner) calledAlts(task facts.Check) ([]alternative, []Reason) {
	a := task.Plan()
	t := p.env.Tool(a.Target)
	if t == nil || p.info.Forbidden[t.Name] {
		msg := fmt.Sprintf("goal[%d] needs a call to %s, which the surface lacks or a rule forbids", task.Index, a.Target)
		return nil, []Reason{{Kind: ReasonNoToolWrites, Goal: task.Index, Message: msg,
			Cause: verdict.RootCause{Code: verdict.IntentUnverifiable, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: a.String(), Tool: a.Target, Message: msg}}}}
	}
	order, groups := satisfy.ByField(p.preds(task))
	args := map[string]any{}
	for _, f := range order {
		schema := facts.ArgSchema(t, f)
		fd := satisfy.SchemaField(schema)
		var v any
		ok := false
		if fd.Type == "array" {
			var add []any
			add, ok = satisfy.List(groups[f], nil)
			v = add
		} else {
			v, ok = satisfy.Scalar(groups[f], fd)
		}
		if !ok {
			return nil, []Reason{*p.unsatisfiable(task, f, groups[f])}
		}
		args[f] = satisfy.FitArg(v, schema)
	}
	for _, r := range facts.RequiredArgs(t) {
		if _, ok := args[r]; !ok {
			schema := facts.ArgSchema(t, r)
			args[r] = satisfy.FitArg(satisfy.DefaultFor(satisfy.SchemaField(schema), r), schema)
			p.filler(t.Name, r, args[r])
		}
	}
	return []alternative{func(s *episode.Session) ([]episode.ToolCall, *Reason) {
		c := p.call(t.Name, args)
		s.Call(c)
		return []episode.ToolCall{c}, nil
	}}, nil
}

// --- reasons that become server and data root causes ---

// goalFields lists the fields the goal's positive assertions constrain on a
// collection, and the constants among them (literal values of enum and
// boolean fields).
func (p *Planner) goalFields(ci *facts.Coll, effect string) ([]string, map[string]any) {
	seen := map[string]bool{}
	var fields []string
	set := map[string]any{}
	kf := ci.Def.KeyField()
	for _, c := range p.info.GoalChecks() {
		a := c.Prog.Assertion
		if a.IsNegative() || a.Target != ci.Name {
			continue
		}
		literal := map[string]bool{}
		for _, rp := range c.Raw.Where {
			if s, ok := rp.Value.(string); !ok || !strings.Contains(s, "{{") {
				literal[rp.Field+"\x00"+rp.Op] = true
			}
		}
		for _, pr := range a.Where {
			if seen[pr.Field] || (pr.Field == kf && effect != "create") {
				continue
			}
			seen[pr.Field] = true
			fd := ci.Def.Fields[pr.Field]
			if pr.Op == assert.OpEquals && literal[pr.Field+"\x00"+pr.Op] && (len(fd.Enum) > 0 || fd.Type == "boolean") && effect == "create" {
				set[pr.Field] = pr.Value
				continue
			}
			fields = append(fields, pr.Field)
		}
	}
	sort.Strings(fields)
	return fields, set
}

func (p *Planner) noToolWrites(task facts.Check, ci *facts.Coll, effect string) Reason {
	sref := facts.Ref(ci.Server)
	fields, set := p.goalFields(ci, effect)
	msg := fmt.Sprintf("no tool of %s can %s records of %s (needed by %s %s)", ci.App, effect, ci.Name, task.Entry.Kind, task.Field())
	fix := &verdict.AddTool{App: ci.App, Effect: effect, Collection: ci.Coll, Fields: fields, Set: set}
	if effect != "create" {
		fix.KeyField = ci.Def.KeyField()
	}
	return Reason{Kind: ReasonNoToolWrites, Goal: task.Index, Message: msg,
		Cause: verdict.Blame(verdict.ServerMissingTool, sref, verdict.Evidence{Assertion: task.Prog.Assertion.String(), Collection: ci.Name, Message: msg}).
			Suggest(fix, "add a tool with effect %s on %s.%s setting %s", effect, ci.App, ci.Coll, strings.Join(fields, ", "))}
}

// noToolSets explains a field no tool sets: a tool argument that the
// collection drops (a schema mismatch) when there is one, else a missing
// tool.
func (p *Planner) noToolSets(task facts.Check, ci *facts.Coll, field, effect, msg string) Reason {
	sref := facts.Ref(ci.Server)
	var dropTool, dropArg string
	var dropped []string
	for _, t := range p.info.ToolsOn(ci.Name, "create", "update") {
		wf := facts.WriteFields(t, ci.Def)
		keyArg, _ := facts.KeyArgOf(t, ci.Def)
		var names []string
		for arg := range atom.InputProperties(t.Input) {
			if _, ok := wf[arg]; !ok && !(t.Effect.Kind == "update" && arg == keyArg) {
				names = append(names, arg)
			}
		}
		sort.Strings(names)
		if len(names) > 0 && dropTool == "" {
			dropTool = t.Name
			dropped = names
		}
	}
	if dropTool != "" {
		dropArg = facts.Closest(field, dropped)
		if dropArg == "" {
			dropArg = dropped[0]
		}
		m := fmt.Sprintf("%s; %s's argument %q writes no field of %s, while %s %s reads %q", msg, dropTool, dropArg, ci.Name, task.Entry.Kind, task.Field(), field)
		return Reason{Kind: ReasonNoToolSets, Goal: task.Index, Message: m,
			Cause: verdict.Blame(verdict.ServerSchemaMismatch, sref, verdict.Evidence{Assertion: task.Prog.Assertion.String(), Tool: dropTool, Collection: ci.Name, Field: field, Message: m}).
				Suggest(&verdict.RenameField{App: ci.App, Collection: ci.Coll, Tool: dropTool, From: dropArg, To: field}, "make %s's argument %s write field %s", dropTool, dropArg, field)}
	}
	r := p.noToolWrites(task, ci, effect)
	r.Kind = ReasonNoToolSets
	r.Message = msg
	r.Cause.Evidence.Field = field
	r.Cause.Evidence.Message = msg
	if fix, ok := r.Cause.SuggestedFix.Edit.(*verdict.AddTool); ok && effect != "create" {
		fix.Fields = []string{field}
		r.Cause.SuggestedFix.Description = fmt.Sprintf("add a tool with effect %s on %s.%s setting %s", effect, ci.App, ci.Coll, field)
	}
	return r
}

// noRecord: the record a goal assertion pins is not in the state.
func (p *Planner) noRecord(task facts.Check, ci *facts.Coll, key string, preds []assert.Predicate, settable map[string]bool) Reason {
	dref := facts.Ref(p.env.Data)
	fields := map[string]any{}
	for _, pr := range preds {
		if pr.Op == assert.OpEquals && pr.Field != ci.Def.KeyField() && !settable[pr.Field] {
			fields[pr.Field] = pr.Value
		}
	}
	handle := ""
	for _, rp := range task.Raw.Where {
		if s, ok := rp.Value.(string); ok && rp.Field == ci.Def.KeyField() {
			if m := atom.SlotPattern().FindStringSubmatch(s); m != nil {
				handle = p.env.Bindings[m[1]].Handle
			}
		}
	}
	what := fmt.Sprintf("%s %q", ci.Def.KeyField(), key)
	if key == "" {
		what = predsText(preds)
	}
	msg := fmt.Sprintf("no record of %s matches %s, which %s %s needs", ci.Name, what, task.Entry.Kind, task.Field())
	fix := &verdict.AddRecord{App: ci.App, Collection: ci.Coll, Key: key, Fields: fields, Handle: handle}
	return Reason{Kind: ReasonNoRecord, Goal: task.Index, Message: msg,
		Cause: verdict.Blame(verdict.DataMissingEntity, dref, verdict.Evidence{Assertion: task.Prog.Assertion.String(), Collection: ci.Name, Record: key, Message: msg}).
			Suggest(fix, "add the record to %s", ci.Name)}
}

// --- static contradictions ---

// pinnedScalars returns the scalar fields an assertion pins with equals.
func (p *Planner) pinnedScalars(c facts.Check) map[string]any {
	out := map[string]any{}
	ci := p.info.Colls[c.Prog.Assertion.Target]
	for _, pr := range c.Prog.Assertion.Where {
		if pr.Op != assert.OpEquals || strings.Contains(pr.Field, ".") {
			continue
		}
		if ci != nil && satisfy.IsList(ci.Def, pr.Field) {
			continue
		}
		if _, list := pr.Value.([]any); list {
			continue
		}
		out[pr.Field] = pr.Value
	}
	return out
}

// contradictions finds goals that cannot hold whatever the plan: a positive
// assertion whose own predicates exclude each other, two positives that pin
// the same record to different values, and a positive whose every match a
// negative assertion (of the goal or of a rule) forbids.
func (p *Planner) contradictions() []Reason {
	var out []Reason
	var positives []facts.Check
	for _, c := range p.info.GoalChecks() {
		a := c.Prog.Assertion
		if a.IsNegative() || (!a.IsState() && !a.IsTrajectory()) {
			continue
		}
		positives = append(positives, c)
		if p.selfContradicts(c) {
			out = append(out, *p.contradiction(c, c))
		}
	}
	for i, c := range positives {
		out = append(out, p.pinClashes(c, positives[i+1:])...)
		out = append(out, p.forbiddenMatches(c)...)
	}
	return out
}

// selfContradicts reports whether the predicates one field of a positive
// assertion carries exclude each other (no value or list satisfies them).
func (p *Planner) selfContradicts(c facts.Check) bool {
	a := c.Prog.Assertion
	ci := p.info.Colls[a.Target]
	order, groups := satisfy.ByField(a.Where)
	for _, f := range order {
		fp := groups[f]
		if !simpleOps(fp) || strings.Contains(f, ".") {
			continue
		}
		ok := true
		if ci != nil && satisfy.IsList(ci.Def, f) {
			_, ok = satisfy.List(fp, nil)
		} else {
			fd := atom.Field{}
			if ci != nil {
				fd = ci.Def.Fields[f]
			}
			_, ok = satisfy.Scalar(fp, fd)
		}
		if !ok {
			return true
		}
	}
	return false
}

// pinClashes finds the later positives that pin the same record (by key)
// as c to another value of some field.
func (p *Planner) pinClashes(c facts.Check, later []facts.Check) []Reason {
	a := c.Prog.Assertion
	ci := p.info.Colls[a.Target]
	if ci == nil || !a.IsState() {
		return nil
	}
	kf := ci.Def.KeyField()
	pins := p.pinnedScalars(c)
	var out []Reason
	for _, d := range later {
		if d.Prog.Assertion.Target != a.Target {
			continue
		}
		dp := p.pinnedScalars(d)
		k1, ok1 := pins[kf]
		k2, ok2 := dp[kf]
		if !ok1 || !ok2 || !satisfy.ValueEqual(k1, k2) {
			continue
		}
		for f, v := range pins {
			if w, ok := dp[f]; ok && !satisfy.ValueEqual(v, w) {
				out = append(out, *p.contradiction(c, d))
				break
			}
		}
	}
	return out
}

// forbiddenMatches finds the negative assertions (of the goal or of a
// rule) that every record the positive c pins would match.
func (p *Planner) forbiddenMatches(c facts.Check) []Reason {
	a := c.Prog.Assertion
	pins := p.pinnedScalars(c)
	var out []Reason
	for _, d := range p.info.Checks {
		da := d.Prog.Assertion
		if !da.IsNegative() || da.Target != a.Target || (da.IsState() != a.IsState()) {
			continue
		}
		implied := true
		for _, q := range da.Where {
			v, ok := pins[q.Field]
			if !ok || !satisfy.HoldsOn(v, []assert.Predicate{q}) {
				implied = false
				break
			}
		}
		if !implied {
			continue
		}
		if d.Goal {
			out = append(out, *p.contradiction(c, d))
		} else {
			out = append(out, *p.ruleForbids(d, c, ""))
		}
	}
	return out
}
