package automationbench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// effKind is what a tool's verb does.
type effKind int

const (
	effNone effKind = iota
	effSearch
	effGet
	effCreate
	effUpdate
	effDelete
)

var verbs = map[string]effKind{
	"find": effSearch, "search": effSearch, "list": effSearch, "lookup": effSearch, "query": effSearch,
	"fetch": effSearch, "retrieve": effSearch, "browse": effSearch, "filter": effSearch, "show": effSearch,
	"view": effSearch, "read": effSearch, "get": effGet,
	"create": effCreate, "add": effCreate, "send": effCreate, "email": effCreate, "post": effCreate, "book": effCreate,
	"reply": effCreate, "schedule": effCreate, "new": effCreate, "insert": effCreate, "upload": effCreate,
	"log": effCreate, "write": effCreate, "submit": effCreate, "invite": effCreate, "publish": effCreate,
	"share": effCreate, "draft": effCreate, "make": effCreate, "generate": effCreate, "forward": effCreate,
	"comment": effCreate, "enqueue": effCreate, "associate": effCreate, "link": effCreate, "attach": effCreate, "record": effCreate, "copy": effCreate, "duplicate": effCreate,
	"update": effUpdate, "mark": effUpdate, "move": effUpdate, "label": effUpdate, "change": effUpdate,
	"set": effUpdate, "edit": effUpdate, "assign": effUpdate, "modify": effUpdate, "rename": effUpdate,
	"tag": effUpdate, "close": effUpdate, "resolve": effUpdate, "approve": effUpdate, "reopen": effUpdate,
	"pause": effUpdate, "resume": effUpdate, "enable": effUpdate, "disable": effUpdate, "complete": effUpdate,
	"convert": effUpdate, "star": effUpdate, "flag": effUpdate, "merge": effUpdate, "unarchive": effUpdate,
	"delete": effDelete, "remove": effDelete, "cancel": effDelete, "archive": effDelete, "void": effDelete,
	"purge": effDelete, "trash": effDelete, "unsubscribe": effDelete, "destroy": effDelete, "erase": effDelete,
}

func verbKind(w string) effKind { return verbs[w] }

// joinVerbs join one record to another: "with" names the one that holds it.
var joinVerbs = set("associate", "link")

// Words in tool names that say nothing about the entity.
var toolFillers = set("many", "multiple", "all", "by", "id", "ids", "to", "from", "as", "a", "an", "the", "in",
	"on", "into", "for", "with", "of", "detailed", "single", "one", "details", "info", "information", "new", "and")

// statusWords: verbs that set a status rather than delete, with the status.
var statusVerbs = map[string]string{"cancel": "cancelled", "archive": "archived", "void": "voided",
	"close": "closed", "resolve": "resolved", "approve": "approved", "reopen": "open", "pause": "paused",
	"resume": "active", "enable": "enabled", "disable": "disabled", "complete": "completed"}

// toolBuilder derives tools for one app.
type toolBuilder struct {
	app *App
	// actionParams: action key -> parameter -> an example value, from the
	// imported data and assertions, so action tools declare the arguments
	// the benchmark checks.
	actionParams map[string]map[string]any
	// counted: tool name -> the collections the positive assertions of
	// the tasks listing it look for records of (countedByTool).
	counted map[string][]string
}

// toolParts is a tool name read as a sentence.
type toolParts struct {
	verb    string
	kind    effKind
	object  []string // what the verb acts on
	parent  []string // "to <parent>" / "from <parent>"
	by      []string // "by <field>"
	key     string   // the name without the app: the action key
	entityW []string // words before the verb (salesforce_contact_update)
}

func parseToolName(rest string) toolParts {
	ws := words(rest)
	p := toolParts{key: strings.Join(ws, "_")}
	vi := -1
	for i, w := range ws {
		if verbKind(w) != effNone {
			vi = i
			break
		}
	}
	if vi < 0 {
		p.object = ws
		return p
	}
	p.verb, p.kind = ws[vi], verbKind(ws[vi])
	p.entityW = ws[:vi]
	mode := 0
	for _, w := range ws[vi+1:] {
		switch w {
		case "to", "from", "into", "in", "on":
			mode = 1
			continue
		case "by":
			mode = 2
			continue
		case "with":
			if joinVerbs[p.verb] {
				mode = 1 // associate a contact with a deal: the deal holds it
				continue
			}
		}
		if toolFillers[w] && !(mode == 2 && w == "id") {
			continue
		}
		switch mode {
		case 0:
			p.object = append(p.object, w)
		case 1:
			p.parent = append(p.parent, w)
		case 2:
			p.by = append(p.by, w)
		}
	}
	if len(p.entityW) > 0 {
		// entity_verb (contact_update, contact_add_to_campaign): the entity
		// comes first and the rest is what it is added to.
		if len(p.object) > 0 && len(p.parent) == 0 {
			p.parent = p.object
		} else if len(p.object) > 0 {
			p.parent = append(p.object, p.parent...)
		}
		p.object = p.entityW
	}
	return p
}

