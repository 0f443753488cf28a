package atom

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/legoenv/legoenv/internal/inflect"
)

// Field roles say what a field's value means, beyond its type: a string
// may be an id, a reference to another record, an email or a person's
// name. Synthesis draws values by role and the coherence check judges them
// by role, so a server atom declares a field's role where its name does not
// say it (`role: ref`, `ref: customers` on a Stripe charge's `customer`).
const (
	RoleID         = "id"          // an identifier of this or an outside record
	RoleRef        = "ref"         // the key of a record of the collection Field.Ref
	RoleMoney      = "money"       // an amount of money
	RoleCount      = "count"       // a number that is not money
	RoleEmail      = "email"       // one email address
	RoleEmails     = "emails"      // a list of email addresses
	RolePhone      = "phone"       // a phone number
	RolePersonName = "person_name" // a person's full name
	RoleFirstName  = "first_name"  // a person's given name
	RoleLastName   = "last_name"   // a person's family name
	RoleCompany    = "company"     // a company or organisation name
	RoleDomain     = "domain"      // an internet domain
	RoleURL        = "url"         // a web address
	RoleDate       = "date"        // a date or a time
	RoleStatus     = "status"      // one of the record's states (an enum)
	RoleFlag       = "flag"        // a boolean
	RoleTitle      = "title"       // what people call the record by
	RoleCode       = "code"        // a document number ("INV-1042", "PROJ-12")
	RoleShortCode  = "short_code"  // an opaque code of capital letters and digits ("GROOV005"): Workable's job shortcode
	RoleDigits     = "digits"      // a number people dial or key in, kept as text of digits alone ("101"): a RingCentral extension number
	RoleSlug       = "slug"        // the record's title as a path ("billing-api"), after its owner where named so ("acme/billing-api")
	RoleAPIName    = "api_name"    // the record's title as an API name ("Q3_Budget_Forecast"): Salesforce's DeveloperName
	RoleKeyPrefix  = "key_prefix"  // a short key of capital letters made from the record's name that begins its items' numbers or addresses ("ENG" of ENG-123): a Linear team's key, a Confluence space's
	RoleText       = "text"        // free text
	RoleTags       = "tags"        // a list of tags or labels
	RoleJobTitle   = "job_title"   // a person's position
	RoleUsername   = "username"    // a handle
	RoleAddress    = "address"     // a street address
	RoleCity       = "city"
	RoleCountry    = "country"
	RoleCurrency   = "currency"
	RoleTimezone   = "timezone"
	RoleLanguage   = "language"
	RoleColor      = "color"
	RoleDepartment = "department"
	RoleData       = "data" // structured data (objects, lists of objects) no role describes
)

// FieldRoleDoc returns the line that describes a role a field may declare;
// ok is false for a role the format does not know.
func FieldRoleDoc(role string) (doc string, ok bool) {
	doc, ok = fieldRoles[role]
	return doc, ok
}

// fieldRoles lists the roles a field may declare, with a line each.
var fieldRoles = map[string]string{
	RoleID: "an identifier", RoleRef: "the key of a record of the collection named by ref", RoleMoney: "an amount of money",
	RoleCount: "a number that is not money", RoleEmail: "an email address", RoleEmails: "a list of email addresses",
	RolePhone: "a phone number", RolePersonName: "a person's full name", RoleFirstName: "a given name",
	RoleLastName: "a family name", RoleCompany: "a company name", RoleDomain: "a domain", RoleURL: "a web address",
	RoleDate: "a date or time", RoleStatus: "one of the record's states", RoleFlag: "a boolean",
	RoleTitle: "the name of the record", RoleCode: "a document number", RoleShortCode: "a short code of capital letters and digits",
	RoleDigits: "a number of digits alone, kept as text", RoleAPIName: "the record's title as an API name",
	RoleSlug:      "the record's title as a path, after its owner's where qualified",
	RoleKeyPrefix: "a short key of capital letters made from the record's name",
	RoleText:      "free text", RoleTags: "tags or labels",
	RoleJobTitle: "a job title", RoleUsername: "a user handle", RoleAddress: "a street address", RoleCity: "a city",
	RoleCountry: "a country code", RoleCurrency: "a currency code", RoleTimezone: "a time zone", RoleLanguage: "a language code",
	RoleColor: "a colour", RoleDepartment: "a department", RoleData: "structured data",
}

