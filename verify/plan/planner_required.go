package plan

import (
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// companionValue is, for a field <x>_<attr> beside a reference <x>_id
// the call already gives (following_username beside following_id), that
// attribute of the record the reference names, as the world holds it,
// and for a reference the record the call's <x>_<attr> names
// (keyOfCompanion); nil where the call gives no such companion or no
// record answers it.
func (p *Planner) companionValue(ci *facts.Coll, wf map[string]string, args map[string]any, field string) any {
	if field == "" {
		return nil
	}
	w, err := p.env.World(p.env.Recipe.Seed)
	if err != nil {
		return nil
	}
	if x, ok := strings.CutSuffix(field, "_id"); ok {
		return keyOfCompanion(w, ci.App, wf, args, x)
	}
	for _, a := range slices.Sorted(maps.Keys(args)) {
		rf := a
		if f, ok := wf[a]; ok {
			rf = f
		}
		x, ok := strings.CutSuffix(rf, "_id")
		attr, ok2 := strings.CutPrefix(field, x+"_")
		if !ok || !ok2 || x == "" || attr == "" {
			continue
		}
		k := state.Text(args[a])
		for _, n := range w.Names() {
			if app, _ := facts.SplitName(n); app != ci.App {
				continue
			}
			if rec, found := w.Collection(n).Lookup(k); found && atom.IsSet(rec[attr]) {
				return rec[attr]
			}
		}
	}
	return nil
}

// keyOfCompanion is, for a reference <x>_id beside a field <x>_<attr>
// the call gives (following_id beside following_username), the key of
// the one record of the app whose attr holds that value; nil where none
// or several do.
func keyOfCompanion(w *state.World, app string, wf map[string]string, args map[string]any, x string) any {
	for _, a := range slices.Sorted(maps.Keys(args)) {
		rf := a
		if f, ok := wf[a]; ok {
			rf = f
		}
		attr, ok := strings.CutPrefix(rf, x+"_")
		v, isText := args[a].(string)
		if !ok || !isText || v == "" || attr == "" || attr == "id" {
			continue
		}
		var found any
		for _, n := range w.Names() {
			if an, _ := facts.SplitName(n); an != app {
				continue
			}
			c := w.Collection(n)
			for _, rec := range c.Records {
				if s, ok := rec[attr].(string); ok && strings.EqualFold(s, v) {
					if found != nil {
						return nil
					}
					found = rec[c.Key]
				}
			}
		}
		if found != nil {
			return found
		}
	}
	return nil
}

// statedID is the id the opening messages give a reference <x>_id by
// its word ("Google Ads (account 412-555-0199)", "account id
// 17841400555", "account acct-salt"): the one token with a digit, or of
// words joined by a hyphen or an underscore, that follows the words of
// x, or "" where they give none or two.
func (p *Planner) statedID(field string) string {
	x, ok := strings.CutSuffix(field, "_id")
	if !ok || x == "" {
		return ""
	}
	re, err := regexp.Compile(`(?i)\b` + strings.Join(strings.Split(regexp.QuoteMeta(x), "_"), `\s+`) + `(?:\s+(?:id|number|no\.?))?\s*[:#]?\s*([a-z0-9][a-z0-9_-]*[0-9][a-z0-9_-]*|[a-z0-9]+(?:[_-][a-z0-9]+)+)\b`)
	if err != nil {
		return ""
	}
	found := ""
	for _, m := range re.FindAllStringSubmatch(p.openingText(), -1) {
		if found != "" && !strings.EqualFold(found, m[1]) {
			return ""
		}
		found = m[1]
	}
	return found
}

// fromTask is the value the task gives a required argument no goal
// constrains, where it gives one: a new record's key or code in the
// collection's form (newKey), the attribute of a record a reference of
// the call names (companionValue, refAttr), the id the messages state by
// the argument's word (statedID), else what the world holds for it
// (worldValue); nil where it gives none, and the default stands. Past a
// new key, it answers only a reference and an argument whose default
// would be the placeholder (satisfy.NoRoleText): a subject or a date
// keeps the default of its role.
func (p *Planner) fromTask(t *episode.Tool, ci *facts.Coll, wf map[string]string, args map[string]any, field string, fd atom.Field, arg string) any {
	if field == "" || ci.Def == nil {
		return nil
	}
	w, err := p.env.World(p.env.Recipe.Seed)
	if err != nil {
		return nil
	}
	if t.Effect.Kind == "create" && (field == ci.Def.KeyField() || namedForm(fd.Role) || codeForm(fd.Role)) {
		// A new record's key is never one the world holds already.
		return newKey(w, ci, wf, args, field, fd)
	}
	if !strings.HasSuffix(field, "_id") && fd.Ref == "" && satisfy.DefaultFor(fd, arg) != satisfy.NoRoleText {
		return nil // the default is a value of the argument's role (a subject, a date)
	}
	if v := p.companionValue(ci, wf, args, field); v != nil {
		return v
	}
	if v := p.refAttr(w, ci, wf, args, field); v != nil {
		return v
	}
	if v := p.statedID(field); v != "" {
		return v
	}
	return p.worldValue(w, ci, field, fd, arg)
}

// namedForm reports whether a field of the role is made from the
// record's name: a key of capitals (a Confluence space's SPU), a slug,
// an API name.
func namedForm(role string) bool {
	return role == atom.RoleKeyPrefix || role == atom.RoleSlug || role == atom.RoleAPIName
}

// codeForm reports whether a field of the role is a number in the
// collection's own form (INV-1042, GROOV005).
func codeForm(role string) bool {
	return role == atom.RoleCode || role == atom.RoleShortCode
}

// newKey is the value a create gives field of a new record where the
// goal leaves it open: made from the record's name the way the product
// makes it (role key_prefix: "Summer product update" is SPU; slug,
// api_name), else the next number in the form the collection's records
// hold (INV-1043 after INV-1042), never a value a record of the
// collection holds; nil where the record has no name or the collection
// no such value.
func newKey(w *state.World, ci *facts.Coll, wf map[string]string, args map[string]any, field string, fd atom.Field) any {
	held := map[string]bool{}
	var values []string
	if c := w.Collection(ci.Name); c != nil {
		for _, rec := range c.Records {
			if s := state.Text(rec[field]); rec[field] != nil && s != "" {
				held[s] = true
				values = append(values, s)
			}
		}
	}
	if namedForm(fd.Role) {
		title := ""
		for a, f := range wf {
			if ci.Def.Fields[f].Role == atom.RoleTitle {
				if s, ok := args[a].(string); ok && s != "" {
					title = s
				}
			}
		}
		var v, sep string
		switch fd.Role {
		case atom.RoleKeyPrefix:
			v = atom.KeyPrefix(title)
		case atom.RoleSlug:
			v, sep = atom.Slug(title), "-"
			if owner := sharedOwner(values); owner != "" && v != "" {
				v = owner + "/" + v
			}
		case atom.RoleAPIName:
			v, sep = atom.APIName(title), "_"
		}
		if v == "" {
			return nil
		}
		return unheld(v, sep, held)
	}
	return nextInForm(values, held)
}

// sharedOwner is the owner every slug of values is qualified by
// ("acme" of acme/website), or "" where they are not all so.
func sharedOwner(values []string) string {
	owner := ""
	for _, v := range values {
		o, _, ok := strings.Cut(v, "/")
		if !ok || owner != "" && o != owner {
			return ""
		}
		owner = o
	}
	return owner
}

// unheld is v where no record holds it, else v with the first letter
// (sep "": a key of capitals, SPUA) or number (after sep: launch-plan-2)
// that makes it one no record holds.
func unheld(v, sep string, held map[string]bool) string {
	if !held[v] {
		return v
	}
	for i := 0; i < 26; i++ {
		n := v + sep + strconv.Itoa(i+2)
		if sep == "" {
			n = v + string(rune('A'+i))
			if len(n) > atom.KeyPrefixMax {
				n = v[:atom.KeyPrefixMax-1] + string(rune('A'+i))
			}
		}
		if !held[n] {
			return n
		}
	}
	return v
}

// formNumber splits a code into the text before its last run of digits
// and that run (INV-1042: INV-, 1042).
var formNumber = regexp.MustCompile(`^(.*?)([0-9]+)$`)

// nextInForm is the number after the highest the values of the most
// common form hold, in that form and width (INV-1043 after INV-1042 and
// INV-0999); nil where no value ends in a number.
func nextInForm(values []string, held map[string]bool) any {
	count := map[string]int{}
	high := map[string]string{}
	for _, v := range values {
		m := formNumber.FindStringSubmatch(v)
		if m == nil {
			continue
		}
		count[m[1]]++
		if h := high[m[1]]; len(m[2]) > len(h) || len(m[2]) == len(h) && m[2] > h {
			high[m[1]] = m[2]
		}
	}
	best := ""
	found := false
	for _, pre := range slices.Sorted(maps.Keys(count)) {
		if !found || count[pre] > count[best] {
			best, found = pre, true
		}
	}
	if !found {
		return nil
	}
	n, err := strconv.ParseUint(high[best], 10, 63)
	if err != nil {
		return nil
	}
	for i := uint64(1); i <= 100; i++ {
		d := strconv.FormatUint(n+i, 10)
		if pad := len(high[best]) - len(d); pad > 0 {
			d = strings.Repeat("0", pad) + d
		}
		if v := best + d; !held[v] {
			return v
		}
	}
	return nil
}

// refAttr is, for a field the call writes beside a reference of the
// call to another collection (a comment's repo beside its issue_number),
// the value the record the reference names holds in a field of the same
// name (the repo). Where records of several values answer the
// reference (issue 14 of two repositories), it is the one the opening
// messages name by its title; nil where none or several are.
func (p *Planner) refAttr(w *state.World, ci *facts.Coll, wf map[string]string, args map[string]any, field string) any {
	for _, a := range slices.Sorted(maps.Keys(args)) {
		rf := wf[a]
		fd, ok := ci.Def.Fields[rf]
		if !ok || fd.Ref == "" || rf == field || args[a] == nil {
			continue
		}
		target := w.Collection(ci.App + "." + fd.Ref)
		if target == nil {
			continue
		}
		by := fd.RefField
		if by == "" {
			by = target.Key
		}
		var all, named []any
		for _, rec := range target.Records {
			if rec[by] == nil || state.Text(rec[by]) != state.Text(args[a]) || !atom.IsSet(rec[field]) {
				continue
			}
			all = append(all, rec[field])
			if p.namesRecord(p.info.Colls[target.Name], rec) {
				named = append(named, rec[field])
			}
		}
		if v := oneValue(all); v != nil {
			return v
		}
		if v := oneValue(named); v != nil {
			return v
		}
	}
	return nil
}

// oneValue is the value every element of vs is, or nil where they differ
// or there is none.
func oneValue(vs []any) any {
	if len(vs) == 0 {
		return nil
	}
	for _, v := range vs[1:] {
		if !satisfy.ValueEqual(v, vs[0]) {
			return nil
		}
	}
	return vs[0]
}

// namesRecord reports whether the opening messages name rec by its title
// (a field of role title of its collection).
func (p *Planner) namesRecord(tc *facts.Coll, rec map[string]any) bool {
	if tc == nil || tc.Def == nil {
		return false
	}
	text := strings.ToLower(p.openingText())
	for f, fd := range tc.Def.Fields {
		if s, ok := rec[f].(string); ok && fd.Role == atom.RoleTitle && s != "" && strings.Contains(text, strings.ToLower(s)) {
			return true
		}
	}
	return false
}

// worldValue is what the world holds for a required argument the goal
// leaves open where its name says nothing a default could write: a
// reference (account_id) or a field no role names (a model, a
// repository). It is the value another record of the collection holds in
// the field (the account the other posts are on), else one a record of
// another collection of the app holds in a field of that name and
// definition (the account the campaigns are on; never an image's model
// for an assistant's, whose values differ), else for a reference the
// record of the collection it names that the app's settings name (the
// signed-in account), else the first record of that collection (fd.Ref,
// or the field's stem: user_id, users); nil where the world holds none,
// and the default stands.
func (p *Planner) worldValue(w *state.World, ci *facts.Coll, field string, fd atom.Field, arg string) any {
	ref := strings.HasSuffix(field, "_id") || fd.Ref != ""
	if fd.Type != "" && fd.Type != "string" && fd.Type != "integer" && fd.Type != "number" || !ref && satisfy.FreeText(arg) != satisfy.NoRoleText {
		return nil
	}
	// The collection's own records first, then the app's others that
	// keep the same field (the account a campaign is on).
	names := []string{ci.Name}
	for _, n := range w.Names() {
		if app, _ := facts.SplitName(n); app == ci.App && n != ci.Name && sameField(p.info.Colls[n], ci, field) {
			names = append(names, n)
		}
	}
	for _, n := range names {
		if c := w.Collection(n); c != nil {
			for _, rec := range c.Records {
				if v := rec[field]; atom.IsSet(v) && v != "" {
					return v
				}
			}
		}
	}
	if !ref {
		return nil
	}
	refs := []string{fd.Ref}
	if fd.Ref == "" {
		stem := strings.TrimSuffix(field, "_id")
		refs = []string{stem + "s", stem + "es", stem}
	}
	for _, n := range refs {
		tc := p.info.Colls[ci.App+"."+n]
		if tc == nil || tc == ci || tc.Def == nil {
			continue
		}
		c := w.Collection(tc.Name)
		if c == nil || len(c.Records) == 0 {
			continue
		}
		by := fd.RefField
		if by == "" || fd.Ref == "" {
			by = tc.Def.KeyField()
		}
		settings := p.settings(ci.App)
		for _, s := range slices.Sorted(maps.Keys(settings)) {
			for _, rec := range c.Records {
				if v := rec[by]; atom.IsSet(v) && state.Text(v) == state.Text(settings[s]) {
					return v
				}
			}
		}
		for _, rec := range c.Records {
			if v := rec[by]; atom.IsSet(v) {
				return v
			}
		}
	}
	return nil
}

// sameField reports whether collection o keeps field as ci does: the
// same type, reference and values (an image's model, one of four, is not
// an assistant's).
func sameField(o, ci *facts.Coll, field string) bool {
	if o == nil || o.Def == nil || ci.Def == nil {
		return false
	}
	a, aok := o.Def.Fields[field]
	b, bok := ci.Def.Fields[field]
	if !aok || !bok {
		return true // an open collection (an imported app's) says nothing
	}
	return a.Type == b.Type && a.Ref == b.Ref && reflect.DeepEqual(a.Enum, b.Enum)
}
