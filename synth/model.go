package synth

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/internal/inflect"
)

// appModel is what synthesis reads from one server atom: the roles its
// collections' fields play (a name, an email, an amount, a status), found
// from names, types and formats, so that one template fits many products.
type appModel struct {
	app       string // the app name in collection references
	id        string // the server atom id
	family    string
	title     string // the product name people use ("Google Calendar")
	server    *atom.Server
	catalogue []atom.Tool // the app's operations, from the library's catalogue
	ops       []atom.Tool // what the app can do: the server atom's tools
	colls     []*collModel
	byName    map[string]*collModel
}

// collModel is one collection and the roles of its fields.
type collModel struct {
	app    *appModel
	name   string
	c      *atom.Collection
	key    string
	prefix string
	// shape is what coherence derives from the definition, once for every
	// record the model draws.
	shape *coherence.Shape

	display    string // field people name the record by
	first      string // given name, for people without a full-name field
	last       string // family name
	email      string // single address
	emailList  string // list of addresses (recipients)
	phone      string // phone number
	company    string // company or organisation name
	amount     string // money
	text       string // free text (body, description, notes)
	enums      []enumField
	bools      []string
	lists      []string // lists of plain strings (tags, labels)
	dates      []string // date or date-time fields
	refs       []refField
	ints       []string
	fieldNames []string          // sorted
	roles      map[string]string // field -> role (declared in the atom, else read from its name)
	kindOf     string            // collKind of the name, read once for every record drawn
}

// kind is collKind of the collection's name.
func (cm *collModel) kind() string {
	if cm.kindOf != "" {
		return cm.kindOf
	}
	return cm.kind()
}

type enumField struct {
	name   string
	values []string
	all    []string // every state, where values are those a task may set
}

// refField is a field holding the key of a record of another collection of
// the same app ("contact_id", "tag_ids").
type refField struct {
	name   string
	target *collModel
	list   bool
	by     string // the target's field the value holds (ref_field), where not its key
}

// human renders a field name for instructions: "requester_email" ->
// "requester email".
func human(s string) string { return strings.Join(atom.Words(s), " ") }

// hasWord reports whether any of the words ws is one of any (atom.HasWord).
var hasWord = atom.HasWord