// Words splits a field or collection name into lower-case words:
// "toRecipients" and "to_recipients" both give [to recipients], and an
// acronym ends before a capitalised word ("HTTPServer" gives [http
// server]). It slices s rather than building runes: it runs for every
// field of every record the build checks.
func Words(s string) []string {
	var out []string
	start := -1 // byte offset where the current word starts; -1: none
	var prev rune
	for i, r := range s {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
			out = appendWord(out, s, start, i)
			start = -1
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsUpper(prev) && lowerAfter(s, i)):
			out = appendWord(out, s, start, i)
			start = i
		case start < 0:
			start = i
		}
		prev = r
	}
	return appendWord(out, s, start, len(s))
}

// appendWord appends s[start:end] in lower case, unless there is no word.
func appendWord(out []string, s string, start, end int) []string {
	if start < 0 || start == end {
		return out
	}
	return append(out, strings.ToLower(s[start:end]))
}

// lowerAfter reports whether the rune after the one at byte offset i of s
// is a lower-case letter.
func lowerAfter(s string, i int) bool {
	_, w := utf8.DecodeRuneInString(s[i:])
	next, _ := utf8.DecodeRuneInString(s[i+w:])
	return unicode.IsLower(next)
}

// IsTextWord reports whether the word w names a kind of free text
// ("description", "body", "notes"): a field named by it holds prose.
func IsTextWord(w string) bool { return HasWord([]string{w}, textRoleWords...) }

// HasWord reports whether any of the words ws is one of any.
func HasWord(ws []string, any ...string) bool {
	for _, w := range ws {
		for _, a := range any {
			if w == a {
				return true
			}
		}
	}
	return false
}

var (
	moneyWords = []string{"amount", "total", "price", "value", "budget", "salary", "cost", "balance",
		"revenue", "fee", "spend", "subtotal", "due", "payment", "compensation", "paid", "tax", "discount", "refunded", "captured"}
	notMoneyWords = []string{"count", "quantity", "qty", "percent", "percentage", "rate", "id", "emails", "messages", "items", "unread", "threads",
		"size", "members", "seats", "users", "files", "bytes", "views", "clicks", "impressions", "opens", "replies", "responses", "tickets", "tasks",
		"days", "hours", "minutes", "reach", "score", "probability", "number", "position", "order", "index", "version", "duration", "year", "month"}
	textRoleWords = []string{"body", "description", "notes", "note", "content", "message", "text", "comment", "details", "bio", "reason",
		"feedback", "memo", "agenda", "instructions", "snippet", "summary", "html", "plain", "caption", "excerpt", "answer", "question", "purpose", "objective", "preview", "signature", "comments"}
	tagRoleWords   = []string{"tags", "tag", "labels", "label", "categories", "category", "keywords", "skills", "topics"}
	recipientWords = []string{"to", "cc", "bcc", "recipients", "emails", "attendees", "invitees", "participants", "guests", "addresses"}
	peopleColls    = []string{"contacts", "people", "users", "members", "employees", "candidates", "applicants", "subscribers", "agents",
		"teammates", "attendees", "participants", "recipients", "signers", "persons", "staff", "customers", "leads", "invitees", "guests", "respondents", "workers", "profiles"}
	companyColls = []string{"companies", "organizations", "organisations", "vendors", "suppliers", "clients", "businesses", "accounts"}
	personWords  = []string{"contact", "customer", "owner", "assignee", "requester", "sender", "author", "creator", "host", "organizer",
		"organiser", "manager", "recipient", "attendee", "invitee", "signer", "employee", "candidate", "applicant", "user", "agent", "reviewer", "approver", "submitter", "reporter", "person", "full", "lead", "member", "guest", "display", "from", "payee", "buyer"}
	orgWords = []string{"company", "organization", "organisation", "employer", "vendor", "supplier", "account", "business", "org", "merchant"}
)

