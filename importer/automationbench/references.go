package automationbench

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/assert"
)

// refTo names the collection a reference leads to and its key: a condRef
// tests the record the field names there.
type refTo struct {
	app, coll, key string
}

// refParts splits a parameter naming a record of another collection into
// the collection's word and how the value names the record: by its key
// (contact_id), its address (contact_email) or its name (channel_name,
// channel).
func refParts(base string) (x, by string) {
	for _, suf := range []string{"id", "email", "name"} {
		if y, ok := strings.CutSuffix(base, "_"+suf); ok && y != "" {
			return y, suf
		}
	}
	return base, "name"
}

// reference maps a parameter naming a record of another collection onto
// the field of c that refers to it (channel_name -> channel_id,
// contact_email -> associated_contact_ids, user_email -> the assigned_to
// the type names). By key it is the key itself; by name or address, the
// ids of the initial records so named and the name itself (tools accept
// either, a channel's "#finance-alerts" too). An address no initial record
// holds (a contact the task creates) is looked up where the check runs:
// some record of the target collection with that address has the id the
// field holds.
func (b *builder) reference(c *Coll, base string, v any, neg bool) ([]cond, bool) {
	x, by := refParts(base)
	s, isStr := v.(string)
	if by == "id" && (v == nil || isMapValue(v)) || by != "id" && !isStr {
		return nil, false
	}
	target, refField := b.refTarget(c, x, by, s)
	if refField == nil || target == nil {
		return nil, false
	}
	if by == "id" {
		return []cond{negate(fieldCond(assert.OpEquals, v, refField.Name), neg)}, true
	}
	name := strings.TrimPrefix(s, "#")
	ids := b.idsNamed(target, name, by)
	if len(ids) == 0 && target.Key != "" {
		// A record no initial one answers (a contact or company the task
		// creates): looked up where the check runs, by its address, or by
		// its name field in a list of ids (an association); a single
		// reference by name keeps the name, which the tools accept (a
		// Slack channel).
		if nf := joinField(target, by); nf != "" && (by == "email" || refField.Type == "array") {
			join := cond{kind: condRef, path: []string{refField.Name},
				value: refTo{app: b.app.Name, coll: target.Name, key: target.Key},
				sub:   []cond{fieldCond(assert.OpIEquals, name, nf)}}
			return []cond{negate(join, neg)}, true
		}
	}
	vals := ids
	names := []any{name, "#" + name}
	if by == "email" {
		names = names[:1]
	}
	for _, n := range names {
		if name != "" && !containsValue(vals, n) {
			vals = append(vals, n)
		}
	}
	return []cond{negate(fieldCond(assert.OpIn, vals, refField.Name), neg)}, true
}

// joinField is the field a reference by address or by name reads in the
// target: email, or its one name field (name, title, display_name).
func joinField(target *Coll, by string) string {
	if by == "email" {
		if target.Field("email") != nil {
			return "email"
		}
		return ""
	}
	for _, n := range nameFields(target) {
		if target.Field(n) != nil {
			return n
		}
	}
	return ""
}

// nameFields are the fields that may name a record of target: name,
// title, display_name, or the name its own collection's word leads
// (a Salesforce account's account_name, a campaign's campaign_name).
func nameFields(target *Coll) []string {
	return []string{"name", "title", "display_name", singular(target.Name) + "_name"}
}