// Tool derives the tool named name; rest is the name without the app. In an
// app that keeps an action log every write also records the action, and a
// read the app has no collection for answers from the log.
func (tb *toolBuilder) Tool(name, rest string) atom.Tool {
	p := parseToolName(rest)
	if q, ok := tb.trailingVerb(rest, p); ok {
		p = q
	}
	if q, ok := tb.actVerb(rest, p); ok {
		p = q
	}
	t, err := tb.stateTool(name, p)
	if err != nil && p.kind == effCreate && !tb.app.HasActions() {
		if t2, ok := tb.countedCreate(name, p); ok {
			t, err = t2, nil
		}
	}
	if err != nil && len(p.entityW) > 0 {
		// Words before the verb that name no collection qualify it
		// (quick_add_event): the name read from the verb on.
		if _, ok := resolveEntity(tb.app, p.entityW); !ok {
			ws := words(rest)
			if q := parseToolName(strings.Join(ws[len(p.entityW):], "_")); q.kind != effNone {
				q.key = p.key
				if t2, err2 := tb.stateTool(name, q); err2 == nil {
					p, t, err = q, t2, nil
				}
			}
		}
	}
	if tb.app.HasActions() {
		reads := err == nil && (t.Effect.Kind == "search" || t.Effect.Kind == "get")
		// A write with a state effect of its own records its action only
		// where the benchmark looks at that action (its data or assertions
		// name the key); a tool with no other effect always does.
		_, looked := tb.actionParams[p.key]
		if !reads && (err != nil || looked) {
			var st *atom.Tool
			if err == nil {
				st = &t
			}
			at, aerr := tb.actionTool(name, p, st)
			if aerr == nil {
				return at
			}
			err = aerr
		}
	}
	if err != nil {
		return unresolvedTool(tb.app, name, err.Error())
	}
	return t
}

// trailingVerb reads entity_verb names whose entity words hold a verb
// too (salesforce_case_comment_create: a case comment created, not a
// case commented on): the last word is the verb when every word before it
// names one collection.
func (tb *toolBuilder) trailingVerb(rest string, p toolParts) (toolParts, bool) {
	ws := words(rest)
	last := len(ws) - 1
	if last <= 0 || verbKind(ws[last]) == effNone || p.verb == ws[last] {
		return p, false
	}
	e, ok := resolveEntity(tb.app, ws[:last])
	if !ok || e.n != last || e.n <= len(p.entityW) {
		return p, false
	}
	return toolParts{key: p.key, verb: ws[last], kind: verbKind(ws[last]), entityW: ws[:last], object: ws[:last]}, true
}

// actVerb reads a name that holds no verb of the table but starts with a
// word whose act leaves a record of the app (twitter_like_tweet: a like;
// linkedin_connect_with_profile: a connection, the act's noun in -ion;
// slack_react_to_message: a reaction in a message's list): a create of
// that record. What the act is on (the tweet, the profile) is one of the
// record's fields, given as an argument like any other. A lone word
// (jira_project) is not read so: with nothing after it, it is as likely
// the thing a read or a write is about as an act.
func (tb *toolBuilder) actVerb(rest string, p toolParts) (toolParts, bool) {
	ws := words(rest)
	if p.kind != effNone || len(ws) < 2 {
		return p, false
	}
	stem := strings.TrimSuffix(ws[0], "e")
	for _, n := range []string{ws[0], ws[0] + "ion", stem + "ion"} {
		e, ok := resolveEntity(tb.app, []string{n})
		if ok && !e.coll.Actions || !ok && tb.childOwner(n) != nil {
			return toolParts{key: p.key, verb: ws[0], kind: effCreate, object: []string{n}}, true
		}
	}
	return p, false
}

// countedCreate derives a create whose object names no collection of the
// app (instagram_publish_photo, linkedin_create_share_update) as a create
// of the one collection the tasks listing it look for records of: the
// product's action makes the record the goal counts, under another name.
func (tb *toolBuilder) countedCreate(name string, p toolParts) (atom.Tool, bool) {
	cs := tb.counted[name]
	if len(cs) != 1 {
		return atom.Tool{}, false
	}
	c := tb.app.Collection(cs[0])
	if c == nil {
		return atom.Tool{}, false
	}
	q := p
	q.object, q.parent, q.by = words(c.Name), nil, nil
	t, err := tb.createTool(name, q, entity{coll: c, n: len(q.object)}, true)
	return t, err == nil
}

func unresolvedTool(app *App, name, why string) atom.Tool {
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("%s tool %s. Its effect could not be derived from its name (%s).", app.Name, name, why),
		Input:       map[string]any{"type": "object", "additionalProperties": true},
		Effect:      atom.Effect{Kind: "unresolved"},
	}
}

// stateTool derives a tool over the app's collections.
func (tb *toolBuilder) stateTool(name string, p toolParts) (atom.Tool, error) {
	app := tb.app
	t := atom.Tool{Name: name}
	if p.kind == effNone {
		return t, fmt.Errorf("no verb in %q", p.key)
	}
	var ent entity
	var ok bool
	if len(p.object) > 0 {
		ent, _, ok = resolveObject(app, p.object)
		if ok && ent.n < len(p.object) && p.kind == effCreate && len(p.parent) == 0 {
			// ticket_message: the head is not a collection but a part of
			// the collection the words before it name.
			head := p.object[ent.n:]
			if (&mapper{}).child(app, ent.coll, strings.Join(head, "_")) != nil {
				p.parent, p.object = p.object[:ent.n], head
				ent, ok = entity{}, false
			}
		}
	}
	generic := len(p.object) == 0 || (len(p.object) == 1 && (p.object[0] == "record" || p.object[0] == "records" || p.object[0] == "object" || p.object[0] == "objects"))
	switch p.kind {
	case effSearch, effGet:
		if !ok {
			if generic || p.verb == "query" {
				return recordsSearchTool(app, name, p.verb == "query"), nil
			}
			if rel := tb.childOwner(singularWords(p.object)); rel != nil && rel.field != nil {
				return searchTool(app, name, rel.owner, nil), nil
			}
			return t, fmt.Errorf("no collection for %q", strings.Join(p.object, "_"))
		}
		plural := len(p.object) > 0 && p.object[len(p.object)-1] != singular(p.object[len(p.object)-1])
		if p.kind == effGet && !plural && len(p.by) == 0 {
			if refs := ownerRefs(app, ent.coll); len(refs) > 0 {
				return ownedGetTool(app, name, ent.coll, refs), nil
			}
		}
		if p.kind == effGet && !plural && len(p.by) == 0 || len(p.by) == 1 && p.by[0] == "id" {
			return getTool(app, name, ent.coll), nil
		}
		return searchTool(app, name, ent.coll, p.by), nil
	case effCreate:
		if !ok && anyRecord(app, p) {
			return recordsWriteTool(app, name, false), nil
		}
		return tb.createTool(name, p, ent, ok)
	case effUpdate:
		if !ok && anyRecord(app, p) {
			return recordsWriteTool(app, name, true), nil
		}
		if !ok && p.verb == "mark" {
			// mark_as_read: the collection with that flag.
			if c := tb.flagOwner(strings.Join(p.object, "_")); c != nil {
				ent, ok = entity{coll: c}, true
			}
		}
		if !ok {
			return t, fmt.Errorf("no collection for %q", strings.Join(p.object, "_"))
		}
		return tb.updateTool(name, p, ent.coll)
	case effDelete:
		if t, ok := tb.removeFromTool(name, p); ok {
			return t, nil
		}
		if !ok {
			return t, fmt.Errorf("no collection for %q", strings.Join(p.object, "_"))
		}
		if t, ok := eventTool(app, name, ent.coll, p.verb); ok {
			return t, nil
		}
		return deleteTool(app, name, ent.coll), nil
	}
	return t, fmt.Errorf("cannot derive %q", p.key)
}