// InferRole reads a field's role from its name, type and format, and from
// the names of the app's collections (a reference names one). It returns
// the role and, for a reference, the collection referred to. A declared
// role wins over this guess; the guess serves atoms that declare none.
func InferRole(s *Server, c *Collection, name string, f Field) (role, ref string) {
	if name == c.KeyField() {
		return RoleID, ""
	}
	n := splitName(name)
	if role, ref, ok := typedRole(s, c, n, f); ok {
		return role, ref
	}
	if role, ok := formatRole(f); ok {
		return role, ""
	}
	if role, ref, ok := refRole(s, c, n); ok {
		return role, ref
	}
	// A string whose name says nothing of its meaning has no role:
	// synthesis leaves it out rather than fill it with words.
	return wordRole(c, n), ""
}

// fieldName is a field's name as words: all of them, joined by spaces,
// and the last.
type fieldName struct {
	ws           []string
	joined, last string
}

func splitName(name string) fieldName {
	ws := Words(name)
	n := fieldName{ws: ws, joined: strings.Join(ws, " ")}
	if len(ws) > 0 {
		n.last = ws[len(ws)-1]
	}
	return n
}

// typedRole is the role a field's type decides (flags, lists, numbers);
// ok is false for a string, whose role its format and name decide.
func typedRole(s *Server, c *Collection, n fieldName, f Field) (role, ref string, ok bool) {
	ws, last := n.ws, n.last
	switch f.Type {
	case "boolean":
		return RoleFlag, "", true
	case "object":
		return RoleData, "", true
	case "array":
		switch {
		case f.Items == "object":
			return RoleData, "", true
		case last == "ids" && len(ws) > 1:
			if t := findCollection(s, c, ws[:len(ws)-1]); t != nil {
				return RoleRef, t.Name, true
			}
			return RoleID, "", true
		case (f.Items == "string" || f.Items == "") && HasWord(ws, recipientWords...) && !HasWord(ws, "ids"):
			return RoleEmails, "", true
		case HasWord(ws, tagRoleWords...):
			return RoleTags, "", true
		}
		return RoleData, "", true
	case "number", "integer":
		if len(f.Enum) > 0 {
			return RoleStatus, "", true
		}
		if HasWord(ws, moneyWords...) && !HasWord(ws, notMoneyWords...) {
			return RoleMoney, "", true
		}
		return RoleCount, "", true
	case "string", "":
		return "", "", false
	}
	return "", "", true
}

// formatRole is the role an enum or a string format decides.
func formatRole(f Field) (role string, ok bool) {
	if len(f.Enum) > 0 {
		return RoleStatus, true
	}
	switch f.Format {
	case "email":
		return RoleEmail, true
	case "date", "date-time", "time":
		return RoleDate, true
	case "uri", "url":
		return RoleURL, true
	}
	return "", false
}