// refTarget finds the collection x names and the field of c referring to
// it: <x>_id, a field the target's description names, the one list of
// <x> ids, or the one role field the type's words name. A word that names
// no collection may still be a role with an id field (assignee_email):
// its records are those of the collection holding the address.
func (b *builder) refTarget(c *Coll, x, by, value string) (*Coll, *Field) {
	target, _, ok := entityOf(b.app, x)
	if !ok {
		if by == "id" {
			return nil, nil
		}
		rf := c.resolve(b.app.Name, x+"_id")
		if rf == nil || rf.Observed {
			return nil, nil
		}
		if target = b.holderOf(value); target == nil {
			target, _, _ = entityOf(b.app, strings.TrimSuffix(rf.Name, "_id"))
		}
		if target == nil && by == "email" {
			target = addressKeeper(b.app, c)
		}
		return target, rf
	}
	rf := c.resolve(b.app.Name, x+"_id")
	if rf == nil || c.Open && rf.Observed && c.Field(x+"_id") == nil {
		rf = describedRef(c, target)
	}
	if rf == nil {
		rf = idDescribing(c, x)
	}
	if rf == nil {
		rf = idList(c, x)
	}
	if rf == nil && target != c {
		rf = b.namedRole(c)
	}
	return target, rf
}

// addressKeeper is the one collection of app, other than c, whose records
// keep a person's address in an email field (Freshdesk's contacts, Zendesk's
// users), or nil: where no initial record holds an address (a contact the
// task creates), a role's id field given by address (requester_email ->
// requester_id) names a record there.
func addressKeeper(app *App, c *Coll) *Coll {
	var found *Coll
	for _, o := range app.Collections {
		if o == c || o.Key == "" || o.Field("email") == nil {
			continue
		}
		if found != nil {
			return nil
		}
		found = o
	}
	return found
}