func lastWord(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// singular turns a collection name into the noun for one record.
func singular(s string) string { return inflect.Singular(human(s)) }

// productNames spells product names whose casing a title-case rule gets wrong.
var productNames = map[string]string{
	"hubspot": "HubSpot", "quickbooks": "QuickBooks", "github": "GitHub", "gitlab": "GitLab",
	"docusign": "DocuSign", "linkedin": "LinkedIn", "youtube": "YouTube", "pagerduty": "PagerDuty",
	"bamboohr": "BambooHR", "zoho": "Zoho", "chatgpt": "ChatGPT", "woocommerce": "WooCommerce",
	"bigcommerce": "BigCommerce", "mailchimp": "Mailchimp", "sendgrid": "SendGrid", "clickup": "ClickUp",
	"smartsheet": "Smartsheet", "freshbooks": "FreshBooks", "freshdesk": "Freshdesk", "helpscout": "Help Scout",
	"helpcrunch": "HelpCrunch", "basecamp3": "Basecamp", "gotomeeting": "GoTo Meeting", "onedrive": "OneDrive",
	"sharepoint": "SharePoint", "dropbox": "Dropbox", "webex": "Webex", "netsuite": "NetSuite",
	"activecampaign": "ActiveCampaign", "pandadoc": "PandaDoc", "hellosign": "HelloSign", "ms": "Microsoft",
	"servicenow": "ServiceNow", "crm": "CRM", "hr": "HR", "sms": "SMS", "happyfox": "HappyFox",
	"convertkit": "ConvertKit", "ringcentral": "RingCentral", "statuspage": "Statuspage", "bigquery": "BigQuery", "jotform": "Jotform", "typeform": "Typeform", "surveymonkey": "SurveyMonkey",
}

func productTitle(id string) string {
	if t, ok := productNames[id]; ok {
		return t
	}
	ws := atom.Words(id)
	for i, w := range ws {
		if t, ok := productNames[w]; ok {
			ws[i] = t
			continue
		}
		if w != "" {
			ws[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(ws, " ")
}

var (
	displayPref = [][]string{
		{"name"}, {"title"}, {"subject"}, {"display", "name"}, {"full", "name"}, {"summary"},
		{"headline"}, {"label"}, {"filename"}, {"file", "name"}, {"company", "name"}, {"topic"},
	}
	textWords    = []string{"body", "description", "notes", "note", "content", "message", "text", "comment", "details", "bio", "reason", "feedback", "memo", "agenda", "instructions"}
	listTagWords = []string{"tags", "tag", "labels", "label", "categories", "category", "keywords", "skills", "topics"}
	recipients   = map[string]bool{"to": true, "cc": true, "bcc": true, "recipients": true, "to recipients": true, "cc recipients": true, "bcc recipients": true, "email addresses": true, "emails": true, "attendees": true, "invitees": true, "participants": true, "guests": true}
)

// newAppModel reads a server atom and the catalogue of its operations.
func newAppModel(e *atom.Entry, catalogue []atom.Tool) *appModel {
	s := e.MustServer()
	m := &appModel{app: s.AppName(), id: s.ID, family: s.Family, title: productTitle(s.AppName()), server: s, catalogue: catalogue, byName: map[string]*collModel{}}
	m.ops = m.operations()
	for i := range s.Collections {
		c := &s.Collections[i]
		cm := &collModel{app: m, name: c.Name, c: c, key: c.KeyField(), prefix: c.Prefix(), shape: coherence.ShapeOf(s, c), kindOf: collKind(c.Name, s.Family)}
		m.colls = append(m.colls, cm)
		m.byName[c.Name] = cm
	}
	for _, cm := range m.colls {
		cm.analyse()
	}
	return m
}

func (cm *collModel) ref() string { return cm.app.app + "." + cm.name }

func (cm *collModel) analyse() {
	names := slices.Sorted(maps.Keys(cm.c.Fields))
	cm.fieldNames = names
	cm.roles = map[string]string{}
	for _, n := range names {
		role, ref := atom.RoleOf(cm.app.server, cm.c, n)
		cm.roles[n] = role
		if n == cm.key {
			continue
		}
		f := cm.c.Fields[n]
		switch role {
		case atom.RoleEmails:
			// A record's own addresses are its person's: a message's
			// sender's and recipients', not those it copies; a ticket's
			// customer's, not its assignee's.
			if cm.emailList == "" || isSecondary(cm.emailList) && !isSecondary(n) {
				cm.emailList = n
			}
		case atom.RoleRef:
			if t := cm.app.byName[ref]; t != nil && t != cm {
				cm.refs = append(cm.refs, refField{name: n, target: t, list: f.Type == "array", by: refBy(f, t)})
			}
		case atom.RoleTags:
			cm.lists = append(cm.lists, n)
		case atom.RoleEmail:
			if cm.email == "" || strings.Join(atom.Words(n), " ") == "email" || isSecondary(cm.email) && !isSecondary(n) {
				cm.email = n
			}
		case atom.RoleStatus:
			var vs []string
			for _, v := range f.Enum {
				if s, ok := v.(string); ok && s != "" {
					vs = append(vs, s)
				}
			}
			if len(vs) >= 2 && f.Type == "string" {
				cm.enums = append(cm.enums, enumField{name: n, values: vs})
			}
		case atom.RoleFlag:
			cm.bools = append(cm.bools, n)
		case atom.RoleMoney:
			// The amount a template reads is what the record is worth,
			// not what is still owed: a balance goes to 0 once paid.
			if cm.amount == "" || (coherence.IsOwed(cm.amount) && !coherence.IsOwed(n)) {
				cm.amount = n
			}
		case atom.RoleCount:
			cm.ints = append(cm.ints, n)
		case atom.RoleDate:
			if !f.IsEpoch() {
				// A count since the epoch (Quip's created_usec) is
				// drawn by its unit; the dates templates read are
				// written as dates.
				cm.dates = append(cm.dates, n)
			}
		case atom.RolePhone:
			if cm.phone == "" && f.Type != "array" {
				cm.phone = n
			}
		case atom.RoleFirstName:
			cm.first = n
		case atom.RoleLastName:
			cm.last = n
		case atom.RoleCompany:
			if cm.company == "" {
				cm.company = n
			}
		case atom.RoleText:
			if cm.text == "" && f.Type == "string" && hasWord(atom.Words(n), textWords...) {
				cm.text = n
			}
		}
	}
	cm.display = cm.pickDisplay()
}

// pickDisplay chooses the field people name a record by: a preferred name
// whose role is a name or a title, else a title, a person's or company's
// name, a document number; never a field drawn from the product's
// examples, which many records share (a conversion's "Purchase").
func (cm *collModel) pickDisplay() string {
	// A person with a given and a family name is called by them, not by
	// their company's name (Klaviyo's profiles, Square's customers): "Ana
	// Ruiz of Granite Holdings", never "Granite Holdings of Granite
	// Holdings".
	person := cm.first != "" && cm.last != ""
	nameRole := func(r string) bool {
		return r == atom.RoleTitle || r == atom.RolePersonName || (r == atom.RoleCompany && !person) || r == atom.RoleCode
	}
	// Neither a place's postal code nor the name of someone acting for the
	// record's person (an assistant) names the record: a lead whose only
	// code is its postal code is called by its person, not "LEA-3484".
	named := func(n string) bool { return !isPostalCode(n) && aideWord(n) == "" }
	for _, pref := range displayPref {
		for _, n := range cm.fieldNames {
			f := cm.c.Fields[n]
			if n == cm.key || f.Type != "string" || len(f.Enum) > 0 || len(f.Examples) > 0 || !nameRole(cm.roles[n]) || !named(n) {
				continue
			}
			if strings.Join(atom.Words(n), " ") == strings.Join(pref, " ") {
				return n
			}
		}
	}
	for _, want := range []string{atom.RoleTitle, atom.RolePersonName, atom.RoleCompany, atom.RoleCode} {
		if want == atom.RoleCompany && person {
			continue
		}
		for _, n := range cm.fieldNames {
			if n != cm.key && cm.roles[n] == want && cm.c.Fields[n].Type == "string" && len(cm.c.Fields[n].Examples) == 0 && named(n) {
				if want == atom.RolePersonName && hasWord(atom.Words(n), roleWords...) {
					continue // an owner's name is not the record's
				}
				return n
			}
		}
	}
	// A title the atom calls text (Google Calendar's event "summary"):
	// a field named as a title is still what people call the record by.
	for _, n := range cm.fieldNames {
		if f := cm.c.Fields[n]; n != cm.key && f.Type == "string" && len(f.Enum) == 0 && cm.roles[n] == atom.RoleText && hasWord([]string{human(n)}, "summary", "title", "subject", "name") {
			return n
		}
	}
	return ""
}

// isPostalCode reports whether field f is named as a postal code (a
// postal_code, a zip, a postcode): a place's code, drawn as one in every
// app, never a record's name or key.
func isPostalCode(f string) bool { return hasWord(atom.Words(f), "postal", "zip", "postcode") }

// isPeople reports whether records of the collection are people one can
// email.
func (cm *collModel) isPeople() bool {
	if cm.email == "" || hasWord(atom.Words(cm.email), roleWords...) {
		// An assignee's or an owner's address says who works on the
		// record, not that the record is a person.
		return false
	}
	if k := cm.kind(); k != "generic" && k != "company" {
		return false
	}
	return cm.first != "" || (cm.display != "" && hasWord(atom.Words(cm.display), "name")) || cm.display == ""
}

// roleWords name the person an address belongs to when it is not the
// record's own.
var roleWords = []string{"assignee", "owner", "creator", "author", "sender", "organizer", "organiser", "manager", "approver",
	"submitter", "reporter", "from", "created", "by", "host", "agent", "requester", "reviewer", "updated", "modified"}

// peopleLike reports whether a record's name is a person's name.
func (cm *collModel) peopleLike() bool {
	if cm.isPeople() {
		return true
	}
	return hasWord(atom.Words(cm.name), "contacts", "people", "users", "members", "employees", "candidates", "applicants",
		"subscribers", "agents", "teammates", "attendees", "participants", "recipients", "signers", "persons", "staff") && cm.kind() != "company" ||
		cm.kind() == "candidate"
}

// named reports whether records can be named to a person in an instruction.
func (cm *collModel) named() bool { return cm.display != "" || cm.first != "" }

// exposed reports whether the app's API has any tool on the collection;
// templates are instantiated over the objects an API exposes.
func (cm *collModel) exposed() bool {
	for i := range cm.app.server.Tools {
		if cm.app.server.Tools[i].Effect.Collection == cm.name {
			return true
		}
	}
	return false
}

// field returns a field definition.
func (cm *collModel) field(n string) atom.Field { return cm.c.Fields[n] }

// toolsFor lists the app's tools with an effect of kind on this collection.
func (cm *collModel) toolsFor(kind string) []*atom.Tool {
	var out []*atom.Tool
	for i := range cm.app.server.Tools {
		t := &cm.app.server.Tools[i]
		if t.Effect.Kind == kind && t.Effect.Collection == cm.name {
			out = append(out, t)
		}
	}
	return out
}

// sentMarker returns the constant fields the app's send tool stamps on a
// message it creates (folder: sent, isDraft: false), which tell a sent
// message from a draft; nil when no create tool reads as sending.
func (cm *collModel) sentMarker() map[string]any {
	for _, t := range cm.toolsFor("create") {
		ws := atom.Words(t.Name)
		if !hasWord(ws, "send", "reply", "post", "forward") {
			continue
		}
		out := map[string]any{}
		for k, v := range t.Effect.Set {
			if _, isField := cm.c.Fields[k]; !isField {
				continue
			}
			if hasWord(atom.Words(k), "from", "sender", "author", "user") {
				continue
			}
			if l, ok := v.([]any); ok {
				// On a list field, equality means "has the element".
				if len(l) == 0 {
					continue
				}
				v = l[0]
			}
			if atom.StandsIn(v) {
				continue // the clock, a setting, a record named by what it is: no constant to ask for
			}
			out[k] = v
		}
		return out
	}
	return nil
}

// withRole lists the fields of the collection with one of the roles.
func (cm *collModel) withRole(roles ...string) []string {
	var out []string
	for _, n := range cm.fieldNames {
		for _, r := range roles {
			if n != cm.key && cm.roles[n] == r {
				out = append(out, n)
			}
		}
	}
	return out
}

// operations are what the app's server atom serves. Templates ask only
// for what these tools do: an intent that needs an operation the atom
// lacks (even one its catalogue lists) would fail server.missing_tool
// until evolution added the tool, and the round's gain would then count
// repairs of synthesis's own assumptions.
func (m *appModel) operations() []atom.Tool {
	return append([]atom.Tool(nil), m.server.Tools...)
}

// writes reports whether some operation of the app writes value into the
// field of the collection's records: an argument that writes the field, a
// constant it sets, or an append to it. Templates ask only for such
// changes: a task the product cannot do is no task.
func (cm *collModel) writes(field string, value any) bool {
	return cm.writesBy(field, value, "update", "append")
}

// writesBy is writes for operations of the given effect kinds (a create
// that stamps a state does not change a record that exists).
func (cm *collModel) writesBy(field string, value any, kinds ...string) bool {
	for _, t := range cm.app.ops {
		if t.Effect.Collection != cm.name || !oneOfKinds(t.Effect.Kind, kinds) {
			continue
		}
		switch t.Effect.Kind {
		case "update", "create":
			// A constant writes the value the task asks for only when it is
			// that value: a create that stamps the host writes no other host.
			if v, ok := t.Effect.Set[field]; ok && value != nil && fmt.Sprint(v) == fmt.Sprint(value) {
				return true
			}
			for arg := range atom.InputProperties(t.Input) {
				f := arg
				if m, ok := t.Effect.Fields[arg]; ok {
					f = m
				}
				if f == field && !(t.Effect.Kind == "update" && arg == t.Effect.Key) {
					return true
				}
			}
		case "append":
			if t.Effect.Field == field {
				return true
			}
		}
	}
	return false
}

// setByMadeUpID reports whether every tool that sets field to v also
// requires an argument naming a record or a person that no task gives (the
// option a poll closes on, the user an asset goes to): the agent would
// make one up, and any made-up one keeps full reward. Free text such a tool
// requires (a closing note) is the agent's to write and does not count.
func (cm *collModel) setByMadeUpID(field string, v any) bool {
	n := 0
	for _, t := range cm.toolsFor("update") {
		c, stamped := t.Effect.Set[field]
		arg := argFor(t, cm, field)
		if stamped && fmt.Sprint(c) != fmt.Sprint(v) || !stamped && arg == "" {
			continue
		}
		n++
		key, _ := keyArg(t, cm, "t")
		madeUp := false
		for _, r := range requiredArgs(t) {
			madeUp = madeUp || r != key && r != arg && cm.namesSomeone(t, r)
		}
		if !madeUp {
			return false
		}
	}
	return n > 0
}

// namesSomeone reports whether a tool's argument names a record or a
// person: by the role of the field it writes, else by the role its name
// and type say.
func (cm *collModel) namesSomeone(t *atom.Tool, arg string) bool {
	field := arg
	if f, ok := t.Effect.Fields[arg]; ok {
		field = f
	}
	role, ok := cm.roles[field]
	if !ok {
		props, _ := t.Input["properties"].(map[string]any)
		schema, _ := props[arg].(map[string]any)
		typ, _ := schema["type"].(string)
		role, _ = atom.InferRole(cm.app.server, cm.c, arg, atom.Field{Type: typ})
	}
	switch role {
	case atom.RoleID, atom.RoleRef, atom.RoleEmail, atom.RoleEmails, atom.RoleUsername:
		return true
	}
	return false
}

// settableEnums are the collection's enums with the values some operation
// sets from arguments a task gives, keeping those with two or more.
func (cm *collModel) settableEnums() []enumField {
	var out []enumField
	for _, e := range cm.enums {
		var vs []string
		for _, v := range e.values {
			if cm.writes(e.name, v) && !cm.setByMadeUpID(e.name, v) {
				vs = append(vs, v)
			}
		}
		if len(vs) >= 2 || (len(vs) == 1 && len(e.values) >= 2) {
			// One settable state still makes a task when the record can
			// start in another.
			out = append(out, enumField{name: e.name, values: vs, all: e.values})
		}
	}
	return out
}

// writableLists are the tag lists some operation adds to.
func (cm *collModel) writableLists() []string {
	var out []string
	for _, f := range cm.lists {
		if cm.writes(f, nil) {
			out = append(out, f)
		}
	}
	return out
}

func oneOfKinds(k string, kinds []string) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// findable reports whether some search of the app finds the collection's
// records by what a colleague would say: their name, or their address.
func (cm *collModel) findable() bool {
	for _, t := range cm.app.ops {
		if t.Effect.Collection != cm.name {
			continue
		}
		if t.Effect.Kind == "search" && cm.knowsRequired(t) {
			for _, f := range t.Effect.Filters {
				field := f.Field
				if field == "" {
					field = f.Arg
				}
				if field != "" && (field == cm.display || field == cm.email || field == cm.first || field == cm.last) {
					return true
				}
			}
			if len(t.Effect.Filters) == 0 {
				for arg := range atom.InputProperties(t.Input) {
					if arg == cm.display || arg == cm.email || arg == cm.first || arg == cm.last {
						return true
					}
				}
			}
		}
	}
	return false
}

// keyed reports whether some tool of the app reads or writes one of the
// collection's records by its key alone: a record a colleague names by id
// can then be acted on.
func (cm *collModel) keyed() bool {
	for _, t := range cm.app.ops {
		if t.Effect.Collection != cm.name || !oneOfKinds(t.Effect.Kind, []string{"get", "update", "append"}) {
			continue
		}
		req := requiredArgs(&t)
		k := t.Effect.Key
		if k == "" {
			k = cm.key
		}
		if len(req) == 0 || len(req) == 1 && req[0] == k || t.Effect.Kind != "get" {
			return true
		}
	}
	return false
}

// knowsRequired reports whether a colleague's words give every argument a
// search requires: the record's name or address, not an id the agent has
// no way to learn.
func (cm *collModel) knowsRequired(t atom.Tool) bool {
	req, _ := t.Input["required"].([]any)
	for _, r := range req {
		arg, _ := r.(string)
		field := arg
		for _, f := range t.Effect.Filters {
			if f.Arg == arg && f.Field != "" {
				field = f.Field
			}
		}
		if field != cm.display && field != cm.email && field != cm.first && field != cm.last {
			return false
		}
	}
	return true
}