// refRole is the role of a string that names an email, a date, an id or
// a reference to another collection or to the app's users.
func refRole(s *Server, c *Collection, n fieldName) (role, ref string, ok bool) {
	ws, joined, last := n.ws, n.joined, n.last
	switch {
	case last == "email" || joined == "email address" || (HasWord(ws, "email") && HasWord(ws, "address")):
		return RoleEmail, "", true
	case last == "at" || last == "date" || last == "on" && len(ws) > 1 || HasWord(ws, "timestamp", "dob", "birthday", "deadline") || joined == "due" || joined == "start" || joined == "end":
		return RoleDate, "", true
	case (last == "id" || last == "key" && len(ws) > 1 || last == "uuid") && len(ws) > 1:
		// row_id on rows numbers the record itself; it refers to nothing.
		if t := findCollection(s, c, ws[:len(ws)-1]); t != nil && t != c {
			return RoleRef, t.Name, true
		}
		if len(ws) == 2 && HasWord(ws[:1], workerWords...) {
			if t := usersOf(s, c); t != nil {
				return RoleRef, t.Name, true // assignee_id: one of the app's users
			}
		}
		return RoleID, "", true
	case len(ws) == 1 && strings.HasSuffix(last, "id") && len(last) > 2 && last != "paid" && last != "said":
		if t := findCollection(s, c, []string{strings.TrimSuffix(last, "id")}); t != nil {
			return RoleRef, t.Name, true
		}
		return RoleID, "", true
	case joined == "id" || joined == "uuid":
		return RoleID, "", true
	}
	if t := findCollection(s, c, ws); t != nil && t != c && len(ws) == 1 && !HasWord(ws, textRoleWords...) {
		// "customer" on a charge holds a customer's id.
		return RoleRef, t.Name, true
	}
	if len(ws) == 1 && HasWord(ws, workerWords...) {
		// A person who works on the record: one of the app's users where
		// it keeps them, else their handle.
		if t := usersOf(s, c); t != nil {
			return RoleRef, t.Name, true
		}
		return RoleUsername, "", true
	}
	return "", "", false
}

// PartyCollection reports whether a collection's records are people or
// companies by its name (contacts, leads, accounts): records whose url is
// their own website.
func PartyCollection(name string) bool {
	return HasWord(Words(name), peopleColls...) || HasWord(Words(name), companyColls...)
}

// wordRole is the role a string's name says in words ("phone", "city",
// "first name"), or "" when it says nothing of its meaning.
func wordRole(c *Collection, n fieldName) string {
	ws, joined, last := n.ws, n.joined, n.last
	people := HasWord(Words(c.Name), peopleColls...) && !HasWord(Words(c.Name), companyColls...)
	switch {
	case phoneNamed(ws):
		return RolePhone
	case joined == "first name" || joined == "given name" || joined == "firstname" || joined == "first":
		return RoleFirstName
	case joined == "last name" || joined == "surname" || joined == "family name" || joined == "lastname" || joined == "last":
		return RoleLastName
	case HasWord(ws, "domain", "domains"):
		return RoleDomain
	case HasWord(ws, "slug"):
		return RoleSlug // a url_slug is the part of an address after the site
	case HasWord(ws, "url", "website", "link", "href", "uri", "homepage"):
		return RoleURL
	case HasWord(ws, "username", "handle", "login", "screen") || joined == "user name":
		return RoleUsername
	case HasWord(ws, orgWords...) && (last == "name" || len(ws) == 1):
		return RoleCompany
	case Qualified(ws) && !people && !HasWord(Words(c.Name), companyColls...):
		// A repository's full_name is owner/name, not a person's.
		return RoleSlug
	case last == "name" && HasWord(ws, personWords...):
		return RolePersonName
	case joined == "name" || joined == "full name" || joined == "display name":
		switch {
		case people:
			return RolePersonName
		case HasWord(Words(c.Name), companyColls...):
			return RoleCompany
		}
		return RoleTitle
	case HasWord(ws, "city"):
		return RoleCity
	case HasWord(ws, "country"):
		return RoleCountry
	case HasWord(ws, "currency"):
		return RoleCurrency
	case HasWord(ws, "timezone", "tz"):
		return RoleTimezone
	case HasWord(ws, "language", "locale"):
		return RoleLanguage
	case HasWord(ws, "color", "colour"):
		return RoleColor
	case HasWord(ws, "department", "team", "division"):
		return RoleDepartment
	case people && HasWord(ws, "title", "job", "position", "role", "occupation"):
		return RoleJobTitle
	case HasWord(ws, "postal", "zip", "postcode"):
		return RoleCode
	case HasWord(ws, "address", "street", "location", "venue"):
		return RoleAddress
	case HasWord(ws, "number", "code", "reference", "ref", "sku", "key", "slug", "barcode", "serial"):
		return RoleCode
	case HasWord(ws, "title", "subject", "name", "headline", "label", "filename", "topic", "summary"):
		if HasWord(ws, textRoleWords...) && !HasWord(ws, "title", "subject", "name") {
			return RoleText
		}
		return RoleTitle
	case HasWord(ws, textRoleWords...) && HasWord([]string{last}, textPropertyWords...):
		return "" // a content_type or a body_hash is of the text, not text
	case HasWord(ws, textRoleWords...):
		return RoleText
	}
	return ""
}

