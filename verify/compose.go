package verify

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/verdict"
)

// runCompose checks what composition leaves open: that every assertion's
// fields exist, that trajectory assertions name tools of the surface, and
// that the data's keys are sound. Composition errors themselves are turned
// into a verdict by Verify before the checks run.
func runCompose(p *Job) []Diagnostic {
	in := p.info
	var ds []Diagnostic
	for _, c := range in.Checks {
		a := c.Prog.Assertion
		switch {
		case a.ReadsCollection():
			ci := in.Colls[a.Target]
			if ci == nil {
				continue // composition reports unknown collections
			}
			fields := a.Ignore
			preds := append([]assert.Predicate(nil), a.Where...)
			for _, exception := range a.Exceptions() {
				preds = append(preds, exception...)
			}
			for _, pr := range preds {
				fields = append(fields, pr.Field)
			}
			for _, f := range fields {
				if !facts.KnownField(ci.Def, f) {
					ds = append(ds, fail(in.unknownFieldCause(c, ci, f)))
				}
			}
		case a.IsTrajectory():
			t := in.Env.Tool(a.Target)
			if t == nil {
				if c.Goal && a.Type == assert.Called {
					ds = append(ds, fail(in.unknownToolCause(c)))
				}
				continue // a rule may forbid tools of apps this environment lacks
			}
			props := atom.InputProperties(t.Input)
			for _, pr := range a.Where {
				head, _, _ := strings.Cut(pr.Field, ".")
				if !props[head] {
					ev := Evidence{Assertion: a.String(), Tool: a.Target, Field: pr.Field,
						Message: fmt.Sprintf("%s %s: tool %s has no argument %q", c.Entry.Kind, c.Field(), a.Target, pr.Field)}
					fix := &RewriteAssertion{Index: c.Index, Collection: c.Raw.Target, Field: pr.Field, Suggestion: facts.Closest(pr.Field, slices.Sorted(maps.Keys(props)))}
					ds = append(ds, fail(verdict.Blame(IntentUnverifiable, facts.Ref(c.Entry), ev).Suggest(fix, "read an argument %s has", a.Target)))
				}
			}
		}
	}
	ds = append(ds, in.dataKeyDiags()...)
	return ds
}

// unknownFieldCause blames the server when its tools or data use the field
// the collection lacks, and the assertion's atom otherwise.
func (in *envInfo) unknownFieldCause(c checkInfo, ci *collInfo, field string) RootCause {
	a := c.Prog.Assertion
	head, _, _ := strings.Cut(field, ".")
	if tool := in.toolWritingUndeclared(ci, head); tool != "" || in.dataHasField(ci, head) {
		sref := facts.Ref(ci.Server)
		ev := Evidence{Assertion: a.String(), Collection: ci.Name, Field: head, Tool: tool,
			Message: fmt.Sprintf("%s %s reads %s.%s, which the tools or data use but the collection does not declare", c.Entry.Kind, c.Field(), ci.Name, head)}
		fix := &AddField{App: ci.App, Collection: ci.Coll, Tool: tool, From: "", To: head}
		return verdict.Blame(ServerSchemaMismatch, sref, ev).Suggest(fix, "declare field %q in collection %s", head, ci.Coll)
	}
	fields := append(slices.Sorted(maps.Keys(ci.Def.Fields)), ci.Def.KeyField())
	sugg := facts.Closest(head, fields)
	msg := fmt.Sprintf("%s %s reads field %q, which collection %s does not have", c.Entry.Kind, c.Field(), head, ci.Name)
	if sugg != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", sugg)
	}
	ev := Evidence{Assertion: a.String(), Collection: ci.Name, Field: head, Message: msg}
	fix := &RewriteAssertion{Index: c.Index, Collection: c.Raw.Target, Field: head, Suggestion: sugg}
	return verdict.Blame(IntentUnverifiable, facts.Ref(c.Entry), ev).Suggest(fix, "read a field %s has", ci.Name)
}

func (in *envInfo) unknownToolCause(c checkInfo) RootCause {
	a := c.Prog.Assertion
	var names []string
	for _, t := range in.Env.Tools() {
		names = append(names, t.Name)
	}
	sugg := facts.Closest(a.Target, names)
	ev := Evidence{Assertion: a.String(), Tool: a.Target,
		Message: fmt.Sprintf("%s %s checks calls to %s, which is not in the tool surface", c.Entry.Kind, c.Field(), a.Target)}
	fix := &RewriteAssertion{Index: c.Index, Collection: c.Raw.Target, Field: "", Suggestion: sugg}
	return verdict.Blame(IntentUnverifiable, facts.Ref(c.Entry), ev).Suggest(fix, "check calls to a tool of the surface")
}

