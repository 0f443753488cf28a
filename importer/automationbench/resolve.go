package automationbench

import (
	"strings"
)

// entity is an entity word resolved to a collection.
type entity struct {
	coll   *Coll
	marker string
	n      int // words used
}

// resolveEntity finds the collection the leading words of ws name: the
// longest run of words that is a collection's name (singular or plural),
// its record class, an alias from the exceptions table, or the start of a
// collection's name ("sms" for sms_messages).
func resolveEntity(app *App, ws []string) (entity, bool) {
	for k := len(ws); k >= 1; k-- {
		if c, mk, ok := entityOf(app, strings.Join(ws[:k], "_")); ok {
			return entity{coll: c, marker: mk, n: k}, true
		}
	}
	return entity{}, false
}

// resolveObject finds the collection a tool's object words name. In an
// English compound the last word is the head ("channel message" is a
// message), so whole runs and then runs ending at the last word are tried
// before runs at the start; rest are the words before the entity.
func resolveObject(app *App, ws []string) (e entity, rest []string, ok bool) {
	for k := 0; k < len(ws); k++ {
		if c, mk, ok := entityOf(app, strings.Join(ws[k:], "_")); ok {
			return entity{coll: c, marker: mk, n: len(ws) - k}, ws[:k], true
		}
	}
	if e, ok := resolveEntity(app, ws); ok {
		return e, nil, true
	}
	return entity{}, nil, false
}

func entityOf(app *App, cand string) (*Coll, string, bool) {
	if al, ok := entityAliases[app.Name][singular(cand)]; ok {
		if c := app.Collection(al.coll); c != nil {
			return c, al.marker, true
		}
	}
	if al, ok := entityAliases[app.Name][cand]; ok {
		if c := app.Collection(al.coll); c != nil {
			return c, al.marker, true
		}
	}
	for _, c := range app.Collections {
		if sameNoun(c.Name, cand) {
			return c, "", true
		}
	}
	for _, c := range app.Collections {
		if c.Actions {
			continue // "AirtableActionRecord" is the log, not a record of the app
		}
		for _, t := range titleNames(app, c) {
			if sameNoun(t, cand) {
				return c, "", true
			}
		}
	}
	// A part of a record: "cell" names the rows that hold cells.
	var holders []*Coll
	for _, c := range app.Collections {
		if f := c.Field(plural(cand)); f != nil && f.isMap() {
			holders = append(holders, c)
		}
	}
	if len(holders) == 1 {
		return holders[0], "", true
	}
	var prefixed []*Coll
	for _, c := range app.Collections {
		if strings.HasPrefix(c.Name, cand+"_") {
			prefixed = append(prefixed, c)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0], "", true
	}
	return nil, "", false
}

// titleNames are the entity names a record class gives: "FreshdeskTicket"
// -> "ticket", "HubSpotContact" -> "contact".
func titleNames(app *App, c *Coll) []string {
	if c.Title == "" {
		return nil
	}
	s := snake(c.Title)
	out := []string{s}
	sq, asq := squash(c.Title), squash(app.Name)
	if strings.HasPrefix(sq, asq) && len(sq) > len(asq) {
		// Rebuild the rest from the snake form's trailing words.
		ws := words(s)
		for i := range ws {
			if squash(strings.Join(ws[:i+1], "")) == asq {
				out = append(out, strings.Join(ws[i+1:], "_"))
				break
			}
		}
	}
	if ws := words(s); len(ws) > 1 {
		out = append(out, ws[len(ws)-1])
	}
	return out
}

// resolveField finds the field a name means among fields: the name itself,
// an alias from the exceptions table, another spelling ("Email",
// "campaign_id" for "CampaignId"), a trailing underscore ("from_"), an
// "is_" boolean, a field it starts ("body" for "body_plain", preferring the
// plain-text one), the name without "_name", or with the record's prefix
// ("name" for "account_name").
func resolveField(app string, fields []*Field, name, recordPrefix string) *Field {
	if f := fieldNamed(fields, name); f != nil {
		return f
	}
	if sn := snake(name); sn != name && sn != strings.ToLower(name) {
		// Another vendor's API name: StageName -> stage_name -> stage.
		if f := resolveField(app, fields, sn, recordPrefix); f != nil {
			return f
		}
	}
	for _, scope := range []string{app, ""} {
		if to, ok := fieldAliases[scope][name]; ok {
			if f := fieldNamed(fields, to); f != nil {
				return f
			}
		}
	}
	if f := spelledOtherwise(fields, name); f != nil {
		return f
	}
	if f := startedBy(fields, name); f != nil {
		return f
	}
	if s, ok := strings.CutSuffix(name, "_name"); ok {
		if f := fieldNamed(fields, s); f != nil && !optionalBesideRef(f, fieldNamed(fields, s+"_id")) {
			return f
		}
	}
	if recordPrefix != "" {
		return withRecordPrefix(fields, name, recordPrefix)
	}
	return nil
}