// Qualified reports whether a field's words name a record's path under
// its owner (GitHub's full_name, GitLab's path_with_namespace), which
// reads "owner/slug".
func Qualified(ws []string) bool {
	switch strings.Join(ws, " ") {
	case "full name", "path with namespace", "full path", "qualified name":
		return true
	}
	return false
}

// textPropertyWords name a property of a text rather than the text
// (content_type, content_hash, body_length).
var textPropertyWords = []string{"type", "hash", "checksum", "length", "size", "encoding", "format", "mime", "disposition", "id", "ids"}

// findCollection resolves the words of a reference ("contact" in
// "contact_id") to a collection of the app other than c, or nil.
func findCollection(s *Server, c *Collection, ws []string) *Collection {
	if len(ws) == 0 || s == nil {
		return nil
	}
	cands := []string{strings.Join(ws, "_"), ws[len(ws)-1]}
	for _, cand := range cands {
		for i := range s.Collections {
			o := &s.Collections[i]
			n := strings.Join(Words(o.Name), "_")
			if n == cand || n == cand+"s" || n == cand+"es" || inflect.Singular(n) == cand ||
				(strings.HasSuffix(cand, "y") && n == cand[:len(cand)-1]+"ies") {
				if o == c && cand == ws[len(ws)-1] && len(ws) > 1 {
					continue
				}
				return o
			}
		}
	}
	return nil
}

// RoleOf is a field's role: the declared one, else the one its name says.
func RoleOf(s *Server, c *Collection, name string) (role, ref string) {
	f := c.Fields[name]
	if f.Role != "" {
		return f.Role, f.Ref
	}
	return InferRole(s, c, name, f)
}

// validateRoles checks declared roles: known, a reference names a
// collection of the app, and the role suits the field's type.
func validateRoles(e *Entry, s *Server) Diagnostics {
	var ds Diagnostics
	for i, c := range s.Collections {
		for _, name := range sortedFieldNames(c.Fields) {
			f := c.Fields[name]
			at := fmt.Sprintf("collections[%d].fields.%s", i, name)
			if f.Role == "" {
				if f.Ref != "" {
					ds = append(ds, e.Diag(Error, at+".ref", "ref %q without role ref", f.Ref))
				}
				continue
			}
			if _, ok := FieldRoleDoc(f.Role); !ok {
				ds = append(ds, e.Diag(Error, at+".role", "unknown role %q", f.Role))
				continue
			}
			if f.Role == RoleRef {
				if f.RefBy != "" && f.Ref == "" {
					ds = append(ds, validateRefBy(e, s, c, f, at)...)
				} else if f.Ref == "" || s.Collection(f.Ref) == nil {
					ds = append(ds, e.Diag(Error, at+".ref", "role ref needs ref naming a collection of %s, got %q", s.AppName(), f.Ref))
				}
			} else if f.Ref != "" {
				ds = append(ds, e.Diag(Error, at+".ref", "ref %q on a field of role %s", f.Ref, f.Role))
			}
			if msg := roleTypeMismatch(f); msg != "" {
				ds = append(ds, e.Diag(Error, at+".role", "role %s %s", f.Role, msg))
			}
			if t := KeyNamed(s, &s.Collections[i], name); f.Role == RoleID && t != nil {
				ds = append(ds, e.Diag(Warning, at+".role", "role id on a field that names a record of %s: declare role ref, ref %s", t.Name, t.Name))
			}
			if (f.Role == RoleID || f.Role == RoleCode) && SelfNamed(&s.Collections[i], name) {
				ds = append(ds, e.Diag(Warning, at+".role", "role %s on a field that names another record of %s (its parent, the message it replies to): declare role ref, ref %s", f.Role, c.Name, c.Name))
			}
			if (f.Role == RoleID || f.Role == RoleCode) && phoneNamed(Words(name)) {
				ds = append(ds, e.Diag(Warning, at+".role", "role %s on a field whose name says a phone number: declare role phone", f.Role))
			}
			ds = append(ds, validateFieldNamed(e, s, &s.Collections[i], name, at)...)
		}
	}
	return ds
}