// toolWritingUndeclared names a tool of the collection that writes field f
// (by argument, mapping or constant) although the collection lacks it.
func (in *envInfo) toolWritingUndeclared(ci *collInfo, f string) string {
	s := ci.Server.MustServer()
	for _, t := range s.Tools {
		if t.Effect.Collection != ci.Coll || (t.Effect.Kind != "create" && t.Effect.Kind != "update") {
			continue
		}
		if _, ok := t.Effect.Set[f]; ok {
			return t.Name
		}
		for _, to := range t.Effect.Fields {
			if to == f {
				return t.Name
			}
		}
		if atom.InputProperties(t.Input)[f] {
			return t.Name
		}
	}
	return ""
}

func (in *envInfo) dataHasField(ci *collInfo, f string) bool {
	for _, r := range in.Data.Records[ci.App][ci.Coll] {
		if _, ok := r[f]; ok {
			return true
		}
	}
	for _, g := range in.Data.Generate {
		if g.App == ci.App && g.Collection == ci.Coll {
			if _, ok := g.Fields[f]; ok {
				return true
			}
		}
	}
	return false
}

// dataKeyDiags checks that every record of the initial state has a key and
// that keys are unique within a collection.
func (in *envInfo) dataKeyDiags() []Diagnostic {
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return []Diagnostic{fail(RootCause{Code: DataInconsistent, Atom: facts.Ref(in.Env.Data), Evidence: Evidence{Message: err.Error()}})}
	}
	for _, name := range w.Names() {
		c := w.Collection(name)
		seen := make(map[string]struct{}, len(c.Records))
		for i, r := range c.Records {
			k, ok := state.KeyOf(r, c.Key)
			msg := ""
			switch {
			case !ok:
				msg = fmt.Sprintf("record %d of %s has no key field %q", i, name, c.Key)
			default:
				if _, dup := seen[k]; dup {
					msg = fmt.Sprintf("%s has two records with %s %q", name, c.Key, k)
				}
				seen[k] = struct{}{}
			}
			if msg != "" {
				return []Diagnostic{fail(RootCause{Code: DataInconsistent, Atom: facts.Ref(in.Env.Data),
					Evidence: Evidence{Collection: name, Field: c.Key, Record: k, Message: msg}})}
			}
		}
	}
	return nil
}

// Composition issue codes in the order their root cause is preferred: the
// first issue of the earliest code is the verdict's root cause.
var issueOrder = []string{
	episode.IssueMissingAtom, episode.IssueMissingApp, episode.IssueToolConflict, episode.IssueBadData,
	episode.IssueUnboundSlot, episode.IssueMissingRecord, episode.IssueUnknownTool, episode.IssueBadAssertion,
}

var indexRE = regexp.MustCompile(`\[(\d+)\]`)

// composeCause maps the composition issues of a recipe to one root cause.
func composeCause(lib *atom.Library, ce *episode.ComposeError) RootCause {
	if len(ce.Issues) == 0 {
		return RootCause{Code: RecipeMissingAtom, Atom: AtomRef{Kind: atom.KindIntent, ID: ce.Recipe.Intent.ID}, Evidence: Evidence{Message: ce.Error()}}
	}
	is := ce.Issues[0]
pick:
	for _, code := range issueOrder {
		for _, x := range ce.Issues {
			if x.Code == code {
				is = x
				break pick
			}
		}
	}
	at := AtomRef{Kind: is.Kind, ID: is.ID, Version: is.Version}
	ev := Evidence{Field: is.Field, Message: is.String()}
	cause := RootCause{Atom: at, Evidence: ev}
	switch is.Code {
	case episode.IssueMissingAtom:
		cause.Code = RecipeMissingAtom
		cause.Atom = AtomRef{Kind: is.Kind, ID: is.ID, Version: pinnedVersion(ce.Recipe, is.Kind, is.ID)}
	case episode.IssueMissingApp:
		cause.Code = ServerMissingApp
		app := quoted(is.Message)
		cause.Atom = AtomRef{Kind: atom.KindServer, ID: app}
		cause.Evidence.Message = is.String()
	case episode.IssueToolConflict:
		cause.Code = ServerToolConflict
		cause.Evidence.Tool = quoted(is.Message)
	case episode.IssueBadData:
		cause.Code = DataInconsistent
	case episode.IssueUnknownTool:
		cause = unknownToolCompose(lib, ce.Recipe, is)
	case episode.IssueUnboundSlot:
		cause = unboundSlotCause(lib, ce.Recipe, is)
	case episode.IssueMissingRecord:
		cause = missingRecordCause(lib, ce.Recipe, is)
	case episode.IssueBadAssertion:
		cause = badAssertionCause(lib, ce.Recipe, is)
	default:
		cause.Code = DataInconsistent
	}
	return cause
}