// anyRecord: a write of "record" itself (salesforce_update_record), on an
// app whose state types the records; an app that only logs actions keeps
// its log tool.
func anyRecord(app *App, p toolParts) bool {
	if len(p.object) != 1 || len(p.parent) > 0 || app.HasActions() {
		return false
	}
	w := singular(p.object[0])
	return w == "record" || w == "object"
}

func singularWords(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return singular(strings.Join(ws, "_"))
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// flagOwner finds the one collection with a boolean is_<adj>.
func (tb *toolBuilder) flagOwner(adj string) *Coll {
	var found *Coll
	for _, c := range tb.app.Collections {
		if f := c.Field("is_" + adj); f != nil && f.Type == "boolean" {
			if found != nil {
				return nil
			}
			found = c
		}
	}
	return found
}

// ownedChild is a child found by its owner.
type ownedChild struct {
	owner *Coll
	*childRel
}

// childOwner finds the collection a child word hangs off when the tool does
// not say (helpscout_add_note: a note is a conversation thread).
func (tb *toolBuilder) childOwner(word string) *ownedChild {
	if word == "" {
		return nil
	}
	m := &mapper{}
	for _, c := range tb.app.Collections {
		if c.Actions {
			continue
		}
		if rel := m.child(tb.app, c, word); rel != nil && rel.field != nil && rel.field.isObjectList() {
			return &ownedChild{owner: c, childRel: rel}
		}
	}
	return nil
}

func (tb *toolBuilder) createTool(name string, p toolParts, ent entity, ok bool) (atom.Tool, error) {
	app := tb.app
	m := &mapper{}
	if len(p.parent) > 0 {
		par, pok := resolveEntity(app, p.parent)
		if pok {
			word := singularWords(p.object)
			if ok && ent.coll != par.coll {
				// add <x> to <y>: a link collection (campaign members) or a child collection.
				if link := linkColl(app, ent.coll, par.coll); link != nil {
					return createTool(app, name, link, nil, fmt.Sprintf("Add a %s to a %s (creates a %s record).", singular(ent.coll.Name), singular(par.coll.Name), singular(link.Name))), nil
				}
			}
			if rel := m.child(app, par.coll, word); rel != nil {
				switch {
				case rel.coll != nil:
					return createTool(app, name, rel.coll, nil, ""), nil
				case rel.field.isObjectList():
					return nestedAppendTool(app, name, par.coll, rel.childRel()), nil
				default:
					return appendTool(app, name, par.coll, rel.field, word), nil
				}
			}
			if f := oneIDList(par.coll); ok && ent.coll != par.coll && f != nil {
				// add <x> to <y> where y keeps its people or parts in
				// one list of ids under another name (invite a user
				// to a channel: its member_ids): x's id goes there.
				return appendTool(app, name, par.coll, f, word), nil
			}
			if f := onePlainList(par.coll); f != nil && len(p.object) > 0 && (!ok || ent.coll == par.coll) {
				// add <x> to <y> where x is no other record of the
				// app and y keeps one list of plain values (a contact
				// to a customer list: its members): x goes there.
				return appendTool(app, name, par.coll, f, word), nil
			}
		}
		if !ok {
			// "add_to_queue": the parent is the entity.
			if pok && len(p.object) == 0 {
				ent, ok = par, true
			}
		}
	}
	if !ok {
		if oc := tb.childOwner(singularWords(p.object)); oc != nil {
			return nestedAppendTool(app, name, oc.owner, oc.childRel.childRel()), nil
		}
		return atom.Tool{}, fmt.Errorf("no collection for %q", strings.Join(p.object, "_"))
	}
	if p.verb == "send" || p.verb == "email" {
		if t, ok := sendRecordTool(app, name, ent.coll); ok {
			return t, nil
		}
	}
	if p.verb == "reply" || p.verb == "forward" {
		if t, ok := replyTool(app, name, ent.coll, p.verb); ok {
			return t, nil
		}
		if rel := replyThread(ent.coll); rel != nil && p.verb == "reply" {
			return nestedAppendTool(app, name, ent.coll, rel), nil
		}
	}
	return tb.markedCreate(name, p.verb, ent), nil
}

// markedCreate is the create tool of ent's collection under verb: a send,
// post, reply or forward marks the record sent and a draft a draft, where
// the collection has such a marker, and each drops the arguments that are
// not the caller's to give.
func (tb *toolBuilder) markedCreate(name, verb string, ent entity) atom.Tool {
	app := tb.app
	set := map[string]any{}
	mk := ent.marker
	if mk == "" && (verb == "send" || verb == "post" || verb == "reply" || verb == "forward") {
		mk = markerSent
	}
	if verb == "draft" {
		mk = markerDraft
	}
	if m, ok := markers[app.Name+"."+ent.coll.Name][mk]; ok {
		set[m.field] = []any{m.value}
	}
	t := createTool(app, name, ent.coll, set, "")
	if mk == markerSent || mk == markerDraft {
		// A new message's thread is the server's to assign; answering
		// one is the reply action's.
		dropFieldArgs(&t, func(f string) bool { return f == "thread_id" || f == "in_reply_to" })
	}
	if mk == markerSent {
		// Who sends is the caller: a send takes no sender.
		dropFieldArgs(&t, func(f string) bool { return actorFields[f] || sendOutcome[f] })
	}
	return tb.withParticipant(t, ent.coll)
}

// oneIDList is c's one list of ids (a field <x>_ids of plain values), or
// nil when it has none or several.
func oneIDList(c *Coll) *Field {
	var found *Field
	for _, f := range c.Fields {
		if f.Type == "array" && f.Items != "object" && strings.HasSuffix(f.Name, "_ids") {
			if found != nil {
				return nil
			}
			found = f
		}
	}
	return found
}

// onePlainList is c's one list of plain values under any name, or nil
// when it has none or several.
func onePlainList(c *Coll) *Field {
	var found *Field
	for _, f := range c.Fields {
		if f.Type == "array" && f.Items != "" && f.Items != "object" && f.Items != "array" {
			if found != nil {
				return nil
			}
			found = f
		}
	}
	return found
}

// dropFieldArgs removes the arguments of t that write a field drop names.
func dropFieldArgs(t *atom.Tool, drop func(field string) bool) {
	props, _ := t.Input["properties"].(map[string]any)
	for a := range props {
		f := a
		if m, ok := t.Effect.Fields[a]; ok {
			f = m
		}
		if !drop(f) {
			continue
		}
		delete(props, a)
		delete(t.Effect.Fields, a)
		if req, ok := t.Input["required"].([]any); ok {
			t.Input["required"] = slices.DeleteFunc(req, func(x any) bool { return x == a })
		}
	}
	if len(t.Effect.Fields) == 0 {
		t.Effect.Fields = nil
	}
}

func (r *childRel) childRel() *childRel { return r }

// linkColl finds the collection linking a to b (campaign_members links
// contacts to campaigns).
func linkColl(app *App, a, b *Coll) *Coll {
	sa, sb := singular(a.Name), singular(b.Name)
	for _, n := range []string{sb + "_members", sb + "_" + a.Name, sa + "_" + b.Name} {
		if c := app.Collection(n); c != nil {
			return c
		}
	}
	return nil
}

func (tb *toolBuilder) updateTool(name string, p toolParts, c *Coll) (atom.Tool, error) {
	app := tb.app
	// mark [as] <adjective>: set the boolean or status the word names.
	if p.verb == "mark" || p.verb == "flag" || p.verb == "star" {
		adj := strings.Join(removeWords(p.object, entityWordsOf(app, c)), "_")
		if p.verb == "star" {
			adj = "starred"
		}
		if adj == "" && len(p.parent) > 0 {
			adj = strings.Join(p.parent, "_")
		}
		if set := adjectiveSet(c, adj); set != nil {
			return setTool(app, name, c, set, fmt.Sprintf("Mark a %s as %s.", singular(c.Name), strings.ReplaceAll(adj, "_", " "))), nil
		}
	}
	if t, ok := eventTool(app, name, c, p.verb); ok {
		return t, nil
	}
	var mapFields []string
	for _, f := range c.Fields {
		if f.isMap() {
			mapFields = append(mapFields, f.Name)
		}
	}
	// set_<entity>_<field>: the field is the point of the call.
	var required []string
	if p.verb == "set" || p.verb == "change" {
		rest := removeWords(p.object, entityWordsOf(app, c))
		if f := resolveField(app.Name, c.Fields, strings.Join(rest, "_"), singular(c.Name)); f != nil && len(rest) > 0 {
			required = []string{f.Name}
		}
	}
	if len(required) == 1 && len(mapFields) == 0 {
		// set_campaign_status takes the record and the status, nothing else.
		return fieldTool(app, name, c, c.Field(required[0])), nil
	}
	if len(mapFields) > 0 {
		return mergeUpdateTool(app, name, c, mapFields), nil
	}
	return updateTool(app, name, c, required), nil
}

// entityWordsOf are the words that name collection c.
func entityWordsOf(app *App, c *Coll) map[string]bool {
	out := map[string]bool{}
	for _, w := range words(c.Name) {
		out[w], out[singular(w)] = true, true
	}
	for _, t := range titleNames(app, c) {
		for _, w := range words(t) {
			out[w], out[singular(w)] = true, true
		}
	}
	for w, al := range entityAliases[app.Name] {
		if al.coll == c.Name {
			for _, x := range words(w) {
				out[x] = true
			}
		}
	}
	return out
}

func removeWords(ws []string, drop map[string]bool) []string {
	var out []string
	for _, w := range ws {
		if !drop[w] && !drop[singular(w)] {
			out = append(out, w)
		}
	}
	return out
}

// adjectiveSet is what marking a record <adj> sets: a boolean is_<adj>
// (or <adj>) true, or the status that value names.
func adjectiveSet(c *Coll, adj string) map[string]any {
	if adj == "" {
		return nil
	}
	neg := false
	if s, ok := strings.CutPrefix(adj, "un"); ok && c.Field("is_"+s) != nil {
		adj, neg = s, true
	}
	for _, n := range []string{"is_" + adj, adj} {
		if f := c.Field(n); f != nil && f.Type == "boolean" {
			set := map[string]any{f.Name: !neg}
			if at := c.Field(strings.TrimPrefix(f.Name, "is_") + "_marked_at"); at != nil {
				set[at.Name] = "$now"
			}
			return set
		}
	}
	for _, f := range statusFields(c) {
		for _, e := range f.Enum {
			if s, ok := e.(string); ok && strings.EqualFold(s, adj) {
				return map[string]any{f.Name: s}
			}
		}
	}
	if c.Field("status") != nil {
		return map[string]any{"status": adj}
	}
	return nil
}

// --- inputs ---

var createdFields = set("created_at", "created", "created_date", "created_time", "date_created", "sent_at", "date", "posted_at", "submitted_at")
var updatedFields = set("updated_at", "updated", "last_modified_date", "date_updated", "last_updated_time", "updated_date", "modified_at", "edited_at")
var actorFields = set("user_id", "owner_id", "creator_id", "author_id", "created_by", "sender_id", "admin_id", "account_sid", "organization_id")

// propSchema is the JSON Schema of an argument writing field f. Arguments
// are lenient where the effect coerces ("42" for a number, "a, b" for a
// list).
func propSchema(f *Field) map[string]any {
	p := map[string]any{}
	switch f.Type {
	case "string":
		p["type"] = "string"
		if enum := stringEnum(f.Enum); len(enum) > 0 {
			p["enum"] = enum
		}
	case "number", "integer":
		p["type"] = []any{"number", "string"}
	case "boolean":
		p["type"] = "boolean"
	case "array":
		if f.Items == "object" {
			p["type"] = "array"
			p["items"] = map[string]any{"type": "object"}
		} else {
			p["type"] = []any{"array", "string"}
			p["items"] = map[string]any{}
		}
	case "object":
		p["type"] = "object"
	}
	desc := f.Description
	if f.Type == "array" && f.Items != "object" {
		desc = strings.TrimSuffix(desc, ".") + " (a list, or values separated by commas)"
	}
	if desc != "" {
		p["description"] = strings.TrimSpace(desc)
	}
	return p
}

func stringEnum(e []any) []any {
	var out []any
	for _, v := range e {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// filterSchema is the argument of a search filter on f: one value, matched
// against list fields element by element.
func filterSchema(f *Field) map[string]any {
	p := map[string]any{}
	switch f.Type {
	case "string":
		p["type"] = "string"
	case "number", "integer":
		p["type"] = []any{"number", "string"}
	case "boolean":
		p["type"] = "boolean"
	case "array":
		p["type"] = []any{"string", "number"}
	}
	if f.Description != "" {
		p["description"] = f.Description
	}
	return p
}

// writable lists the fields a create or update argument may set.
func writable(c *Coll, set map[string]any) []*Field {
	var out []*Field
	for _, f := range c.Fields {
		if f.Name == c.Key || set[f.Name] != nil || createdFields[f.Name] && f.Type != "boolean" || updatedFields[f.Name] {
			continue
		}
		if f.Type == "object" && len(f.Elem) > 0 {
			continue // a nested record (an address, a sender): not written whole
		}
		if !userField(f) || ownID(c, f) || otherVerbsReason(f) {
			continue // the server's to set, or another verb's (args.go)
		}
		out = append(out, f)
	}
	return out
}

// keyArg is the argument naming a record: <singular>_id where that is not a
// field of its own, else the key.
func keyArg(c *Coll) string {
	k := singular(c.Name) + "_id"
	if c.Field(k) == nil && validFieldName(k) {
		return k
	}
	return c.Key
}

func stamp(c *Coll, set map[string]any, names map[string]bool) {
	for _, f := range c.Fields {
		if names[f.Name] && (f.Type == "string" || f.Type == "") && set[f.Name] == nil {
			set[f.Name] = "$now"
		}
	}
}

func collDoc(c *Coll) string {
	if c.Description == "" {
		return codesDoc(c)
	}
	return " " + strings.TrimSuffix(c.Description, ".") + "." + codesDoc(c)
}

// --- declarative tools ---

func searchTool(app *App, name string, c *Coll, by []string) atom.Tool {
	props := map[string]any{}
	var required []string
	fields := map[string]string{}
	argOf := map[string]string{}
	for _, f := range c.Fields {
		if f.isObjectList() || f.Type == "object" {
			continue
		}
		if f.Name != c.Key && !strings.HasSuffix(f.Name, "_id") && !userField(f) && !(f.Type == "boolean" && !presentational(f)) {
			continue // nobody looks a record up by its colour or counters (a flag: unread mail, yes)
		}
		a := argName(app, c, f, false)
		if props[a] != nil {
			a = f.Name
		}
		props[a] = filterSchema(f)
		argOf[f.Name] = a
		if a != f.Name {
			fields[a] = f.Name
		}
	}
	if len(by) > 0 {
		if f := resolveField(app.Name, c.Fields, strings.Join(by, "_"), singular(c.Name)); f != nil && argOf[f.Name] != "" {
			required = append(required, argOf[f.Name])
		}
	}
	props["limit"] = map[string]any{"type": "integer", "minimum": 1, "maximum": 100, "description": "Most records to return"}
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Search %s %s. Every argument given filters the results (text matches ignoring case, ids exactly).%s", app.Name, strings.ReplaceAll(c.Name, "_", " "), collDoc(c)),
		Input:       atom.ObjectSchema(props, required),
		Effect:      atom.Effect{Kind: "search", Collection: c.Name, Fields: nilIfEmpty(fields)},
	}
}

func nilIfEmpty(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	return m
}

// userArgs declares an argument for each writable field of c, named as an
// action names it, and returns the argument -> field map of those renamed
// and the argument of each field.
func userArgs(app *App, c *Coll, fs []*Field, props map[string]any) (renamed, argOf map[string]string) {
	renamed, argOf = map[string]string{}, map[string]string{}
	for _, f := range fs {
		a, ps := argFor(app, c, f)
		if props[a] != nil {
			a, ps = f.Name, propSchema(f)
		}
		props[a] = ps
		argOf[f.Name] = a
		if a != f.Name {
			renamed[a] = f.Name
		}
	}
	return renamed, argOf
}

// clearable lets an update pass null for a field the schema lets be null,
// as the benchmark's models take None: a ticket left with no assignee.
// A field with enumerated values or a list is cleared otherwise.
func clearable(fs []*Field, argOf map[string]string, props map[string]any) {
	for _, f := range fs {
		p, ok := props[argOf[f.Name]].(map[string]any)
		if !ok || !f.Nullable || f.Type == "array" || p["enum"] != nil {
			continue
		}
		switch t := p["type"].(type) {
		case string:
			p["type"] = []any{t, "null"}
		case []any:
			p["type"] = append(slices.Clone(t), "null")
		}
	}
}

func getTool(app *App, name string, c *Coll) atom.Tool {
	k := keyArg(c)
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Get one %s %s by its id.%s", app.Name, singular(strings.ReplaceAll(c.Name, "_", " ")), collDoc(c)),
		Input:       atom.ObjectSchema(map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "The record's id"}}, []string{k}),
		Effect:      atom.Effect{Kind: "get", Collection: c.Name, Key: effKey(c, k)},
	}
}