// phoneNamed reports whether a field's name words say it holds a phone
// number: a phone, a mobile, a fax, a toll-free number, a number texts
// go to (Calendly's text_reminder_number).
func phoneNamed(ws []string) bool {
	return HasWord(ws, "phone", "mobile", "fax") || HasWord(ws, "toll") && HasWord(ws, "free") ||
		HasWord(ws, "number") && HasWord(ws, "text", "sms")
}

// KeyNamed is the other collection of s whose records a field of c holds
// the keys of by its name alone, or nil: a field named as that
// collection's key (Jira Service Management's comments carry issueKey,
// the key of its requests), an id named for it cut short (Pipedrive's
// org_id, an organization's), or an id named for its head noun alone
// (Calendly's invitees carry event_id, a scheduled event's; Outlook's
// messages parentFolderId, a mail folder's). A field that is c's own key
// names none, nor a name two collections might be short for.
func KeyNamed(s *Server, c *Collection, name string) *Collection {
	if name == c.KeyField() {
		return nil
	}
	var hit *Collection
	for i := range s.Collections {
		o := &s.Collections[i]
		if o == c {
			continue
		}
		if k := o.KeyField(); k == name && len(Words(k)) > 1 {
			return o
		}
		if namesKeyOf(name, o) {
			if hit != nil {
				return nil
			}
			hit = o
		}
	}
	return hit
}

// selfRelations are the words that name another record of a field's own
// collection: a folder's parent folder, the message a message replies to.
var selfRelations = [][]string{{"parent"}, {"in", "reply", "to"}, {"reply", "to"}, {"replied", "to"}}

// SelfNamed says whether a field of c names, by its name alone, another
// record of c: a relation (parent, reply to) then, at most, c's head noun
// and an id or key (Confluence's parent_id, Outlook's mail folders'
// parentFolderId, Telegram's reply_to_message_id), or c's head noun and
// "reference" (Discord's message_reference). c's own key names none.
func SelfNamed(c *Collection, name string) bool {
	ws := Words(name)
	if name == c.KeyField() || len(ws) < 2 {
		return false
	}
	last := ws[len(ws)-1]
	if !HasWord([]string{last}, "id", "ids", "key", "keys", "reference") {
		return false
	}
	ws = ws[:len(ws)-1]
	related := last == "reference"
	for _, rel := range selfRelations {
		if len(ws) >= len(rel) && slices.Equal(ws[:len(rel)], rel) {
			ws, related = ws[len(rel):], true
			break
		}
	}
	of := Words(inflect.Singular(strings.Join(Words(c.Name), " ")))
	return related && len(ws) <= len(of) && slices.Equal(of[len(of)-len(ws):], ws)
}

// namesKeyOf says whether a field's name, an id or key after some words,
// names o by those words: cut short (org for organizations) or o's head
// noun without its qualifier (event for scheduled_events). A leading
// "parent" says which record of o, not which collection.
func namesKeyOf(name string, o *Collection) bool {
	ws := Words(name)
	if len(ws) < 2 || !HasWord(ws[len(ws)-1:], "id", "ids", "key", "keys") {
		return false
	}
	ws = ws[:len(ws)-1]
	if len(ws) > 1 && ws[0] == "parent" {
		ws = ws[1:]
	}
	of := Words(inflect.Singular(strings.Join(Words(o.Name), " ")))
	if len(ws) == 1 && len(ws[0]) >= 3 && len(of) > 0 && len(of[0]) > len(ws[0]) && strings.HasPrefix(of[0], ws[0]) {
		return true
	}
	return len(of) > len(ws) && slices.Equal(of[len(of)-len(ws):], ws)
}