func pinnedVersion(r atom.Recipe, k atom.Kind, id string) string {
	var pins []atom.Pin
	switch k {
	case atom.KindIntent:
		pins = []atom.Pin{r.Intent}
	case atom.KindData:
		pins = []atom.Pin{r.Data}
	case atom.KindServer:
		pins = r.Servers
	case atom.KindRule:
		pins = r.Rules
	}
	for _, p := range pins {
		if p.ID == id {
			return p.Version
		}
	}
	return ""
}

// quoted returns the first "quoted" word of a message.
func quoted(msg string) string {
	i := strings.IndexByte(msg, '"')
	if i < 0 {
		return ""
	}
	s, err := strconv.QuotedPrefix(msg[i:])
	if err != nil {
		return ""
	}
	u, _ := strconv.Unquote(s)
	return u
}

// recipeServers resolves the servers a recipe composes with.
func recipeServers(lib *atom.Library, r atom.Recipe, in *atom.Intent) []*atom.Entry {
	var out []*atom.Entry
	if len(r.Servers) > 0 {
		for _, p := range r.Servers {
			if e, err := lib.Get(atom.KindServer, p); err == nil {
				out = append(out, e)
			}
		}
		return out
	}
	if in == nil {
		return nil
	}
	for _, app := range in.Apps {
		if e := lib.ServerFor(app); e != nil {
			out = append(out, e)
		}
	}
	return out
}

func getIntent(lib *atom.Library, r atom.Recipe) (*atom.Entry, *atom.Intent) {
	e, err := lib.Get(atom.KindIntent, r.Intent)
	if err != nil {
		return nil, nil
	}
	return e, e.MustIntent()
}

func getData(lib *atom.Library, r atom.Recipe) (*atom.Entry, *atom.Data) {
	e, err := lib.Get(atom.KindData, r.Data)
	if err != nil {
		return nil, nil
	}
	return e, e.MustData()
}

// unknownToolCompose blames the server of the app the tool's name points to.
func unknownToolCompose(lib *atom.Library, r atom.Recipe, is episode.Issue) RootCause {
	tool := quoted(is.Message)
	_, in := getIntent(lib, r)
	servers := recipeServers(lib, r, in)
	at := AtomRef{Kind: atom.KindServer}
	app := ""
	for _, se := range servers {
		a := se.MustServer().AppName()
		if strings.HasPrefix(tool, a+"_") || at.ID == "" {
			at, app = facts.Ref(se), a
		}
	}
	c := verdict.Blame(ServerMissingTool, at, Evidence{Tool: tool, Field: is.Field, Message: is.String()})
	if app != "" {
		c = c.Suggest(&AddTool{App: app}, "add tool %s to server %s", tool, at.ID)
	}
	return c
}

// slotUsage is where an intent uses a slot: collections it pins by key and
// fields of the slot's record it reads.
func slotUsage(in *atom.Intent, slot string) (keyColls map[string]bool, fields []string) {
	keyColls = map[string]bool{}
	seen := map[string]bool{}
	for _, a := range in.Goal {
		for _, p := range a.Where {
			s, ok := p.Value.(string)
			if !ok {
				continue
			}
			for _, m := range atom.SlotPattern().FindAllStringSubmatch(s, -1) {
				if m[1] != slot {
					continue
				}
				if m[2] == "" || m[2] == "id" {
					if p.Field == "id" || (m[2] == "" && strings.HasSuffix(p.Field, "id")) {
						keyColls[a.Target] = true
					}
				}
				if m[2] != "" && !seen[m[2]] {
					seen[m[2]] = true
					fields = append(fields, m[2])
				}
			}
		}
	}
	for _, m := range atom.SlotPattern().FindAllStringSubmatch(in.Instruction, -1) {
		if m[1] == slot && m[2] != "" && !seen[m[2]] {
			seen[m[2]] = true
			fields = append(fields, m[2])
		}
	}
	return keyColls, fields
}