// optionalBesideRef reports a field the record may leave null (by default
// null) beside a reference to the same thing that it may not (a Buffer
// post's channel beside its channel_id): <x>_name means the name of the
// record the reference points to, not the optional text.
func optionalBesideRef(f, ref *Field) bool {
	return ref != nil && !ref.Nullable && f.Nullable && f.HasDefault && f.Default == nil
}

func fieldNamed(fields []*Field, n string) *Field {
	for _, f := range fields {
		if f.Name == n {
			return f
		}
	}
	return nil
}

// spelledOtherwise: the same name in another case or punctuation, with a
// keyword's underscore (from_), in the other number, as a flag (is_read)
// or without one.
func spelledOtherwise(fields []*Field, name string) *Field {
	sq := squash(name)
	for _, f := range fields {
		if squash(f.Name) == sq {
			return f
		}
	}
	for _, n := range []string{name + "_", plural(name), singular(name), "is_" + name} {
		if f := fieldNamed(fields, n); f != nil {
			return f
		}
	}
	if s, ok := strings.CutPrefix(name, "is_"); ok {
		return fieldNamed(fields, s)
	}
	return nil
}

// startedBy: a field the name starts, its plain-text variant first (body
// -> body_plain); never a reference, a list or an object.
func startedBy(fields []*Field, name string) *Field {
	var starts []*Field
	for _, f := range fields {
		if strings.HasPrefix(f.Name, name+"_") {
			starts = append(starts, f)
		}
	}
	for _, pref := range []string{"_plain", "_text"} {
		for _, f := range starts {
			if f.Name == name+pref {
				return f
			}
		}
	}
	for _, f := range starts {
		// Not a reference: "channel" names the channel, not its id field.
		if !strings.HasSuffix(f.Name, "_html") && !strings.HasSuffix(f.Name, "_id") && f.Type != "array" && f.Type != "object" {
			return f
		}
	}
	return nil
}

// withRecordPrefix: the name with or without the record's own word or the
// last of its words (opportunity_name on an opportunity: its name;
// list_name on a customer list; dealname, dealstage: the record's word run
// together).
func withRecordPrefix(fields []*Field, name, recordPrefix string) *Field {
	if f := fieldNamed(fields, recordPrefix+"_"+name); f != nil {
		return f
	}
	// The record's own word, or the last of its words (a customer list's
	// list_name for its name).
	for _, p := range []string{recordPrefix, lastWord(recordPrefix)} {
		if rest, ok := strings.CutPrefix(name, p+"_"); ok && rest != "id" {
			if f := fieldNamed(fields, rest); f != nil {
				return f
			}
		}
	}
	rp := squash(recordPrefix + name)
	for _, f := range fields {
		if squash(f.Name) == rp {
			return f
		}
	}
	return nil
}

// field resolves a name on a collection; an untyped collection accepts any
// name.
func (c *Coll) resolve(app, name string) *Field {
	if f := resolveField(app, c.Fields, name, singular(c.Name)); f != nil {
		return f
	}
	if c.Open && validFieldName(name) {
		// A field the collection declares under another name comes first
		// (a Jira issue's title is its summary).
		if f := nearField(app, c.Fields, name, nil); f != nil {
			return f
		}
		if id := c.Field(name + "_id"); id != nil && !id.Observed {
			return nil // recipient beside recipient_id: a reference
		}
		for _, suf := range []string{"_email", "_name"} {
			// recipient_email beside a declared recipient_id: a person
			// named another way, which a reference resolves.
			if x, ok := strings.CutSuffix(name, suf); ok && c.Field(x+"_id") != nil && !c.Field(x+"_id").Observed {
				return nil
			}
		}
		f := &Field{Name: name, Observed: true}
		c.addField(f)
		return f
	}
	return nil
}

func validFieldName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// mapField returns the collection's single free-form object field (a
// row's cells), which column names index.
func (c *Coll) mapField() *Field {
	var out *Field
	for _, f := range c.Fields {
		if f.isMap() && f.Name != "metadata" && f.Name != "custom_fields" {
			if out != nil {
				return nil
			}
			out = f
		}
	}
	return out
}

// isPhone reports whether a field holds a phone number.
func isPhone(f *Field) bool {
	n := strings.ToLower(f.Name)
	return strings.Contains(n, "phone") || strings.Contains(n, "mobile") || f.Format == "phone"
}

// phoneLike reports whether v reads as a phone number: seven digits or
// more, with only the separators phone numbers use (to_number is a phone,
// an invoice_number is not).
func phoneLike(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	n := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			n++
		case strings.ContainsRune("+-() .", r):
		default:
			return false
		}
	}
	return n >= 7
}

// isEmailValue reports whether v looks like an email address.
func isEmailValue(v any) bool {
	s, ok := v.(string)
	return ok && strings.Contains(s, "@") && !strings.ContainsAny(s, " \t\n")
}

// phonePattern matches the digits of a phone number whatever the
// separators, as AutomationBench compares phone numbers digit by digit.
func phonePattern(s string) string {
	var b strings.Builder
	b.WriteString(`^\D*`)
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
			b.WriteString(`\D*`)
			n++
		}
	}
	b.WriteString(`$`)
	if n == 0 {
		return ""
	}
	return b.String()
}
