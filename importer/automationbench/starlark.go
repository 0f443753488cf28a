package automationbench

import (
	"fmt"
	"github.com/legoenv/legoenv/state"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// Starlark effects for what a declaration cannot say: an action log, a
// record appended inside another (a note on a ticket), a row whose cells
// merge, a reply, a search over any object type. Each is a template filled
// with constants from the schema; the shared helpers come first.

const starHelpers = `
def _str(v):
    if v == None:
        return ""
    return str(v)

def _text_has(v, want):
    w = _str(want).lower()
    stack = [v]
    for _ in range(100000):
        if not stack:
            return False
        x = stack.pop()
        if type(x) == "list":
            stack.extend(x)
        elif type(x) == "dict":
            stack.extend(x.values())
        elif w in _str(x).lower():
            return True
    return False

def _same(have, v):
    if type(v) == "string" and (type(have) == "string" or type(have) == "list" or type(have) == "dict"):
        return _text_has(have, v)
    if type(have) == "list":
        return v in have or _str(v) in [_str(x) for x in have]
    return _str(have) == _str(v)

def _matches(rec, args, skip):
    for k, v in args.items():
        if k in skip or v == None or v == "":
            continue
        if k not in rec:
            return False
        have = rec[k]
        if type(v) == "dict" and type(have) == "dict":
            for sk, sv in v.items():
                if sk not in have or not _same(have[sk], sv):
                    return False
        elif not _same(have, v):
            return False
    return True

def _find(db, coll, keyarg, keyfield, args, ids):
    kv = args.get(keyarg)
    if kv != None and kv != "":
        for r in db.search(coll):
            if _str(r.get(keyfield)) == _str(kv):
                return r
        fail("no record of %s with %s %s" % (coll, keyarg, _str(kv)))
    want = {}
    for k in ids:
        if args.get(k) != None and args.get(k) != "":
            want[k] = args[k]
    if not want:
        fail("give %s to name the record" % " or ".join([keyarg] + ids))
    for r in db.search(coll):
        ok = True
        for k, v in want.items():
            if _str(r.get(k)) != _str(v):
                ok = False
                break
        if ok:
            return r
    fail("no record of %s with %s" % (coll, ", ".join(["%s %s" % (k, _str(v)) for k, v in want.items()])))

def _stamp(rec, consts, db):
    for k, v in consts.items():
        if v == "$now":
            rec[k] = db.now()
        else:
            rec[k] = v
    return rec
`

// starLit renders a JSON-like value as a Starlark literal.
func starLit(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case string:
		return strconv.Quote(x)
	case float64:
		return state.Text(x)
	case []string:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = strconv.Quote(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = starLit(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]string:
		m := map[string]any{}
		for k, v := range x {
			m[k] = v
		}
		return starLit(m)
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + starLit(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return strconv.Quote(fmt.Sprint(v))
}

func starCode(consts [][2]string, body string) string {
	var b strings.Builder
	for _, c := range consts {
		fmt.Fprintf(&b, "%s = %s\n", c[0], c[1])
	}
	b.WriteString(starHelpers)
	b.WriteString(body)
	return b.String()
}

// idFields are the fields that, together, name a record when its key is
// not given: its references to the app's other collections and its own
// number (a row: spreadsheet, worksheet and row_id).
func idFields(app *App, c *Coll) []string {
	var out []string
	for _, f := range c.Fields {
		if f.Name == c.Key || actorFields[f.Name] || f.Type == "array" {
			continue
		}
		x, ok := strings.CutSuffix(f.Name, "_id")
		if !ok {
			continue
		}
		if ref, _, isColl := entityOf(app, x); x == singular(c.Name) || isColl && ref != c && !ref.Actions {
			out = append(out, f.Name)
		}
	}
	return out
}

func argFields(fs []*Field) map[string]any {
	m := map[string]any{}
	for _, f := range fs {
		m[f.Name] = f.Name
	}
	return m
}

// nestedAppendTool appends a record to a list-of-records field (a note to
// a ticket's notes, a thread of type note to a conversation).
func nestedAppendTool(app *App, name string, parent *Coll, rel *childRel) atom.Tool {
	k := keyArg(parent)
	var ids []string // the parent is named by its key
	props := map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "Id of the " + singular(parent.Name)}}
	consts := map[string]any{}
	childArgs := map[string]any{}
	var required []string
	for _, e := range rel.field.Elem {
		switch {
		case rel.enum != nil && e.Name == rel.enum.Name:
			consts[e.Name] = rel.enumV
		case e.Name == "id":
		case createdFields[e.Name]:
			consts[e.Name] = "$now"
		case e.Type == "object" && len(e.Elem) > 0, e.isObjectList():
		default:
			if e.Name == k {
				continue
			}
			props[e.Name] = propSchema(e)
			childArgs[e.Name] = e.Name
			if e.Name == "body" || e.Name == "text" || e.Name == "content" {
				required = append(required, e.Name)
			}
		}
	}
	for _, id := range ids {
		if props[id] == nil {
			props[id] = map[string]any{"type": []any{"string", "number"}}
		}
	}
	hasID := rel.field.elemField("id") != nil
	upd := map[string]any{}
	stamp(parent, upd, updatedFields)
	body := `
def run(args, db):
    rec = _find(db, PARENT, KEYARG, KEYFIELD, args, IDS)
    items = list(rec.get(FIELD) or [])
    child = {}
    for a, f in CHILD.items():
        if args.get(a) != None:
            child[f] = args[a]
    _stamp(child, CONSTS, db)
    if HAS_ID and "id" not in child:
        child["id"] = PREFIX + str(len(items) + 1)
    items.append(child)
    upd = _stamp({FIELD: items}, UPDATED, db)
    return db.update(PARENT, _str(rec[KEYFIELD]), upd)
`
	code := starCode([][2]string{
		{"PARENT", starLit(parent.Name)}, {"KEYARG", starLit(k)}, {"KEYFIELD", starLit(parent.Key)},
		{"IDS", starLit(ids)}, {"FIELD", starLit(rel.field.Name)}, {"CHILD", starLit(childArgs)},
		{"CONSTS", starLit(consts)}, {"UPDATED", starLit(upd)}, {"HAS_ID", starLit(hasID)},
		{"PREFIX", starLit(singular(rel.field.Name) + "_")},
	}, body)
	what := singular(strings.ReplaceAll(rel.field.Name, "_", " "))
	if rel.enum != nil {
		what = fmt.Sprintf("%s (%s %s)", strings.ReplaceAll(rel.word, "_", " "), what, rel.enumV)
	}
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Add a %s to a %s in %s.", what, singular(strings.ReplaceAll(parent.Name, "_", " ")), app.Name),
		Input:       atom.ObjectSchema(props, required),
		Effect:      atom.Effect{Kind: "starlark", Code: code},
	}
}