// validateRefBy checks a reference whose collection another field names:
// ref_by is a field of the collection, and refs maps values of it (of its
// enum, where it has one) to collections of the app.
func validateRefBy(e *Entry, s *Server, c Collection, f Field, at string) Diagnostics {
	by, ok := c.Fields[f.RefBy]
	if !ok {
		return Diagnostics{e.Diag(Error, at+".ref_by", "no field %q in collection %s", f.RefBy, c.Name)}
	}
	if len(f.Refs) == 0 {
		return Diagnostics{e.Diag(Error, at+".refs", "ref_by needs refs mapping values of %s to collections of %s", f.RefBy, s.AppName())}
	}
	var ds Diagnostics
	for _, kind := range slices.Sorted(maps.Keys(f.Refs)) {
		if len(by.Enum) > 0 && !slices.ContainsFunc(by.Enum, func(v any) bool { return fmt.Sprint(v) == kind }) {
			ds = append(ds, e.Diag(Error, at+".refs."+kind, "%q is not a value of %s %v", kind, f.RefBy, by.Enum))
		}
		if s.Collection(f.Refs[kind]) == nil {
			ds = append(ds, e.Diag(Error, at+".refs."+kind, "no collection %q in %s", f.Refs[kind], s.AppName()))
		}
	}
	return ds
}

// roleTypeMismatch says why a role does not suit a field's type, or "".
// countsNotMoney says whether a field's description counts time or
// things, not money ("Days requested": BambooHR's time-off amount).
func countsNotMoney(desc string) bool {
	ws := Words(desc)
	return len(ws) > 0 && HasWord(ws[:1], "days", "hours", "minutes", "weeks", "points", "percent", "number")
}

func roleTypeMismatch(f Field) string {
	switch f.Role {
	case RoleMoney, RoleCount:
		if f.Type != "number" && f.Type != "integer" && f.Type != "" {
			return "needs a number field, not " + f.Type
		}
		if f.Role == RoleMoney && countsNotMoney(f.Description) {
			return "on a field its description counts in other units: " + f.Description
		}
	case RoleFlag:
		if f.Type != "boolean" && f.Type != "" {
			return "needs a boolean field, not " + f.Type
		}
	case RoleEmails, RoleTags:
		if f.Type != "array" && f.Type != "" {
			return "needs a list field, not " + f.Type
		}
	case RoleData, RoleRef, RoleID, RoleStatus:
	case RoleDate: // a date, or a time counted since the epoch in its unit
		if f.Type != "string" && f.Type != "" && !f.IsEpoch() {
			return "needs a string field, or an integer one of an epoch unit, not " + f.Type
		}
	case RolePhone: // one number, or a list of them (an SMS's recipients)
		if f.Type != "string" && f.Type != "array" && f.Type != "" {
			return "needs a string or list field, not " + f.Type
		}
	default:
		if f.Type != "string" && f.Type != "" {
			return "needs a string field, not " + f.Type
		}
	}
	return ""
}

func sortedFieldNames(m map[string]Field) []string {
	out := slices.Sorted(maps.Keys(m))
	return out
}

// workerWords name a person who works on a record.
var workerWords = []string{"assignee", "owner", "requester", "author", "creator", "reporter", "organizer", "host", "sender", "approver", "reviewer", "responder"}

// usersOf is the collection of the app's users (agents, members), or nil.
func usersOf(s *Server, c *Collection) *Collection {
	for _, cand := range []string{"users", "agents", "members", "teammates", "staff", "employees"} {
		if t := s.Collection(cand); t != nil && t != c {
			return t
		}
	}
	return nil
}
