package coherence

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

var (
	emailRE = regexp.MustCompile(`^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`)
	// A name is capitalised words: "Noor Abernathy", "Mary-Jane O'Neil".
	nameWordRE = regexp.MustCompile(`^[\p{Lu}][\p{L}'.-]*$`)
	// An identifier or a document number holds no spaces.
	tokenRE  = regexp.MustCompile(`^<?[A-Za-z0-9][A-Za-z0-9_.:/#@+-]*>?$`)
	domainRE = regexp.MustCompile(`^[a-z0-9-]+(\.[a-z0-9-]+)+$`)
	phoneRE  = regexp.MustCompile(`^\+?[0-9][0-9 ().-]{5,}$`)
	// A short code is capital letters and digits: Workable's GROOV005.
	shortCodeRE = regexp.MustCompile(`^[A-Z0-9]{4,12}$`)
	digitsRE    = regexp.MustCompile(`^[0-9]+$`)
	// A slug is lower-case words joined by hyphens, after its owner's
	// where it carries one: "acme-labs/billing-api".
	slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*$`)
)

// record checks one record's fields and its own lifecycle.
func (c *checker) record(sh *Shape, coll string, rec map[string]any) {
	def := sh.def
	key, _ := state.KeyOf(rec, def.KeyField())
	for f := range sh.declared(rec) {
		if rec[f] == nil {
			continue
		}
		fs := sh.fields[f]
		role := fs.role
		if f == def.KeyField() && def.PrefixOf(rec) != def.Prefix() {
			// A key of a kind with a prefix of its own (a personal
			// space's ~ and its owner's account) is of that kind's
			// form, which idForm checks, not one made of the record's
			// name.
			role = ""
		}
		if def.Fields[f].RoleWhen.Holds(rec) {
			// A field of another role on records of this kind (a
			// personal space's name is its owner's).
			role = def.Fields[f].RoleWhen.Role
		}
		c.value(coll, key, f, def.Fields[f], role, fs.ref, rec[f])
	}
	c.kindRefs(sh, coll, key, rec)
	c.refsWithin(sh, coll, key, rec)
	c.apiNames(sh, coll, key, rec)
	c.namedParty(sh, coll, key, rec)
	c.parentParty(sh, coll, key, rec)
	c.ownText(sh, coll, key, rec)
	c.companylessName(sh, coll, key, rec)
	c.selfText(sh, coll, key, rec)
	c.laterNamed(sh, coll, key, rec)
	c.counterpartText(sh, coll, key, rec)
	c.ownPersonText(sh, coll, key, rec)
	c.lifecycle(sh, coll, key, rec)
	c.identity(sh, coll, key, rec)
	c.orgDomain(sh, coll, key, rec)
	c.ownerText(sh, coll, key, rec)
	c.hostText(sh, coll, key, rec)
	for _, d := range sh.Contradictions(rec) {
		c.add(RuleFields, coll, key, d.Field, rec[d.Field], "%s", d.Why)
	}
	if c.w != nil {
		for _, d := range sh.Untimely(rec, c.w.Clock) {
			c.add(RuleLifecycle, coll, key, d.Field, rec[d.Field], "%s", d.Why)
		}
	}
	for _, p := range def.RecordProblems(rec) {
		c.add(RuleInvariant, coll, key, p.Field, rec[p.Field], "%s", p.Message)
	}
}

// value checks one field's value against its type, enum, format and role.
func (c *checker) value(coll, key, f string, fd atom.Field, role, ref string, v any) {
	if msg := typeProblem(fd, v); msg != "" {
		c.add(RuleType, coll, key, f, v, "%s", msg)
		return
	}
	if msg := fd.EpochProblem(v); msg != "" {
		// A time counted since the epoch in another unit, or no time.
		c.add(RuleFormat, coll, key, f, v, "%s", msg)
		return
	}
	if len(fd.Enum) > 0 && fd.Type != "array" && !inEnum(fd.Enum, v) {
		c.add(RuleEnum, coll, key, f, v, "%v is not one of %v", v, fd.Enum)
		return
	}
	if l, ok := v.([]any); ok {
		for _, x := range l {
			if s, ok := x.(string); ok && role == atom.RoleEmails && !emailRE.MatchString(s) {
				c.add(RuleFormat, coll, key, f, x, "%q is not an email address", s)
			}
			if role == atom.RoleRef {
				c.ref(coll, key, f, fd, ref, x)
			}
		}
		return
	}
	s, isStr := v.(string)
	if isStr && role == atom.RoleText {
		// A card number is kept only by the payment collections meant
		// for it, never in prose: a product or video description, a note.
		if n := CardNumber(s); n != "" {
			c.add(RuleSecret, coll, key, f, v, "free text holds the payment card number %q", n)
		}
		if why := atom.Letter(s); fd.Audience && why != "" {
			// Copy shown to an audience (an ad's text) is no letter.
			c.add(RuleRole, coll, key, f, v, "%s is copy for an audience, but %s", f, why)
		}
	}
	switch {
	case isStr && (fd.Format == "email" || role == atom.RoleEmail):
		if !emailRE.MatchString(s) {
			c.add(RuleFormat, coll, key, f, v, "%q is not an email address", s)
		}
		return
	case isStr && (fd.Format == "date" || fd.Format == "date-time" || role == atom.RoleDate):
		if _, ok := isotime.Parse(s); !ok {
			c.add(RuleFormat, coll, key, f, v, "%q is not a date", s)
		}
		return
	case isStr && (fd.Format == "uri" || role == atom.RoleURL):
		if !strings.HasPrefix(s, "https://") && !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "/") {
			c.add(RuleFormat, coll, key, f, v, "%q is not a web address", s)
		}
		return
	}
	if role == atom.RoleRef {
		c.ref(coll, key, f, fd, ref, v)
		return
	}
	if msg := roleProblem(role, v); msg != "" {
		c.add(RuleRole, coll, key, f, v, "%s", msg)
	}
}

func typeProblem(fd atom.Field, v any) string {
	switch v.(type) {
	case string:
		if fd.Type != "string" && fd.Type != "" {
			return fmt.Sprintf("a string in a %s field", fd.Type)
		}
	case bool:
		if fd.Type != "boolean" && fd.Type != "" {
			return fmt.Sprintf("a boolean in a %s field", fd.Type)
		}
	case float64, int, int64:
		if fd.Type != "number" && fd.Type != "integer" && fd.Type != "" {
			return fmt.Sprintf("a number in a %s field", fd.Type)
		}
		if fd.Type == "integer" {
			if x, ok := v.(float64); ok && x != math.Trunc(x) {
				return fmt.Sprintf("%v in an integer field", x)
			}
		}
	case []any:
		if fd.Type != "array" && fd.Type != "" {
			return fmt.Sprintf("a list in a %s field", fd.Type)
		}
	case map[string]any:
		if fd.Type != "object" && fd.Type != "" {
			return fmt.Sprintf("an object in a %s field", fd.Type)
		}
	}
	return ""
}

func inEnum(enum []any, v any) bool {
	for _, e := range enum {
		if state.Text(e) == state.Text(v) {
			return true
		}
	}
	return false
}

// FitsRole reports whether v means what role says (a person's name is
// two to four name words), as the role rule checks it.
func FitsRole(role string, v any) bool { return roleProblem(role, v) == "" }

// roleProblem says why a value does not mean what its role says, or "".
func roleProblem(role string, v any) string {
	s, isStr := v.(string)
	switch role {
	case atom.RoleMoney:
		if x, ok := v.(float64); ok && (x < 0 || x != math.Round(x*100)/100) {
			return fmt.Sprintf("%v is not an amount of money", v)
		}
	case atom.RoleID, atom.RoleCode, atom.RoleUsername:
		if isStr && s != "" && !tokenRE.MatchString(s) {
			return fmt.Sprintf("%q is not an identifier (it has spaces or punctuation)", s)
		}
	case atom.RoleSlug:
		if isStr && s != "" && !slugRE.MatchString(s) {
			return fmt.Sprintf("%q is not a path of lower-case words", s)
		}
	case atom.RoleShortCode:
		if isStr && !shortCodeRE.MatchString(s) {
			return fmt.Sprintf("%q is not a short code (4 to 12 capital letters and digits)", s)
		}
	case atom.RoleDigits:
		if isStr && s != "" && !digitsRE.MatchString(s) {
			return fmt.Sprintf("%q is not a number of digits", s)
		}
	case atom.RoleKeyPrefix:
		if isStr && s != "" && !keyPrefixRE.MatchString(s) {
			return fmt.Sprintf("%q is not a key that begins numbers (capital letters and digits, from a letter, at most %d)", s, atom.KeyPrefixMax)
		}
	case atom.RoleAPIName:
		if isStr && s != "" && !apiNameRE.MatchString(s) {
			return fmt.Sprintf("%q is not an API name (letters, digits and single underscores, from a letter)", s)
		}
	case atom.RolePhone:
		if isStr && !phoneRE.MatchString(s) {
			return fmt.Sprintf("%q is not a phone number", s)
		}
	case atom.RoleDomain:
		if isStr && !domainRE.MatchString(s) {
			return fmt.Sprintf("%q is not a domain", s)
		}
	case atom.RolePersonName:
		if isStr && !isPersonName(s) {
			return fmt.Sprintf("%q is not a person's name", s)
		}
	case atom.RoleDepartment:
		if ws := strings.Fields(s); isStr && isPersonName(s) && gen.IsFirstName(ws[0]) {
			return fmt.Sprintf("%q is a person's name, not what a department is called", s)
		}
	case atom.RoleFirstName, atom.RoleLastName:
		if isStr && !isNameWords(s, 1, 2) {
			return fmt.Sprintf("%q is not a name", s)
		}
	case atom.RoleCompany, atom.RoleCity:
		if isStr && s != "" && !unicode.IsUpper([]rune(s)[0]) {
			return fmt.Sprintf("%q is not a proper name", s)
		}
	case atom.RoleCountry, atom.RoleCurrency:
		if isStr && (len(s) < 2 || len(s) > 3 || strings.ToUpper(s) != s) {
			return fmt.Sprintf("%q is not a code", s)
		}
	}
	return ""
}

func isPersonName(s string) bool { return isNameWords(s, 2, 4) }

func isNameWords(s string, min, max int) bool {
	ws := strings.Fields(s)
	if len(ws) < min || len(ws) > max {
		return false
	}
	for _, w := range ws {
		if !nameWordRE.MatchString(w) {
			return false
		}
	}
	return true
}

// kindRefs checks the references whose collection another field of the
// record names (a note's parent_id and parent_type): the kind names a
// collection of the app, and the value is a record of it.
func (c *checker) kindRefs(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil {
		return
	}
	for _, f := range sh.names {
		fd := sh.def.Fields[f]
		if fd.RefBy == "" || fd.Ref != "" || !atom.IsSet(rec[f]) {
			continue
		}
		if target, ok := fd.RefOf(rec); ok {
			c.ref(coll, key, f, fd, target, rec[f])
			continue
		}
		c.add(RuleRef, coll, key, f, rec[f], "%s %q names no collection of the app, so %q is no record of it", fd.RefBy, state.Text(rec[fd.RefBy]), state.Text(rec[f]))
	}
}

// refsWithin checks the references unique only within a field of both
// records (ref_per): a GitLab note's noteable_iid names an issue of its
// own project. A value no record holds at all is ref's to report; one
// only another project's records hold names a record that is not there.
func (c *checker) refsWithin(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil {
		return
	}
	app, _ := state.Split(coll)
	for _, f := range sh.names {
		fd := sh.def.Fields[f]
		target, ok := fd.Ref, fd.Ref != ""
		if fd.RefPer == "" || !atom.IsSet(rec[f]) {
			continue
		}
		if !ok {
			target, ok = fd.RefOf(rec)
		}
		tc := c.w.Collection(app + "." + target)
		if !ok || tc == nil {
			continue
		}
		k, within := state.Text(rec[f]), state.Text(rec[fd.RefPer])
		held, heldWithin := false, false
		for _, r := range tc.Records {
			if state.Text(r[fd.RefField]) == k {
				held = true
				heldWithin = heldWithin || state.Text(r[fd.RefPer]) == within
			}
		}
		if held && !heldWithin {
			c.add(RuleRef, coll, key, f, rec[f], "%s %q of %s.%s is unique per %s: the record of %s %q holds none, only another %s's does", fd.RefField, k, app, target, fd.RefPer, fd.RefPer, within, fd.RefPer)
		}
	}
}

// ref checks that a reference names a record of its collection, where the
// world holds that collection: by its key, or by the field the reference
// declares it holds (ref_field).
func (c *checker) ref(coll, key, f string, fd atom.Field, target string, v any) {
	if c.w == nil || target == "" {
		return
	}
	app, _ := state.Split(coll)
	tc := c.w.Collection(app + "." + target)
	if tc == nil {
		return
	}
	k := state.Text(v)
	if k == "" {
		return
	}
	if _, ok := c.referenced(tc.Name, fd, k); !ok && !c.namesOther(app, fd, k) {
		if by := fd.RefField; by != "" && by != tc.Key {
			c.add(RuleRef, coll, key, f, v, "%q is not the %s of a record of %s.%s", k, by, app, target)
			return
		}
		c.add(RuleRef, coll, key, f, v, "%q is not a record of %s.%s", k, app, target)
	}
}

// namesOther reports whether k names a record of one of the other
// collections a reference may name (ref_also: a Salesforce task's WhatId is
// an account's, an opportunity's or a case's).
func (c *checker) namesOther(app string, fd atom.Field, k string) bool {
	for _, other := range fd.RefAlso {
		if oc := c.w.Collection(app + "." + other); oc != nil {
			if _, ok := oc.Lookup(k); ok {
				return true
			}
		}
	}
	return false
}