// mergeUpdateTool updates a record whose object fields (a row's cells)
// merge with what is given instead of being replaced; the record is named
// by its key or by its reference fields together.
func mergeUpdateTool(app *App, name string, c *Coll, maps []string) atom.Tool {
	k := keyArg(c)
	ids := idFields(app, c)
	props := map[string]any{k: map[string]any{"type": []any{"string", "number"}, "description": "Id of the record"}}
	set := map[string]any{}
	stamp(c, set, updatedFields)
	fields := map[string]any{}
	var fs []*Field
	for _, f := range writable(c, set) {
		if !slices.Contains(ids, f.Name) { // the ids name the record
			fs = append(fs, f)
		}
	}
	_, argOf := userArgs(app, c, fs, props)
	for _, f := range fs {
		fields[argOf[f.Name]] = f.Name
	}
	for _, id := range ids {
		props[id] = map[string]any{"type": []any{"string", "number"}, "description": "Names the record with the other ids"}
	}
	body := `
def run(args, db):
    rec = _find(db, COLL, KEYARG, KEYFIELD, args, IDS)
    upd = {}
    for a, v in args.items():
        if a == KEYARG or a in IDS or a not in FIELDS:
            continue
        f = FIELDS[a]
        if f in MAPS and type(v) == "dict":
            m = dict(rec.get(f) or {})
            m.update(v)
            upd[f] = m
        else:
            upd[f] = v
    if not upd:
        fail("nothing to update: give the fields to set")
    _stamp(upd, SET, db)
    return db.update(COLL, _str(rec[KEYFIELD]), upd)
`
	code := starCode([][2]string{
		{"COLL", starLit(c.Name)}, {"KEYARG", starLit(k)}, {"KEYFIELD", starLit(c.Key)},
		{"IDS", starLit(ids)}, {"FIELDS", starLit(fields)}, {"MAPS", starLit(maps)}, {"SET", starLit(set)},
	}, body)
	named := "by its id"
	if len(ids) > 0 {
		named += " or by " + strings.Join(ids, " + ")
	}
	return atom.Tool{
		Name: name,
		Description: fmt.Sprintf("Update a %s in %s, named %s. %s given as an object merge with the current ones; other fields given are set.",
			singular(strings.ReplaceAll(c.Name, "_", " ")), app.Name, named, title(strings.Join(maps, ", "))),
		Input: atom.ObjectSchema(props, nil),
		// The record it changes and the stamp it sets are declared beside
		// the code, so that the fence knows the stamp goes with the edit.
		Effect: atom.Effect{Kind: "starlark", Code: code, Collection: c.Name, Key: k, Set: set, Fields: renamed(fields)},
	}
}