// ownerRefs returns the fields of c that name a record of another collection
// of the app (a recording's meeting_id): the records c's records belong to.
// Only a record with no name of its own (a recording, a registrant listed
// by meeting) is reached through its owner; an invoice or a contact, with a
// number or a name, is got by its own id.
func ownerRefs(app *App, c *Coll) []*Field {
	for _, f := range c.Fields {
		switch f.Name {
		case "name", "title", "display_name", "subject", "email", "first_name", "number":
			return nil
		}
		if strings.HasSuffix(f.Name, "_number") && !isPhone(f) {
			return nil // an invoice's doc_number names it
		}
	}
	var out []*Field
	for _, f := range c.Fields {
		if f.Name == c.Key || !strings.HasSuffix(f.Name, "_id") {
			continue
		}
		if t, _, ok := entityOf(app, strings.TrimSuffix(f.Name, "_id")); ok && t != c && !t.Actions {
			out = append(out, f)
		}
	}
	return out
}

// ownedGetTool gets the records of c by their own id or by the record they
// belong to. A product's API fetches what belongs to a record through that
// record (Zoom's recordings of a meeting: GET /meetings/{meetingId}/recordings),
// so an agent that has found the meeting can get its recording without an id
// that no listing shows. A name that says "by id" keeps the plain get.
func ownedGetTool(app *App, name string, c *Coll, refs []*Field) atom.Tool {
	k := keyArg(c)
	props := map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "The record's id"}}
	var owners []string
	for _, f := range refs {
		props[f.Name] = filterSchema(f)
		owners = append(owners, f.Name)
	}
	props["limit"] = map[string]any{"type": "integer", "minimum": 1, "maximum": 100, "description": "Most records to return"}
	var fields map[string]string
	if k != c.Key {
		fields = map[string]string{k: c.Key}
	}
	return atom.Tool{
		Name: name,
		Description: fmt.Sprintf("Get %s %s by id, or those of the record given by %s.%s", app.Name,
			strings.ReplaceAll(c.Name, "_", " "), strings.Join(owners, " or "), collDoc(c)),
		Input:  atom.ObjectSchema(props, nil),
		Effect: atom.Effect{Kind: "search", Collection: c.Name, Fields: fields},
	}
}