// idList is the one list of ids of c named for x (contact ->
// associated_contact_ids), or nil.
func idList(c *Coll, x string) *Field {
	var found *Field
	for _, f := range c.Fields {
		if f.Type != "array" || f.Items == "object" || !(f.Name == x+"_ids" || strings.HasSuffix(f.Name, "_"+x+"_ids")) {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// namedRole is the one plain text field the type's words named as a
// connective that can hold another record's id (conversation_assigned_to:
// assigned_to), or nil.
func (b *builder) namedRole(c *Coll) *Field {
	var found *Field
	for _, f := range b.roles {
		if c.Field(f.Name) != f || f.Name == c.Key || f.Type != "string" && f.Type != "" || len(f.Enum) > 0 || isProse(f) {
			continue
		}
		if found != nil && found != f {
			return nil
		}
		found = f
	}
	return found
}

// roleByAddress maps <x>_email where x is a field of c holding a person
// kept in another collection (assigned_to_email: a Help Scout user) onto
// that field: the ids of the records with the address, and the address.
// A field that holds addresses itself is no role.
func (b *builder) roleByAddress(c *Coll, x string, v any, neg bool) ([]cond, bool) {
	s, ok := v.(string)
	f := c.resolve(b.app.Name, x)
	if !ok || f == nil || f.Type != "string" && f.Type != "" || strings.Contains(f.Name, "email") || f.Format == "email" {
		return nil, false
	}
	target := b.holderOf(s)
	if target == nil || target == c || b.holdsAddresses(c, f) {
		return nil, false
	}
	vals := b.idsNamed(target, s, "email")
	if len(vals) == 0 {
		return nil, false
	}
	return []cond{negate(fieldCond(assert.OpIn, append(vals, s), f.Name), neg)}, true
}

// holdsAddresses reports whether some initial record of c has an address
// in field f: then the field holds people by address, not by id.
func (b *builder) holdsAddresses(c *Coll, f *Field) bool {
	d := b.m.data[b.app.Name]
	if d == nil {
		return false
	}
	for _, r := range d.records[c.Name] {
		if isEmailValue(r[f.Name]) {
			return true
		}
		if l, ok := r[f.Name].([]any); ok && slices.ContainsFunc(l, isEmailValue) {
			return true
		}
	}
	return false
}

// memberByAddress maps a member of a list of plain values given by its
// address (has_member {email}, {member_email}): where the list holds
// addresses (its schema says so, the initial records hold them, or it is
// no list of ids and no record holds the address) the address is the element; where it holds the ids of people another
// collection keeps (a channel's member_ids: Slack users), the element is
// the id of the record with that address, or the address itself.
func (b *builder) memberByAddress(rel *childRel, base, op string, v any) ([]cond, bool) {
	s, ok := v.(string)
	f := rel.field
	if !ok || op != "" || !isEmailValue(s) || f.Items != "string" || base != "email" && base != singular(rel.word)+"_email" {
		return nil, false
	}
	if addressList(f) || b.holdsAddresses(b.coll, f) || b.holdsValues(f, base, s) {
		return b.valueConds([]string{f.Name}, f, assert.OpEquals, s, false), true
	}
	target := b.holderOf(s)
	if target == nil || target == b.coll {
		return nil, false
	}
	ids := b.idsNamed(target, s, "email")
	if len(ids) == 0 {
		return nil, false
	}
	return []cond{fieldCond(assert.OpIn, append(ids, s), f.Name)}, true
}

// memberByID maps a member of a list of ids given by the id of the record
// it names (slack_channel_has_member {user_id} over a channel's
// member_ids): where <x>_id names a collection of the app other than the
// entity's, and the child's list is the one list of the entity that holds
// x's ids (idsListOf), the element is the id.
func (b *builder) memberByID(rel *childRel, base, op string, v any) ([]cond, bool) {
	x, ok := strings.CutSuffix(base, "_id")
	if !ok || x == "" || rel.field.Items != "string" {
		return nil, false
	}
	switch v.(type) {
	case string, float64:
	default:
		return nil, false
	}
	target, _, ok := entityOf(b.app, x)
	if !ok || target == b.coll || target.Key == "" || b.m.idsListOf(b.app, b.coll, target, x) != rel.field {
		return nil, false
	}
	if op == "" {
		op = assert.OpEquals
	}
	return b.valueConds([]string{rel.field.Name}, rel.field, op, v, false), true
}

// holdsValues: a list of plain values not named for ids (members, not
// member_ids) on a record with no field of its own for the address (base),
// whose member, given by address, no record of the app holds: nothing
// there has an id for it to name, so the address is the element (a Google
// Ads customer list's members; not a subscriber's tags, whose email is the
// subscriber's own).
func (b *builder) holdsValues(f *Field, base, address string) bool {
	if resolveField(b.app.Name, b.coll.Fields, base, singular(b.coll.Name)) != nil {
		return false
	}
	return !strings.HasSuffix(strings.ToLower(f.Name), "ids") && b.holderOf(address) == nil
}

// idsNamed are the keys of target's initial records whose address (by
// email) or name (nameFields) or address equals name, ignoring
// case and a leading '#'; a numeric key also as a number.
func (b *builder) idsNamed(target *Coll, name, by string) []any {
	d := b.m.data[b.app.Name]
	if d == nil {
		return nil
	}
	fields := append(nameFields(target), "email")
	if by == "email" {
		fields = []string{"email"}
	}
	var out []any
	for _, r := range d.records[target.Name] {
		for _, nf := range fields {
			rv, ok := r[nf].(string)
			if !ok || !strings.EqualFold(strings.TrimPrefix(rv, "#"), name) {
				continue
			}
			if k, ok := keyString(r[target.Key]); ok && !containsValue(out, k) {
				out = append(out, k)
				if n, isNum := r[target.Key].(float64); isNum {
					out = append(out, n) // a numeric id is compared as a number
				}
			}
		}
	}
	return out
}

func containsValue(vs []any, v any) bool {
	k := jsonText(v)
	for _, x := range vs {
		if jsonText(x) == k {
			return true
		}
	}
	return false
}

// holderOf is the one collection of the app whose initial records hold
// value as a name or address, or nil.
func (b *builder) holderOf(value string) *Coll {
	d := b.m.data[b.app.Name]
	if d == nil {
		return nil
	}
	var found *Coll
	for _, c := range b.app.Collections {
		for _, r := range d.records[c.Name] {
			if rv, ok := r["email"].(string); ok && strings.EqualFold(rv, value) {
				if found != nil && found != c {
					return nil
				}
				found = c
			}
		}
	}
	return found
}

// relatedConds maps <x>_<field> where x names a record c refers to and
// field is one of that record's (a registrant's meeting_topic: the
// meeting its meeting_id names has that topic; a comment's case_subject;
// a message's recipient_email through recipient_profile_id). The ids of
// the initial records that match, as a reference by name does, or, when
// none does (a record the task creates), the join checked where the
// assertion runs.
func (b *builder) relatedConds(c *Coll, base, op string, explicit bool, v any, neg bool) []cond {
	ws := words(base)
	for i := len(ws) - 1; i >= 1; i-- {
		x, rest := strings.Join(ws[:i], "_"), strings.Join(ws[i:], "_")
		target, rf := b.relatedTarget(c, x)
		if target == nil || target == c {
			continue
		}
		tf := target.resolve(b.app.Name, rest)
		if tf == nil {
			tf = nearField(b.app.Name, target.Fields, rest, nil)
		}
		if tf == nil || tf.isObjectList() || tf.isMap() {
			continue
		}
		top := op
		if !explicit && isProse(tf) {
			top = b.plainProseOp(tf)
		} else if !explicit && (tf.Format == "email" || strings.Contains(tf.Name, "email")) {
			top = assert.OpIEquals
		}
		sub := b.valueConds([]string{tf.Name}, tf, top, v, false)
		if ids := b.initialIDs(target, sub); len(ids) > 0 && rf.Type != "array" {
			return []cond{negate(fieldCond(assert.OpIn, ids, rf.Name), neg)}
		}
		join := cond{kind: condRef, path: []string{rf.Name}, value: refTo{app: b.app.Name, coll: target.Name, key: target.Key}, sub: sub}
		return []cond{negate(join, neg)}
	}
	return nil
}

// relatedTarget finds the collection x names and the field of c holding
// its id: <x>_id, an id field whose description names x (a comment's
// parent_id, "ID of the case"), the one list of x ids; or, where x is a
// role rather than a collection (recipient), the one <x>_<y>_id field
// whose y names a collection (recipient_profile_id: a profile).
func (b *builder) relatedTarget(c *Coll, x string) (*Coll, *Field) {
	if target, _, ok := entityOf(b.app, x); ok && target.Key != "" {
		if rf := c.Field(x + "_id"); rf != nil && rf.Name != c.Key {
			return target, rf
		}
		if rf := idDescribing(c, x); rf != nil {
			return target, rf
		}
		if rf := idList(c, x); rf != nil {
			return target, rf
		}
		return nil, nil
	}
	var found *Field
	var target *Coll
	for _, f := range c.Fields {
		mid, ok := strings.CutPrefix(f.Name, x+"_")
		if !ok || !strings.HasSuffix(mid, "_id") || f.Type != "string" && f.Type != "" {
			continue
		}
		t, _, ok := entityOf(b.app, strings.TrimSuffix(mid, "_id"))
		if !ok || t.Key == "" {
			continue
		}
		if found != nil {
			return nil, nil
		}
		found, target = f, t
	}
	return target, found
}

// idDescribing is the one id field of c whose description names x.
func idDescribing(c *Coll, x string) *Field {
	var found *Field
	for _, f := range c.Fields {
		if !strings.HasSuffix(f.Name, "_id") || f.Name == c.Key || !slices.Contains(descWords(f.Description), x) {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// descWords are a description's words, lower-cased, without punctuation
// ("the linked Account, Opportunity, or other object": account, ...).
func descWords(d string) []string {
	return strings.FieldsFunc(strings.ToLower(d), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// initialIDs are the keys of target's initial records every cond holds
// for; a numeric key also as a number.
func (b *builder) initialIDs(target *Coll, conds []cond) []any {
	rs, err := b.m.initialMatches(&query{app: b.app.Name, coll: target.Name, conds: conds})
	if err != nil {
		return nil
	}
	var out []any
	for _, r := range rs {
		if k, ok := keyString(r[target.Key]); ok && !containsValue(out, k) {
			out = append(out, k)
			if n, isNum := r[target.Key].(float64); isNum {
				out = append(out, n)
			}
		}
	}
	return out
}

// orderFields name a record's place in a sequence (a signer's
// routing_order).
var orderFields = []string{"routing_order", "order", "position", "sequence"}

// listOrder reads an order the type names over the records of a list
// (docusign_envelope_signing_order {signer_emails: [a, b]}): a parameter
// holding a list of values of the list's records, and an order field
// beside them; the i-th value's record is at place i (1-based, as a
// routing order counts), in the type the schema gives the field. ok is
// false when no parameter and list fit.
func (b *builder) listOrder() (bool, error) {
	for _, p := range slices.Sorted(maps.Keys(b.params)) {
		vals, isList := b.params[p].([]any)
		if !isList || len(vals) < 2 {
			continue
		}
		lf, ef := nestedField(b.app.Name, b.coll, singular(p), true)
		if lf == nil {
			continue
		}
		var of *Field
		for _, n := range orderFields {
			if of = lf.elemField(n); of != nil {
				break
			}
		}
		if of == nil {
			continue
		}
		b.used[p] = true
		for i, v := range vals {
			place := any(float64(i + 1))
			if of.Type == "string" {
				place = fmt.Sprint(i + 1)
			}
			sub := append(b.valueConds([]string{ef.Name}, ef, assert.OpIEquals, v, false),
				fieldCond(assert.OpEquals, place, of.Name))
			b.conds = append(b.conds, cond{kind: condElem, path: []string{lf.Name}, sub: sub})
		}
		return true, nil
	}
	return false, nil
}

// memberOf reads "<x> in <y>" where the records of y keep the membership
// (slack_user_in_channel {user_email, channel_name}: a channel's member_ids
// hold user ids, and a user refers to no channel) as y's "has <member>"
// (slack_channel_has_member {member_email, channel_name}); "not" stays
// where it is. A record of x that refers to y (a message in a channel)
// is read as written. ok is false when the type is not of this shape.
func (m *mapper) memberOf(app *App, rest string, params map[string]any) (string, map[string]any, bool) {
	ws := words(rest)
	in := slices.Index(ws, "in")
	if in < 1 || in == len(ws)-1 {
		return "", nil, false
	}
	neg := ws[in-1] == "not"
	xw := ws[:in]
	if neg {
		xw = ws[:in-1]
	}
	x, y := strings.Join(xw, "_"), strings.Join(ws[in+1:], "_")
	xc, _, okx := entityOf(app, x)
	yc, _, oky := entityOf(app, y)
	if !okx || !oky || xc == yc || xc.Key == "" || yc.Key == "" || refersTo(app, xc, y) {
		return "", nil, false
	}
	list := m.idsListOf(app, yc, xc, x)
	if list == nil {
		return "", nil, false
	}
	member := singular(strings.TrimSuffix(list.Name, "_ids"))
	out := map[string]any{}
	for k, v := range params {
		if base, ok := strings.CutPrefix(k, x+"_"); ok && base == "email" {
			k = member + "_email"
		}
		out[k] = v
	}
	typ := []string{y}
	if neg {
		typ = append(typ, "not")
	}
	return strings.Join(append(typ, "has", member), "_"), out, true
}

// refersTo reports whether c has a field referring to the collection y
// names (<y>_id, a list of y ids).
func refersTo(app *App, c *Coll, y string) bool {
	return c.resolve(app.Name, y+"_id") != nil || idList(c, y) != nil
}

// idsListOf is the one list of plain ids of y that holds x's keys: the one
// named for x (user_ids, associated_user_ids), else the one whose initial elements are keys of
// x, else y's only list of ids (a channel's member_ids), or nil.
func (m *mapper) idsListOf(app *App, y, x *Coll, xw string) *Field {
	if f := idList(y, singular(xw)); f != nil && f.Items == "string" {
		return f // named for x under a role (a deal's associated_contact_ids)
	}
	var lists []*Field
	for _, f := range y.Fields {
		if f.Type == "array" && f.Items == "string" && strings.HasSuffix(f.Name, "_ids") {
			if f.Name == singular(xw)+"_ids" {
				return f
			}
			lists = append(lists, f)
		}
	}
	keys := map[string]bool{}
	if d := m.data[app.Name]; d != nil {
		for _, r := range d.records[x.Name] {
			if k, ok := keyString(r[x.Key]); ok {
				keys[k] = true
			}
		}
		var held []*Field
		for _, f := range lists {
			for _, r := range d.records[y.Name] {
				if l, ok := r[f.Name].([]any); ok && slices.ContainsFunc(l, func(v any) bool { k, ok := keyString(v); return ok && keys[k] }) {
					held = append(held, f)
					break
				}
			}
		}
		if len(held) == 1 {
			return held[0]
		}
		if len(held) > 1 {
			return nil
		}
	}
	if len(lists) == 1 {
		return lists[0]
	}
	return nil
}

// referrerConds maps <x>_<field> where x names a collection whose records
// refer to c, and field is one of theirs (a scheduled event's
// invitee_email: some invitee with that address has the event's id in its
// event_id). The keys of c that the matching initial records name; a
// record no initial one names (created by the task) is not found this
// way, and the parameter stays unmapped.
func (b *builder) referrerConds(c *Coll, base, op string, explicit bool, v any, neg bool) []cond {
	if c.Key == "" {
		return nil
	}
	ws := words(base)
	for i := len(ws) - 1; i >= 1; i-- {
		x, rest := strings.Join(ws[:i], "_"), strings.Join(ws[i:], "_")
		src, _, ok := entityOf(b.app, x)
		if !ok || src == c {
			continue
		}
		rf := referrerField(src, c)
		tf := src.resolve(b.app.Name, rest)
		if rf == nil || tf == nil || tf.isObjectList() || tf.isMap() {
			continue
		}
		top := op
		if !explicit && (tf.Format == "email" || strings.Contains(tf.Name, "email")) {
			top = assert.OpIEquals
		}
		sub := b.valueConds([]string{tf.Name}, tf, top, v, false)
		rs, err := b.m.initialMatches(&query{app: b.app.Name, coll: src.Name, conds: sub})
		if err != nil {
			continue
		}
		var ids []any
		for _, r := range rs {
			if k, ok := keyString(r[rf.Name]); ok && !containsValue(ids, k) {
				ids = append(ids, k)
			}
		}
		if len(ids) == 0 {
			continue
		}
		in := fieldCond(assert.OpIn, ids, c.Key)
		// One record is named by its key as it is kept, so that the
		// planner finds it as it finds a record named by key.
		if ms, err := b.m.initialMatches(&query{app: b.app.Name, coll: c.Name, conds: []cond{in}}); err == nil && len(ms) == 1 {
			in = fieldCond(assert.OpEquals, ms[0][c.Key], c.Key)
		}
		return []cond{negate(in, neg)}
	}
	return nil
}

// referrerField is the one plain id field of src that names a record of
// c: <c>_id, or <w>_id for the last word w of c's singular name (an
// invitee's event_id names a scheduled event).
func referrerField(src, c *Coll) *Field {
	one := singular(c.Name)
	ws := words(one)
	for _, n := range []string{one + "_id", ws[len(ws)-1] + "_id"} {
		if f := src.Field(n); f != nil && f.Name != src.Key && f.Type != "array" {
			return f
		}
	}
	return nil
}