// renamed keeps the arguments of a field map that write a field of
// another name.
func renamed(fields map[string]any) map[string]string {
	out := map[string]string{}
	for a, f := range fields {
		if s, ok := f.(string); ok && s != a {
			out[a] = s
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// replyCode is the Starlark of a reply or forward tool (replyTool).
const replyCode = `
def run(args, db):
    orig = _find(db, COLL, KEYARG, KEYFIELD, args, [])
    rec = {}
    if VERB == "forward":
        dest = args.get(TO)
    else:
        dest = orig.get(FROM)
    if TO_LIST and type(dest) == "string":
        dest = [x.strip() for x in dest.split(",") if x.strip()]
    rec[TO] = dest
    subj = _str(orig.get(SUBJECT))
    prefix = "Fwd: " if VERB == "forward" else "Re: "
    if SUBJECT and not subj.lower().startswith(prefix.lower()):
        subj = prefix + subj
    if SUBJECT:
        rec[SUBJECT] = subj
    for a, f in COPY.items():
        if args.get(a) != None:
            v = args[a]
            if type(v) == "string" and a != SUBJECT:
                v = [x.strip() for x in v.split(",") if x.strip()]
            rec[f] = v
    rec[BODY] = args[BODY_ARG]
    if THREAD and orig.get(THREAD) != None:
        rec[THREAD] = orig[THREAD]
    if IN_REPLY_TO:
        rec[IN_REPLY_TO] = orig[KEYFIELD]
    _stamp(rec, CONSTS, db)
    return db.create(COLL, rec)
`

// replyTool answers a message: to its sender, in its thread, "Re:" its
// subject.
func replyTool(app *App, name string, c *Coll, verb string) (atom.Tool, bool) {
	find := func(n string) string {
		if f := resolveField(app.Name, c.Fields, n, singular(c.Name)); f != nil {
			return f.Name
		}
		return ""
	}
	from, to, subject, body := find("from"), find("to"), find("subject"), find("body")
	if from == "" || to == "" || body == "" {
		return atom.Tool{}, false
	}
	k := keyArg(c)
	consts := map[string]any{}
	if m, ok := markers[app.Name+"."+c.Name][markerSent]; ok {
		consts[m.field] = []any{m.value}
	}
	stamp(c, consts, createdFields)
	bodyArg := argName(app, c, c.Field(body), false)
	props := map[string]any{
		k:       map[string]any{"type": []any{"string", "number"}, "description": "Id of the message to " + verb + " to"},
		bodyArg: map[string]any{"type": "string", "description": "The text of the " + verb},
	}
	copyArgs := map[string]any{}
	for _, n := range []string{"cc", "bcc", subject} {
		if f := c.Field(n); f != nil && n != "" {
			props[n] = propSchema(f)
			copyArgs[n] = n
		}
	}
	required := []string{k, bodyArg}
	toList := c.Field(to) != nil && c.Field(to).Type == "array"
	if verb == "forward" {
		props[to] = propSchema(c.Field(to))
		required = append(required, to)
	}
	code := starCode([][2]string{
		{"COLL", starLit(c.Name)}, {"KEYARG", starLit(k)}, {"KEYFIELD", starLit(c.Key)}, {"VERB", starLit(verb)},
		{"FROM", starLit(from)}, {"TO", starLit(to)}, {"TO_LIST", starLit(toList)}, {"SUBJECT", starLit(subject)},
		{"BODY", starLit(body)}, {"BODY_ARG", starLit(bodyArg)}, {"THREAD", starLit(find("thread_id"))}, {"IN_REPLY_TO", starLit(find("in_reply_to"))},
		{"COPY", starLit(copyArgs)}, {"CONSTS", starLit(consts)},
	}, replyCode)
	doc := fmt.Sprintf("%s a %s %s: the %s goes to its sender, in its thread, with \"Re:\" before its subject.", title(verb), app.Name, singular(c.Name), verb)
	if verb == "forward" {
		doc = fmt.Sprintf("Forward a %s %s: it goes to the addresses given, with \"Fwd:\" before its subject.", app.Name, singular(c.Name))
	}
	return atom.Tool{
		Name:        name,
		Description: doc,
		Input:       atom.ObjectSchema(props, required),
		Effect:      atom.Effect{Kind: "starlark", Code: code},
	}, true
}

// recordsSearchTool searches any object type of the app: by type and field
// values, by text, or by a simple SQL-like query (SELECT ... FROM Type
// WHERE Field = 'x' AND Other LIKE '%y%').
func recordsSearchTool(app *App, name string, query bool) atom.Tool {
	types, fieldMap, typeNames := recordTypes(app)
	code := starCode([][2]string{{"TYPES", starLit(types)}, {"FIELDS", starLit(fieldMap)}, {"KNOWN", starLit(typeNames)}}, recordsSearchProgram)
	props := map[string]any{
		"object_type": map[string]any{"type": "string", "description": "The type of record: " + joinAny(typeNames)},
		"filters":     map[string]any{"type": "object", "description": "Field -> value; every one must match (text ignoring case)"},
		"query":       map[string]any{"type": "string", "description": "Text to find in any field, or SELECT fields FROM Type WHERE Field = 'value' AND Field LIKE '%text%'"},
		"limit":       map[string]any{"type": "integer", "minimum": 1, "maximum": 200},
	}
	doc := fmt.Sprintf("Find %s records of any type by field values or text.", app.Name)
	if query {
		doc = fmt.Sprintf("Query %s records with SELECT ... FROM <Type> WHERE <Field> = 'value' [AND ...], or by object_type and field values.", app.Name)
	}
	in := atom.ObjectSchema(props, nil)
	// Any field of the type is a filter too (the fields depend on
	// object_type); the program rejects one the type lacks.
	in["additionalProperties"] = true
	return atom.Tool{Name: name, Description: doc, Input: in, Effect: atom.Effect{Kind: "starlark", Code: code}}
}

// recordTypes are the program's tables: every name of a record type
// (squashed) -> its collection, per collection its fields by squashed
// name, and the types' names as a caller gives them.
func recordTypes(app *App) (types, fieldMap map[string]any, typeNames []any) {
	types, fieldMap = map[string]any{}, map[string]any{}
	for _, c := range app.Collections {
		if c.Actions || c.Name == settingsColl {
			continue
		}
		names := []string{c.Name, singular(c.Name)}
		names = append(names, titleNames(app, c)...)
		if c.Title != "" {
			names = append(names, c.Title)
		}
		for _, n := range names {
			types[squash(n)] = c.Name
		}
		if c.Title != "" {
			typeNames = append(typeNames, c.Title)
		} else {
			typeNames = append(typeNames, c.Name)
		}
		fm := map[string]any{}
		for _, f := range c.Fields {
			fm[squash(f.Name)] = f.Name
		}
		fieldMap[c.Name] = fm
	}
	return types, fieldMap, typeNames
}

// recordsSearchProgram is recordsSearchTool's Starlark: TYPES, FIELDS and
// KNOWN come from recordTypes.
const recordsSearchProgram = `
def _squash(s):
    return "".join([ch for ch in s.lower().elems() if ch.isalnum()])

def _coll(t):
    c = TYPES.get(_squash(_str(t)))
    if c == None:
        fail("unknown object type %s (known: %s)" % (_str(t), ", ".join(KNOWN)))
    return c

def _field(coll, f):
    return FIELDS[coll].get(_squash(f), f)

def _unquote(v):
    v = v.strip()
    if len(v) >= 2 and v[0] in "'\"" and v[-1] == v[0]:
        return v[1:-1]
    if v.upper() == "NULL":
        return None
    return v

def _cut(s, word):
    i = s.upper().find(word)
    if i < 0:
        return s, ""
    return s[:i], s[i + len(word):]

def _parse(q):
    _, rest = _cut(q, " FROM ")
    if rest == "":
        fail("the query needs FROM <object type>")
    rest = rest.strip()
    typ = rest.split(" ")[0]
    coll = _coll(typ)
    _, where = _cut(rest, " WHERE ")
    for w in [" ORDER BY ", " LIMIT "]:
        where, _ = _cut(where, w)
    conds = []
    for _ in range(64):
        if where.strip() == "":
            break
        part, where = _cut(where, " AND ")
        part = part.strip().strip("()")
        op = "="
        for o in [" LIKE ", "!=", "<>", ">=", "<=", "=", ">", "<"]:
            if o in part.upper():
                op = o
                break
        i = part.upper().find(op)
        f = part[:i].strip()
        v = _unquote(part[i + len(op):])
        conds.append((_field(coll, f), op.strip().upper(), v))
    return coll, conds

def _test(have, op, v):
    if op == "LIKE":
        return _text_has(have, _str(v).replace("%", ""))
    if op in ["!=", "<>"]:
        return _str(have).lower() != _str(v).lower()
    if op in [">", "<", ">=", "<="]:
        a, b = _str(have), _str(v)
        if op == ">":
            return a > b
        if op == "<":
            return a < b
        if op == ">=":
            return a >= b
        return a <= b
    if have == None:
        return v == None
    if type(have) == "list":
        return _str(v).lower() in [_str(x).lower() for x in have]
    return _str(have).lower() == _str(v).lower()

def run(args, db):
    q = _str(args.get("query"))
    conds = []
    if q.strip().upper().startswith("SELECT"):
        coll, conds = _parse(q)
        q = ""
    else:
        t = args.get("object_type")
        if t == None:
            fail("give object_type (one of %s) or a query SELECT ... FROM <type> WHERE ..." % ", ".join(KNOWN))
        coll = _coll(t)
    filters = dict(args.get("filters") or {})
    for a, v in args.items():
        if a not in ["object_type", "query", "filters", "limit"]:
            filters[a] = v
    for a, v in filters.items():
        f = _field(coll, a)
        if _squash(a) not in FIELDS[coll]:
            # A field the type lacks is the caller's mistake: matching
            # nothing would read as "no such record".
            fail("unexpected argument %s: %s records have no such field (fields: %s)" % (a, coll, ", ".join(sorted(FIELDS[coll].values()))))
        conds.append((f, "=", v))
    limit = args.get("limit") or 20
    out = []
    total = 0
    for r in db.search(coll):
        ok = True
        for f, op, v in conds:
            if not _test(r.get(f), op, v):
                ok = False
                break
        if ok and q != "" and not _text_has(r, q):
            ok = False
        if ok:
            total += 1
            if len(out) < limit:
                out.append(r)
    return {"object_type": coll, "results": out, "total": total}
`

func joinAny(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

// actionTool is a tool of an app that logs actions: a write records an
// action (its key and the call's arguments as fields) and, where the tool's
// entity is a collection, changes the state too; a read answers from the
// log's records for that action.
//
// An action named by a noun alone (Trello's "card") is a write: Zapier
// names its searches find, search, list or get, and its creates by what
// they create; unless its recorded parameters say it searches (Jira's
// "project" with searchByParameter).
func (tb *toolBuilder) actionTool(name string, p toolParts, st *atom.Tool) (atom.Tool, error) {
	if st != nil && tb.writesLog(p, st) {
		// The log is written by recording calls: a write that would change
		// a logged action (its parameters, learnt from another action) is
		// an action of its own.
		st = nil
	}
	props := tb.actionProps(p, st)
	switch {
	case p.kind == effSearch || p.kind == effGet || p.kind == effNone && tb.searchedBy(p.key):
		return tb.actionReadTool(name, p, props), nil
	case st == nil:
		return tb.actionLogTool(name, p, props), nil
	}
	return tb.actionStateTool(name, p, st, props)
}

// writesLog reports whether the state tool st writes the records of the
// action log itself.
func (tb *toolBuilder) writesLog(p toolParts, st *atom.Tool) bool {
	t, ok := tb.recordTarget(p, st).([]any)
	return ok && len(t) > 0 && t[0] == actionsColl
}

// searchedBy reports whether a parameter the log records for the action
// names a search (searchByParameter, query, filter).
func (tb *toolBuilder) searchedBy(key string) bool {
	for k := range tb.actionParams[key] {
		for _, w := range words(snake(k)) {
			if w == "search" || w == "find" || w == "query" || w == "filter" || w == "filters" || w == "lookup" {
				return true
			}
		}
	}
	return false
}

// actionProps are the parameters the benchmark's log records for the
// action, and those of the state tool beside it.
func (tb *toolBuilder) actionProps(p toolParts, st *atom.Tool) map[string]any {
	props := map[string]any{}
	observed := tb.actionParams[p.key]
	for _, k := range slices.Sorted(maps.Keys(observed)) {
		t, items := jsonType(observed[k])
		props[k] = propSchema(&Field{Name: k, Type: t, Items: items})
	}
	if st != nil {
		if sp, ok := st.Input["properties"].(map[string]any); ok {
			for k, v := range sp {
				props[k] = v
			}
		}
	}
	return props
}

// actionReadTool answers from the log's records of the action (under its
// key, singular or plural).
func (tb *toolBuilder) actionReadTool(name string, p toolParts, props map[string]any) atom.Tool {
	keys := []string{p.key}
	for _, k := range []string{plural(p.key), singular(p.key)} {
		if k != p.key {
			keys = append(keys, k)
		}
	}
	props["limit"] = map[string]any{"type": "integer", "minimum": 1, "maximum": 100}
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("%s in %s: %s. Every argument given filters the results.", title(strings.ReplaceAll(p.key, "_", " ")), tb.app.Name, "answers from the app's records of this action"),
		Input:       atom.ObjectSchema(props, nil),
		Effect:      atom.Effect{Kind: "starlark", Code: starCode([][2]string{{"KEYS", starLit(keys)}}, actionReadProgram)},
	}
}

const actionReadProgram = `
def run(args, db):
    limit = args.get("limit") or 20
    out = []
    for r in db.search("actions"):
        if r.get("action_key") in KEYS and _matches(r, args, ["limit"]):
            out.append({k: v for k, v in r.items() if k not in ["id", "action_key", "created_at"]})
    return {"results": out[:limit], "total": len(out)}
`

// actionLogTool records the call in the log and changes nothing else: a
// declaration says it, its parameters declared as fields of the log.
func (tb *toolBuilder) actionLogTool(name string, p toolParts, props map[string]any) atom.Tool {
	log := tb.app.Collection(actionsColl)
	observed := tb.actionParams[p.key]
	var fields []string
	for k := range props {
		if log.Field(k) == nil {
			fields = append(fields, k)
		}
	}
	for _, k := range sortedStrings(fields) {
		delete(props, k) // declared below, as a field of the log
		t, items := jsonType(observed[k])
		f := &Field{Name: k, Type: t, Items: items, Observed: true, Description: "Action parameter"}
		log.addField(f)
		props[k] = propSchema(f)
	}
	in := atom.ObjectSchema(props, nil)
	// The parameters the benchmark records are the tool's; with none
	// known, any argument is accepted (the action is still recorded).
	in["additionalProperties"] = len(props) == 0
	return atom.Tool{
		Name: name,
		Description: fmt.Sprintf("%s in %s. The call is recorded in the app's action log with its arguments.",
			title(strings.ReplaceAll(p.key, "_", " ")), tb.app.Name),
		Input:  in,
		Effect: atom.Effect{Kind: "create", Collection: actionsColl, Set: map[string]any{"action_key": p.key, "created_at": "$now"}},
	}
}

// actionStateTool changes the state as st does and records the call in
// the log. The log is the action's record: a call naming a record the
// app's state lacks (a card the task keeps only in the log) is still
// recorded, and changes no record.
func (tb *toolBuilder) actionStateTool(name string, p toolParts, st *atom.Tool, props map[string]any) (atom.Tool, error) {
	code, err := tb.stateCode(st)
	if err != nil {
		return atom.Tool{}, err
	}
	target := tb.recordTarget(p, st)
	// The arguments that write the record: a call giving none of them
	// (a card moved by the action's own phase_id) changes no record and is
	// still recorded, as the log is the action's record. A write that takes
	// no argument but the key (a flag it sets) always runs.
	var writes []string
	if t, ok := target.([]any); ok {
		for a := range atom.InputProperties(st.Input) {
			if a != t[1] {
				writes = append(writes, a)
			}
		}
	}
	eff := atom.Effect{Kind: "starlark", Code: starCode([][2]string{{"ACTION", starLit(p.key)}, {"TARGET", starLit(target)}, {"WRITES", starLit(sortedStrings(writes))}}, code+actionWriteProgram)}
	// The state the call writes is declared beside the code, as the state
	// tool declares it: the collection it creates or changes records of,
	// the argument naming the record, and the constants and clock stamps
	// it sets, so that probes vary its arguments and the fence knows its
	// stamps.
	eff.Collection, eff.Key, eff.Set = st.Effect.Collection, st.Effect.Key, st.Effect.Set
	eff.Log = &atom.LogEntry{Collection: actionsColl, Set: map[string]any{"action_key": p.key}}
	return atom.Tool{Name: name, Description: st.Description + " The call is also recorded in the app's action log.",
		Input: atom.ObjectSchema(props, nil), Effect: eff}, nil
}

const actionWriteProgram = `
def _present(args, db):
    if TARGET == None:
        return True
    if WRITES and not [a for a in WRITES if args.get(a) != None and args.get(a) != ""]:
        return False
    kv = args.get(TARGET[1])
    if kv == None or kv == "":
        return True
    for r in db.search(TARGET[0]):
        if _str(r.get(TARGET[2])) == _str(kv):
            return True
    return False

def run(args, db):
    out = {"success": True}
    if _present(args, db):
        out["record"] = state_run(args, db)
    rec = dict(args)
    rec["action_key"] = ACTION
    rec["created_at"] = db.now()
    out["action_id"] = db.create("actions", rec)["id"]
    return out
`

// recordTarget is the record a logged write changes, as (collection, key
// argument, key field), or nil for one that creates.
func (tb *toolBuilder) recordTarget(p toolParts, st *atom.Tool) any {
	switch st.Effect.Kind {
	case "update", "delete", "append":
		c := tb.app.Collection(st.Effect.Collection)
		if c == nil {
			return nil
		}
		k := st.Effect.Key
		if k == "" {
			k = c.Key
		}
		return []any{c.Name, k, c.Key}
	case "starlark":
		if p.kind != effUpdate && p.kind != effDelete {
			return nil
		}
		if ent, _, ok := resolveObject(tb.app, p.object); ok {
			return []any{ent.coll.Name, keyArg(ent.coll), ent.coll.Key}
		}
	}
	return nil
}

func sortedStrings(ss []string) []string {
	sort.Strings(ss)
	return ss
}

// stateCode renders a tool's effect as a Starlark function state_run.
func (tb *toolBuilder) stateCode(t *atom.Tool) (string, error) {
	e := t.Effect
	if e.Kind == "starlark" {
		code := strings.Replace(e.Code, "\ndef run(args, db):", "\ndef state_run(args, db):", 1)
		// The helpers are defined once, by the caller.
		code = strings.Replace(code, starHelpers, "\n", 1)
		return code, nil
	}
	c := tb.app.Collection(e.Collection)
	if c == nil {
		return "", fmt.Errorf("no collection %q", e.Collection)
	}
	fields := map[string]any{}
	args := atom.InputProperties(t.Input)
	names := slices.Sorted(maps.Keys(args))
	for _, a := range names {
		if f, ok := e.Fields[a]; ok {
			fields[a] = f
		} else if c.Field(a) != nil || c.Open {
			fields[a] = a
		}
	}
	keyArg := e.Key
	if keyArg == "" {
		keyArg = c.Key
	}
	consts := [][2]string{
		{"S_COLL", starLit(c.Name)}, {"S_FIELDS", starLit(fields)}, {"S_SET", starLit(e.Set)},
		{"S_KEYARG", starLit(keyArg)}, {"S_KEYFIELD", starLit(c.Key)}, {"S_FIELD", starLit(e.Field)}, {"S_VALUE", starLit(e.Value)},
	}
	var b strings.Builder
	for _, k := range consts {
		fmt.Fprintf(&b, "%s = %s\n", k[0], k[1])
	}
	switch e.Kind {
	case "create":
		b.WriteString(`
def state_run(args, db):
    rec = {}
    for a, f in S_FIELDS.items():
        if args.get(a) != None:
            rec[f] = args[a]
    _stamp(rec, S_SET or {}, db)
    return db.create(S_COLL, rec)
`)
	case "update":
		b.WriteString(`
def state_run(args, db):
    rec = _find(db, S_COLL, S_KEYARG, S_KEYFIELD, args, [])
    upd = {}
    for a, f in S_FIELDS.items():
        if a != S_KEYARG and args.get(a) != None:
            upd[f] = args[a]
    _stamp(upd, S_SET or {}, db)
    return db.update(S_COLL, _str(rec[S_KEYFIELD]), upd)
`)
	case "delete":
		b.WriteString(`
def state_run(args, db):
    rec = _find(db, S_COLL, S_KEYARG, S_KEYFIELD, args, [])
    db.delete(S_COLL, _str(rec[S_KEYFIELD]))
    return {"deleted": rec[S_KEYFIELD]}
`)
	case "append":
		b.WriteString(`
def state_run(args, db):
    rec = _find(db, S_COLL, S_KEYARG, S_KEYFIELD, args, [])
    items = list(rec.get(S_FIELD) or [])
    items.append(args[S_VALUE])
    return db.update(S_COLL, _str(rec[S_KEYFIELD]), {S_FIELD: items})
`)
	default:
		return "", fmt.Errorf("cannot record actions around a %s effect", e.Kind)
	}
	return b.String(), nil
}

// removeFromTool: "remove <x> from <y>" takes a value off y's list of x
// (a label off an email, a tag off a contact), the inverse of "add <x> to
// <y>"; it deletes no record.
func (tb *toolBuilder) removeFromTool(name string, p toolParts) (atom.Tool, bool) {
	if len(p.parent) == 0 || len(p.object) == 0 {
		return atom.Tool{}, false
	}
	par, ok := resolveEntity(tb.app, p.parent)
	if !ok {
		return atom.Tool{}, false
	}
	word := singularWords(p.object)
	rel := (&mapper{}).child(tb.app, par.coll, word)
	if rel == nil || rel.coll != nil || rel.field == nil || rel.field.isObjectList() {
		return atom.Tool{}, false
	}
	c := par.coll
	k := keyArg(c)
	arg := singular(word)
	if arg == k || !validFieldName(arg) {
		arg = "value"
	}
	upd := map[string]any{}
	stamp(c, upd, updatedFields)
	code := starCode([][2]string{
		{"COLL", starLit(c.Name)}, {"KEYARG", starLit(k)}, {"KEYFIELD", starLit(c.Key)},
		{"FIELD", starLit(rel.field.Name)}, {"ARG", starLit(arg)}, {"UPDATED", starLit(upd)},
	}, removeFromProgram)
	return atom.Tool{
		Name:        name,
		Description: fmt.Sprintf("Remove a %s from a %s's %s.", strings.ReplaceAll(arg, "_", " "), singular(c.Name), rel.field.Name),
		Input: atom.ObjectSchema(map[string]any{
			k:   map[string]any{"type": []any{"string", "number"}, "description": "Id of the " + singular(c.Name)},
			arg: map[string]any{"type": "string", "description": "The " + strings.ReplaceAll(arg, "_", " ") + " to remove"},
		}, []string{k, arg}),
		Effect: atom.Effect{Kind: "starlark", Code: code},
	}, true
}

// removeFromProgram compares values as text ignoring case, as the
// assertions do.
const removeFromProgram = `
def run(args, db):
    rec = _find(db, COLL, KEYARG, KEYFIELD, args, [])
    v = _str(args.get(ARG)).lower()
    items = [x for x in (rec.get(FIELD) or []) if _str(x).lower() != v]
    upd = _stamp({FIELD: items}, UPDATED, db)
    return db.update(COLL, _str(rec[KEYFIELD]), upd)
`

// recordsWriteTool creates or updates a record of any object type of the
// app (salesforce_update_record): the type, for an update the record's
// id, and the fields, given under fields or as arguments; a field the type
// lacks is the caller's mistake.
func recordsWriteTool(app *App, name string, update bool) atom.Tool {
	types, fieldMap, typeNames := recordTypes(app)
	keys := map[string]any{}
	for _, c := range app.Collections {
		keys[c.Name] = c.Key
	}
	code := starCode([][2]string{{"TYPES", starLit(types)}, {"FIELDS", starLit(fieldMap)}, {"KNOWN", starLit(typeNames)},
		{"KEYS", starLit(keys)}, {"UPDATE", starLit(update)}}, recordsWriteProgram)
	props := map[string]any{
		"object_type": map[string]any{"type": "string", "description": "The type of record: " + joinAny(typeNames)},
		"fields":      map[string]any{"type": "object", "description": "Field -> value to set"},
	}
	required := []string{"object_type"}
	doc := fmt.Sprintf("Create a %s record of any type with the fields given.", app.Name)
	if update {
		props["record_id"] = map[string]any{"type": []any{"string", "number"}, "description": "Id of the record to update"}
		required = append(required, "record_id")
		doc = fmt.Sprintf("Update a %s record of any type: the fields given are set.", app.Name)
	}
	in := atom.ObjectSchema(props, required)
	// Any field of the type is an argument too (the fields depend on
	// object_type); the program rejects one the type lacks.
	in["additionalProperties"] = true
	return atom.Tool{Name: name, Description: doc, Input: in, Effect: atom.Effect{Kind: "starlark", Code: code}}
}

const recordsWriteProgram = `
def _squash(s):
    return "".join([ch for ch in s.lower().elems() if ch.isalnum()])

def run(args, db):
    t = _str(args.get("object_type"))
    coll = TYPES.get(_squash(t))
    if coll == None:
        fail("unknown object type %s (known: %s)" % (t, ", ".join(KNOWN)))
    given = dict(args.get("fields") or {})
    for a, v in args.items():
        if a not in ["object_type", "fields", "record_id", "id"]:
            given[a] = v
    rec = {}
    for a, v in given.items():
        f = FIELDS[coll].get(_squash(a))
        if f == None:
            fail("unexpected argument %s: %s records have no such field (fields: %s)" % (a, coll, ", ".join(sorted(FIELDS[coll].values()))))
        rec[f] = v
    if not UPDATE:
        return db.create(coll, rec)
    rid = args.get("record_id")
    if rid == None:
        rid = args.get("id")
    for r in db.search(coll):
        if _str(r.get(KEYS[coll])) == _str(rid):
            return db.update(coll, _str(rid), rec)
    fail("no %s record with id %s" % (coll, _str(rid)))
`