// effKey is the effect's key argument when it is not the key field.
func effKey(c *Coll, k string) string {
	if k == c.Key {
		return ""
	}
	return k
}

func createTool(app *App, name string, c *Coll, set map[string]any, doc string) atom.Tool {
	if set == nil {
		set = map[string]any{}
	}
	stamp(c, set, createdFields)
	byCaller(app, c, set)
	props := map[string]any{}
	var required []string
	req := map[string]bool{}
	for _, r := range c.Required {
		req[r] = true
	}
	fs := writable(c, set)
	renamed, argOf := userArgs(app, c, fs, props)
	for _, f := range fs {
		// The record's own number (a row's row_id) is the tool's to give.
		if req[f.Name] && !f.HasDefault && !actorFields[f.Name] && f.Name != singular(c.Name)+"_id" {
			required = append(required, argOf[f.Name])
		}
	}
	if doc == "" {
		doc = fmt.Sprintf("Create a %s in %s.", singular(strings.ReplaceAll(c.Name, "_", " ")), app.Name)
	}
	eff := atom.Effect{Kind: "create", Collection: c.Name, Fields: nilIfEmpty(renamed)}
	if len(set) > 0 {
		eff.Set = set
	}
	return atom.Tool{Name: name, Description: doc + collDoc(c), Input: atom.ObjectSchema(props, required), Effect: eff}
}