func unboundSlotCause(lib *atom.Library, r atom.Recipe, is episode.Issue) RootCause {
	ie, in := getIntent(lib, r)
	_, data := getData(lib, r)
	slot := strings.TrimPrefix(is.Field, "slots.")
	if is.Field == "instruction" || slot == is.Field {
		if m := atom.SlotPattern().FindStringSubmatch(is.Message); m != nil {
			slot = m[1]
		} else {
			slot = quoted(is.Message)
		}
	}
	at := AtomRef{Kind: atom.KindIntent, ID: r.Intent.ID}
	if ie != nil {
		at = facts.Ref(ie)
	}
	var cands []string
	best := ""
	if data != nil && in != nil {
		cands = slices.Sorted(maps.Keys(data.Handles))
		keyColls, fields := slotUsage(in, slot)
		bestScore := 0
		wanted := in.Slots[slot].Handle
		for _, h := range cands {
			hd := data.Handles[h]
			score := 0
			if keyColls[hd.App+"."+hd.Collection] {
				score += 4
			}
			if rec := fixedRecord(data, hd); rec != nil && len(fields) > 0 {
				all := true
				for _, f := range fields {
					if _, ok := rec[f]; !ok {
						all = false
					}
				}
				if all {
					score += 2
				}
			}
			if wanted != "" && facts.Closest(wanted, []string{h}) != "" {
				score++
			}
			if score > bestScore {
				best, bestScore = h, score
			}
		}
	}
	if cands == nil {
		cands = []string{}
	}
	ev := Evidence{Slot: slot, Field: is.Field, Message: is.String()}
	fix := &BindSlot{Slot: slot, Handle: best, Candidates: cands}
	return verdict.Blame(IntentUnboundSlot, at, ev).Suggest(fix, "bind slot %s to a handle the data exports", slot)
}

// fixedRecord returns the fixed record a handle names, or nil.
func fixedRecord(d *atom.Data, h atom.Handle) map[string]any {
	for _, r := range d.Records[h.App][h.Collection] {
		for _, k := range []string{"id", "key"} {
			if v, ok := r[k]; ok && fmt.Sprint(v) == h.Key {
				return r
			}
		}
	}
	return nil
}

func missingRecordCause(lib *atom.Library, r atom.Recipe, is episode.Issue) RootCause {
	_, in := getIntent(lib, r)
	de, data := getData(lib, r)
	handle := strings.TrimPrefix(is.Field, "handles.")
	at := AtomRef{Kind: atom.KindData, ID: r.Data.ID}
	if de != nil {
		at = facts.Ref(de)
	}
	fix := &AddRecord{Handle: handle}
	ev := Evidence{Field: is.Field, Message: is.String()}
	if data != nil {
		h := data.Handles[handle]
		fix.App, fix.Collection, fix.Key = h.App, h.Collection, h.Key
		ev.Collection, ev.Record = h.App+"."+h.Collection, h.Key
		fields := map[string]any{}
		if h.Display != "" {
			fields[h.Display] = nil
		}
		if in != nil {
			for name, s := range in.Slots {
				if b, ok := r.Bind[name]; ok {
					s = b
				}
				if s.Handle != handle {
					continue
				}
				ev.Slot = name
				_, fs := slotUsage(in, name)
				for _, f := range fs {
					if f != "id" {
						fields[f] = nil
					}
				}
			}
		}
		fix.Fields = fields
	}
	return verdict.Blame(DataMissingEntity, at, ev).Suggest(fix, "add the record handle %s names", handle)
}

func badAssertionCause(lib *atom.Library, r atom.Recipe, is episode.Issue) RootCause {
	at := AtomRef{Kind: is.Kind, ID: is.ID, Version: is.Version}
	index := -1
	if m := indexRE.FindStringSubmatch(is.Field); m != nil {
		index, _ = strconv.Atoi(m[1])
	}
	var raw assert.Assertion
	if e, err := lib.Get(is.Kind, atom.Pin{ID: is.ID, Version: is.Version}); err == nil && index >= 0 {
		switch a := e.Atom.(type) {
		case *atom.Intent:
			if index < len(a.Goal) {
				raw = a.Goal[index]
			}
		case *atom.Rule:
			if index < len(a.Checks) {
				raw = a.Checks[index]
			}
		}
	}
	_, in := getIntent(lib, r)
	var names []string
	for _, se := range recipeServers(lib, r, in) {
		s := se.MustServer()
		for _, c := range s.Collections {
			names = append(names, s.AppName()+"."+c.Name)
		}
	}
	sugg := ""
	if raw.IsState() {
		sugg = facts.Closest(raw.Target, names)
	}
	ev := Evidence{Assertion: raw.String(), Collection: raw.Target, Field: is.Field, Message: is.String()}
	fix := &RewriteAssertion{Index: index, Collection: raw.Target, Field: "", Suggestion: sugg}
	return verdict.Blame(IntentUnverifiable, at, ev).Suggest(fix, "read a collection the environment has")
}