// callerNames are the fields of a new record naming who made it: the
// caller, whom no argument names.
var callerNames = set("author_id", "sender_id", "creator_id", "created_by")

// byCaller sets each field of a new record of c that names who made it (a
// tweet's author_id, a message's sender_profile_id) to the app's
// signed-in user, where the app's state keeps one (callerSetting).
func byCaller(app *App, c *Coll, set map[string]any) {
	who := callerSetting(app)
	if who == "" {
		return
	}
	agent := agentNoun(singular(c.Name))
	for _, f := range c.Fields {
		if f.KeptRef || f.Type != "string" || set[f.Name] != nil {
			continue
		}
		caller := callerNames[f.Name] || strings.HasPrefix(f.Name, "sender_") && strings.HasSuffix(f.Name, "_id")
		if caller {
			set[f.Name] = atom.SettingConstant(who)
			continue
		}
		// A record named for an act (a follow) names its doer by the act's
		// agent noun (follower_id, follower_username): the caller does
		// the act, so the doer is the signed-in user, by the setting that
		// holds the same attribute of that user.
		if rest, ok := strings.CutPrefix(f.Name, agent+"_"); ok && agent != "" {
			if s := callerAttr(app, rest); s != "" {
				set[f.Name] = atom.SettingConstant(s)
			}
		}
	}
}

// agentNoun is who does the act a word names (follow: follower, like:
// liker), or "" for a word that is no plain verb stem.
func agentNoun(w string) string {
	if w == "" || strings.Contains(w, "_") || strings.HasSuffix(w, "er") || strings.HasSuffix(w, "ion") {
		return ""
	}
	if strings.HasSuffix(w, "e") {
		return w + "r"
	}
	return w + "er"
}

// callerAttr is the app's one setting holding attribute rest of the
// signed-in user (id: authenticated_user_id; username:
// authenticated_username), or "".
func callerAttr(app *App, rest string) string {
	if rest == "id" {
		return callerSetting(app)
	}
	found := ""
	for _, f := range app.Settings {
		if f.Type != "string" || !strings.HasSuffix(f.Name, "_user_"+rest) && !(strings.Contains(rest, "user") && strings.HasSuffix(f.Name, "_"+rest)) {
			continue
		}
		if found != "" {
			return ""
		}
		found = f.Name
	}
	return found
}

// callerSetting is the app's one setting naming the signed-in user (a
// string <x>_user_id: authenticated_user_id, current_user_id), or "".
func callerSetting(app *App) string {
	found := ""
	for _, f := range app.Settings {
		if f.Type == "string" && strings.HasSuffix(f.Name, "_user_id") {
			if found != "" {
				return ""
			}
			found = f.Name
		}
	}
	return found
}

func updateTool(app *App, name string, c *Coll, required []string) atom.Tool {
	k := keyArg(c)
	set := map[string]any{}
	stamp(c, set, updatedFields)
	props := map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "Id of the record to update"}}
	fs := writable(c, set)
	renamed, argOf := userArgs(app, c, fs, props)
	clearable(fs, argOf, props)
	for i, r := range required {
		if a := argOf[r]; a != "" {
			required[i] = a
		}
	}
	eff := atom.Effect{Kind: "update", Collection: c.Name, Key: effKey(c, k), Fields: nilIfEmpty(renamed)}
	if len(set) > 0 {
		eff.Set = set
	}
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Update a %s in %s: the fields given are set, the others kept.%s", singular(strings.ReplaceAll(c.Name, "_", " ")), app.Name, collDoc(c)),
		Input:       atom.ObjectSchema(props, append([]string{k}, required...)),
		Effect:      eff,
	}
}

// fieldTool sets one field of a record.
func fieldTool(app *App, name string, c *Coll, f *Field) atom.Tool {
	k := keyArg(c)
	set := map[string]any{}
	stamp(c, set, updatedFields)
	a, ps := argFor(app, c, f)
	if a == k {
		a, ps = f.Name, propSchema(f)
	}
	eff := atom.Effect{Kind: "update", Collection: c.Name, Key: effKey(c, k)}
	if a != f.Name {
		eff.Fields = map[string]string{a: f.Name}
	}
	if len(set) > 0 {
		eff.Set = set
	}
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Set the %s of a %s in %s.%s", strings.ReplaceAll(f.Name, "_", " "), singular(strings.ReplaceAll(c.Name, "_", " ")), app.Name, collDoc(c)),
		Input: atom.ObjectSchema(map[string]any{
			k: map[string]any{"type": []any{"string", "number"}, "description": "Id of the record"},
			a: ps,
		}, []string{k, a}),
		Effect: eff,
	}
}

func setTool(app *App, name string, c *Coll, set map[string]any, doc string) atom.Tool {
	k := keyArg(c)
	stamp(c, set, updatedFields)
	return atom.Tool{
		Name:        name,
		Description: doc,
		Input:       atom.ObjectSchema(map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "Id of the record"}}, []string{k}),
		Effect:      atom.Effect{Kind: "update", Collection: c.Name, Key: effKey(c, k), Set: set},
	}
}

// eventTool is a verb whose outcome the record keeps (cancel, void, archive,
// convert, close, ...): the flag its participle names (an invoice's voided,
// a channel's is_archived, a lead's is_converted) set true, else the status
// or state the verb gives, in the app's own spelling where it lists them
// (canceled, not cancelled).
func eventTool(app *App, name string, c *Coll, verb string) (atom.Tool, bool) {
	st, isStatus := statusVerbs[verb]
	if !isStatus && !eventVerbs[verb] {
		return atom.Tool{}, false
	}
	set := map[string]any{}
	var what []string
	for _, part := range participles(verb) {
		for _, n := range []string{part, "is_" + part} {
			if f := c.Field(n); f != nil && f.Type == "boolean" && len(set) == 0 {
				set[f.Name] = true
				what = append(what, f.Name+" true")
			}
		}
	}
	for _, n := range []string{"status", "state"} {
		f := c.Field(n)
		if f == nil || !isStatus {
			continue
		}
		stem := strings.TrimSuffix(verb, "e")
		for _, e := range stringEnum(f.Enum) {
			if v := e.(string); strings.HasPrefix(strings.ToLower(v), stem) {
				st = v
				break
			}
		}
		set[f.Name] = st
		what = append(what, fmt.Sprintf("its %s to %s", f.Name, st))
		break
	}
	if len(set) == 0 {
		return atom.Tool{}, false
	}
	return statusTool(app, name, c, verb, set, strings.Join(what, " and ")), true
}

// eventVerbs change a record in a way only a flag keeps (convert a lead).
var eventVerbs = set("convert", "verify", "publish", "unpublish")

// participles of a verb as field names spell them.
func participles(verb string) []string {
	if strings.HasSuffix(verb, "e") {
		return []string{verb + "d"}
	}
	out := []string{verb + "ed"}
	if strings.HasSuffix(verb, "l") {
		out = append(out, verb+"led") // cancelled
	}
	return out
}

// statusTool sets a record's status as the verb says (cancel: cancelled)
// and takes what the action asks with it: the reason for this verb
// (cancel_reason, voided_reason), as Zapier's cancel takes a reason.
func statusTool(app *App, name string, c *Coll, verb string, set map[string]any, what string) atom.Tool {
	t := setTool(app, name, c, set, fmt.Sprintf("%s a %s (sets %s).", title(verb), singular(c.Name), what))
	props := t.Input["properties"].(map[string]any)
	for _, f := range c.Fields {
		fw := words(f.Name)
		if len(fw) < 2 || fw[len(fw)-1] != "reason" || !userField(f) && !strings.HasSuffix(f.Name, "_reason") {
			continue
		}
		if stem := fw[0]; len(stem) >= 4 && len(verb) >= 4 && stem[:4] == verb[:4] {
			props[f.Name] = propSchema(f)
			t.Description = strings.TrimSuffix(t.Description, ".") + fmt.Sprintf("; %s says why).", f.Name)
			t.Description = strings.Replace(t.Description, "); ", "; ", 1)
		}
	}
	return t
}

func deleteTool(app *App, name string, c *Coll) atom.Tool {
	k := keyArg(c)
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Delete a %s from %s.", singular(strings.ReplaceAll(c.Name, "_", " ")), app.Name),
		Input:       atom.ObjectSchema(map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "Id of the record to delete"}}, []string{k}),
		Effect:      atom.Effect{Kind: "delete", Collection: c.Name, Key: effKey(c, k)},
	}
}

func appendTool(app *App, name string, c *Coll, f *Field, word string) atom.Tool {
	k := keyArg(c)
	arg := singular(word)
	if arg == k || !validFieldName(arg) {
		arg = "value"
	}
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Add a %s to a %s's %s.", strings.ReplaceAll(arg, "_", " "), singular(c.Name), f.Name),
		Input: atom.ObjectSchema(map[string]any{
			k:   map[string]any{"type": []any{"string", "number"}, "description": "Id of the " + singular(c.Name)},
			arg: map[string]any{"type": "string", "description": "The " + strings.ReplaceAll(arg, "_", " ") + " to add"},
		}, []string{k, arg}),
		Effect: atom.Effect{Kind: "append", Collection: c.Name, Key: effKey(c, k), Field: f.Name, Value: arg},
	}
}

// messageFields name where a message goes or what it says: a collection
// with one (and no sent flag) is sent by creating a record.
var messageFields = set("to", "to_number", "recipient_id", "channel_id", "body", "body_plain", "text", "content", "message")

// doneStates are the states of a record whose act is already done: a
// record that starts in one was never there unsent.
var doneStates = set("sent", "success", "successful", "succeeded", "completed", "delivered", "uploaded")

// startsDone reports whether a status starts in a done state (an offline
// conversion's "success"): the record is an event the send itself makes,
// as Google Ads' upload of click conversions creates them
// (https://developers.google.com/google-ads/api/docs/conversions/upload-clicks),
// not a draft a send moves on.
func startsDone(f *Field) bool {
	s, ok := f.Default.(string)
	return f.HasDefault && ok && doneStates[strings.ToLower(s)]
}

// sendRecordTool: sending a record that is no message (an invoice, an
// envelope) changes the record: its sent flag (sent, sent_to_contact) or,
// for a record with nowhere a message goes, its status; a record whose
// status starts done (an event: a conversion "success") is created.
func sendRecordTool(app *App, name string, c *Coll) (atom.Tool, bool) {
	set := map[string]any{}
	var what []string
	for _, f := range c.Fields {
		if f.Type == "boolean" && (f.Name == "sent" || f.Name == "is_sent" || strings.HasPrefix(f.Name, "sent_")) {
			set[f.Name] = true
			what = append(what, f.Name+" true")
			break
		}
	}
	if len(set) == 0 {
		for _, f := range c.Fields {
			if messageFields[f.Name] || strings.HasPrefix(f.Name, "recipient") {
				return atom.Tool{}, false
			}
		}
	}
	if f := c.Field("status"); f != nil && (f.Type == "string" || f.Type == "") {
		if len(set) == 0 && startsDone(f) {
			return atom.Tool{}, false
		}
		st := ""
		for _, e := range stringEnum(f.Enum) {
			if strings.EqualFold(e.(string), "sent") {
				st = e.(string)
			}
		}
		if st == "" && len(f.Enum) == 0 {
			st = "sent"
		}
		if st != "" {
			set[f.Name] = st
			what = append(what, "its status to "+st)
		}
	}
	if len(set) == 0 {
		return atom.Tool{}, false
	}
	return statusTool(app, name, c, "send", set, strings.Join(what, " and ")), true
}
