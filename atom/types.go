// Package atom defines legoenv's four kinds of atom (server, data, rule,
// intent) and the environment recipe that pins them, loads them from a
// library of YAML files with errors that name file, field and line, and gives
// each atom a version: the hash of its canonical form.
package atom

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
)

// Kind is an atom kind.
type Kind string

// The atom kinds.
const (
	KindServer Kind = "server"
	KindData   Kind = "data"
	KindRule   Kind = "rule"
	KindIntent Kind = "intent"
)

// Kinds returns the atom kinds in composition order, a fresh slice.
func Kinds() []Kind { return []Kind{KindServer, KindData, KindRule, KindIntent} }

// ValidToolName says whether name follows the pattern tool names follow
// (OpenAI and MCP both accept it): toolNameRE.
func ValidToolName(name string) bool { return toolNameRE.MatchString(name) }

// toolNameRE is the pattern tool names follow.
var toolNameRE = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// Lineage records where an evolved atom version came from. It is not part of
// the version hash.
type Lineage struct {
	Parent    string   `json:"parent"`
	RootCause string   `json:"root_cause,omitempty"`
	Repairer  string   `json:"repairer,omitempty"`
	Round     int      `json:"round,omitempty"`
	Fixed     []string `json:"fixed,omitempty"`
	Time      string   `json:"time,omitempty"`
	Note      string   `json:"note,omitempty"`
}

// Server is one application: its collections and its tools.
type Server struct {
	Kind        Kind         `json:"kind"`
	ID          string       `json:"id"`
	Description string       `json:"description,omitempty"`
	App         string       `json:"app,omitempty"`    // the app name used in collection names; defaults to ID
	Family      string       `json:"family,omitempty"` // email, crm, helpdesk, ...
	Collections []Collection `json:"collections"`
	Tools       []Tool       `json:"tools"`
	// Examples are conformance cases: calls on a small state with what
	// the product answers, each citing the documentation it comes from.
	Examples []Example `json:"examples,omitempty"`
	// InvalidArguments is the product's error code for a call whose
	// arguments its schema refuses, a required one missing (Slack's
	// invalid_arguments, Stripe's parameter_missing): the observation
	// starts with it, then says what is wrong.
	InvalidArguments string   `json:"invalid_arguments,omitempty"`
	Lineage          *Lineage `json:"lineage,omitempty"`
}

// AppName is the app's name in collection references ("gmail" in gmail.messages).
func (s *Server) AppName() string {
	if s.App != "" {
		return s.App
	}
	return s.ID
}

// Collection returns the named collection (without the app prefix).
func (s *Server) Collection(name string) *Collection {
	for i := range s.Collections {
		if s.Collections[i].Name == name {
			return &s.Collections[i]
		}
	}
	return nil
}

// Tool returns the named tool.
func (s *Server) Tool(name string) *Tool {
	for i := range s.Tools {
		if s.Tools[i].Name == name {
			return &s.Tools[i]
		}
	}
	return nil
}

// Collection is an entity type of an app.
type Collection struct {
	Name        string           `json:"name"`
	Description string           `json:"description,omitempty"`
	Key         string           `json:"key,omitempty"`       // key field, default "id"
	IDPrefix    string           `json:"id_prefix,omitempty"` // prefix of generated keys, default first letters of the name + "_"
	Fields      map[string]Field `json:"fields"`
	// PrefixWhen gives the keys of records of some kinds a prefix of their
	// own, where the product's ids say what a record is (a Slack direct
	// message's id starts with D, a channel's with C); see PrefixOf.
	PrefixWhen []StatePrefix `json:"id_prefix_when,omitempty"`
	// Volatile lists the fields the server sets itself (a counter the API
	// keeps, a sync token): a whole-world goal never compares them. A
	// field a tool stamps with the clock goes with that tool's change
	// (ClockStamps), and is not volatile.
	Volatile []string `json:"volatile,omitempty"`
	// Lifecycle is the status machine of the collection's records, and
	// Invariants the rules across fields every record keeps (see
	// behaviour.go). Both optional.
	Lifecycle  *Lifecycle  `json:"lifecycle,omitempty"`
	Invariants []Invariant `json:"invariants,omitempty"`
	// Mailbox, on a mail app's messages, names the signed-in user whose
	// mail they are (mailbox.go).
	Mailbox *Mailbox `json:"mailbox,omitempty"`
	// NotFound is the product's error for an id that names no record of
	// the collection (Stripe's "No such customer: '{value}'"); "{value}"
	// is replaced by the id. Empty: a generic error naming the field.
	NotFound string `json:"not_found,omitempty"`
	// Noun is the kind of thing a record is where its name must read as
	// one (a workflow "state", a pipeline "stage", a "label"): synthesis
	// draws the record's name from that kind's vocabulary (see NounOf).
	// Empty: read from the collection's name where it says so
	// unambiguously (NounOf), else the name reads as a piece of work.
	Noun string `json:"noun,omitempty"`
	// Staff, on a collection of the workspace's own people, says which
	// records are its staff and where their work addresses are (staff.go).
	Staff *Staff `json:"staff,omitempty"`
	// Own says the collection's records are the workspace company's own
	// things, not a customer's (its job postings, its status page's
	// components, its service desk's request types, its folders, the
	// items it sells): their free text speaks of that company, never of a
	// customer as if the record were theirs.
	Own bool `json:"own,omitempty"`
	// Holds are records every world of the app holds because the product
	// makes them, not its users: the bot user a Slack app posts as, which
	// users.list lists. A tool's constant that names one (a message's
	// author) then names a record of the world. Synthesis adds each to
	// every world of the app that lacks a record of its key; the
	// coherence check reports a world without it.
	Holds []map[string]any `json:"holds,omitempty"`
}

// VolatileFields is the collection's declared volatile fields, sorted.
func (s *Server) VolatileFields(coll string) []string {
	var out []string
	for _, c := range s.Collections {
		if c.Name == coll {
			out = append(out, c.Volatile...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ClockStamps maps each field a tool of the collection sets to the clock
// ("$now") to the fields the same tool writes beside it (its other
// constants and the fields its arguments write), and each timestamp the
// lifecycle keeps to its status field: a stamp that goes with a change
// (cancelled_at with status, updated_at with any edit), never one made
// alone (a trash tool that only stamps trashed_at). A field a tool moving
// the status requires beside it (a cancellation's comment) moves with the
// status too (transitionArgs).
func (s *Server) ClockStamps(coll string) map[string][]string {
	c := s.Collection(coll)
	if c == nil {
		return nil
	}
	out := map[string][]string{}
	for _, t := range s.Tools {
		if t.Effect.Collection != coll {
			continue
		}
		var stamps, writes []string
		for f, v := range t.Effect.Set {
			if v == "$now" {
				stamps = append(stamps, f)
			} else {
				writes = append(writes, f)
			}
		}
		key, _ := t.Effect.KeyArg(c)
		for arg := range InputProperties(t.Input) {
			if arg != key {
				writes = append(writes, t.Effect.FieldOf(arg))
			}
		}
		for _, f := range stamps {
			out[f] = append(out[f], writes...)
		}
	}
	if lc := c.Lifecycle; lc != nil {
		// A lifecycle stamps its timestamps as the status moves.
		for _, st := range lc.Stamps {
			out[st.Field] = append(out[st.Field], lc.Field)
		}
		// And the fields its moves carry along (a cancelled order's
		// authorised payment, voided) move with it.
		for _, ef := range lc.Effects {
			out[ef.Field] = append(out[ef.Field], lc.Field)
		}
		for _, f := range transitionArgs(s, c) {
			out[f] = append(out[f], lc.Field)
		}
	}
	// A field a record rule computes from others (Computed) moves with
	// them: an incident's priority as its impact changes.
	for _, inv := range c.Invariants {
		if inv.Computed() {
			out[inv.Fields[0]] = append(out[inv.Fields[0]], inv.Fields[1:]...)
		}
	}
	for f, ws := range out {
		slices.Sort(ws)
		out[f] = slices.Compact(ws)
	}
	return out
}

// transitionArgs are the fields of c that a tool moving c's lifecycle
// field to a state writes from an argument it requires: the product
// records them as part of that move (an Adobe Sign cancellation's
// comment, agreementCancellationInfo.comment of PUT
// /agreements/{agreementId}/state,
// https://secure.adobesign.com/public/docs/restapi/v6), so they move
// with the lifecycle field.
func transitionArgs(s *Server, c *Collection) []string {
	var out []string
	for _, t := range s.Tools {
		if t.Effect.Collection != c.Name || t.Effect.Kind != "update" {
			continue
		}
		if _, moves := t.Effect.Set[c.Lifecycle.Field].(string); !moves {
			continue
		}
		key, _ := t.Effect.KeyArg(c)
		for arg := range InputRequired(t.Input) {
			f := t.Effect.FieldOf(arg)
			if _, held := c.Fields[f]; held && arg != key && f != c.Lifecycle.Field {
				out = append(out, f)
			}
		}
	}
	return out
}

// KeyField is the collection's key field.
func (c *Collection) KeyField() string {
	if c.Key != "" {
		return c.Key
	}
	return "id"
}

// Prefix is the prefix of keys generated on create.
func (c *Collection) Prefix() string {
	if c.IDPrefix != "" {
		return c.IDPrefix
	}
	n := c.Name
	if len(n) > 3 {
		n = n[:3]
	}
	return n + "_"
}

// StatePrefix is the prefix of the keys of the records whose Field holds
// one of In; or, with Named, the field whose value is their whole key (a
// Gmail system label's id is its name, INBOX).
type StatePrefix struct {
	Field  string   `json:"field"`
	In     []string `json:"in"`
	Prefix string   `json:"prefix,omitempty"`
	Named  string   `json:"named,omitempty"`
}

// PrefixOf is the prefix rec's key takes: that of the first PrefixWhen
// whose states rec is in, else the collection's. A kind keyed by its
// name (Named) takes no prefix of its own: see NamedKeyOf.
func (c *Collection) PrefixOf(rec map[string]any) string {
	for _, p := range c.PrefixWhen {
		if p.Named == "" && slices.Contains(p.In, state.Text(rec[p.Field])) {
			return p.Prefix
		}
	}
	return c.Prefix()
}

// NamedKeyOf is the key rec takes where its kind is keyed by a field of
// its own (id_prefix_when with named: a Gmail label of type system is
// keyed by its name): that field's value, and true; false for a record of
// no such kind.
func (c *Collection) NamedKeyOf(rec map[string]any) (string, bool) {
	for _, p := range c.PrefixWhen {
		if p.Named != "" && slices.Contains(p.In, state.Text(rec[p.Field])) {
			return state.Text(rec[p.Named]), true
		}
	}
	return "", false
}

// Field is one field of a collection, a small subset of JSON Schema.
type Field struct {
	Type        string `json:"type,omitempty"` // string, number, integer, boolean, array, object; empty: any
	Items       string `json:"items,omitempty"`
	Format      string `json:"format,omitempty"` // date, date-time, email, ...
	Enum        []any  `json:"enum,omitempty"`
	Description string `json:"description,omitempty"`
	// Role says what the value means where the name does not (see
	// FieldRoleDoc); Ref names the collection a role "ref" field points at.
	Role string `json:"role,omitempty"`
	Ref  string `json:"ref,omitempty"`
	// Default is the value a created record gets when the call does not
	// set the field (an API's server-side default, such as a task's
	// status "Not Started").
	Default any `json:"default,omitempty"`
	// Examples are values the product's documentation gives for the
	// field, a vocabulary rather than a list of states: synthesis draws
	// one (a Google Ads conversion action is "Purchase" or "Sign-up", not
	// a person's name). A field with examples names no one record, so it
	// is not what a record is called by.
	Examples []string `json:"examples,omitempty"`
	// Codes are the names the product's documentation gives the values of
	// a field it stores as codes, by value as text (Freshdesk's ticket
	// status 6 is "Waiting on Customer", priority 4 "Urgent":
	// https://developers.freshdesk.com/api/#tickets). The tools of the
	// field's collection show them, so a record asked for by its code's
	// name ("the urgent tickets") is one the agent can find.
	Codes map[string]string `json:"codes,omitempty"`
	// Required marks a field every record of the product holds: a
	// reference names a record, a list holds at least one (a JMAP email
	// is in one mailbox or more; a Workable candidate applies to a job).
	Required bool `json:"required,omitempty"`
	// Parent, on a single reference, marks the record this one is kept
	// in or written on where it has one, though it may have none: an
	// Expensify expense is in its report, or unreported
	// (https://integrations.expensify.com/Integration-Server/doc/#expense-creator).
	// Its text speaks of that record as its own, as of a required
	// reference's (OnParent).
	Parent bool `json:"parent,omitempty"`
	// Minimum and Maximum bound a number field where the product does
	// (an NPS score runs from 0 to 10, an hour of the day from 0 to 23).
	Minimum *float64 `json:"minimum,omitempty"`
	Maximum *float64 `json:"maximum,omitempty"`
	// Unit is what a number field counts where the product says so:
	// "bytes" for a file's or a message's size (Gmail's sizeEstimate,
	// Box's size). A size in bytes is a file's or a message's magnitude,
	// and a message holds at least its own text. "epoch_s", "epoch_ms"
	// and "epoch_us" keep a time as whole seconds, milliseconds or
	// microseconds since the Unix epoch (Quip's created_usec): "$now"
	// writes the clock so, and synthesis draws a time in the unit, and the rules
	// that compare dates (soon_after) read it as one. "minor" keeps an
	// amount of money in its currency's smallest unit (Stripe's 2398 is
	// $23.98): a text quoting it writes the currency's amount (Major).
	// "minutes" keeps a length of time in whole minutes (UnitMinutes: a
	// meeting's length, drawn as one is booked, within its bounds).
	Unit string `json:"unit,omitempty"`
	// Set marks a list field that holds a set (tags, labels, members):
	// adding a value it holds or removing one it lacks changes nothing.
	Set bool `json:"set,omitempty"`
	// Staff, on an email field, marks an address of the workspace's own:
	// one of its people's or one it gives out (a Box file's owned_by, a
	// Mattermost team's address, a Teams channel's). It is on the
	// company's domain, as its staff's work addresses are.
	Staff bool `json:"staff,omitempty"`
	// Raiser, on a reference to a person, marks the one who raised the
	// record: a Zoho Desk ticket's contactId, "the contact who raised the
	// ticket" (https://desk.zoho.com/DeskAPIDocument#Tickets). A text of
	// the record naming who raised, asked or reported it names them.
	Raiser bool `json:"raiser,omitempty"`
	// Subject, on a reference to a person, marks the one the record is
	// about: an Ashby application's candidateId, whose archive reason
	// says why the candidate left
	// (https://developers.ashbyhq.com/reference/applicationchangestage).
	// A person a text of the record names is them. On a reference to a
	// record of another kind (an Expensify expense's reportID: an expense
	// is in one report,
	// https://integrations.expensify.com/Integration-Server/doc/#expense-creator),
	// a record of that collection a text names ("the report REP-6992")
	// is the one it names.
	Subject bool `json:"subject,omitempty"`
	// Part, on a reference, marks a record that takes a share of the
	// money of the record it names, as a refund of its charge does: a
	// Magento invoice of its order, which is invoiced up to its grand
	// total and no further
	// (https://developer.adobe.com/commerce/webapi/rest/, the order's
	// total_invoiced within its grand_total). Such records are money
	// parts (coherence.Shape.PartParents), as collections named for
	// refunds or payments are.
	Part bool `json:"part,omitempty"`
	// RoleWhen gives the field another role on records of some kinds (a
	// Confluence personal space's name is its owner's name); see RoleOn.
	RoleWhen *RoleWhen `json:"role_when,omitempty"`
	// WriteWhen, on a single reference, keeps a change to the record to
	// where the record it names lets the user write (a Google Calendar
	// event changes only on a calendar the user holds as writer or
	// owner); see WriteWhen.
	WriteWhen *WriteWhen `json:"write_when,omitempty"`
	// Audience, on a text field, marks copy the product shows to an
	// audience (a Facebook ad's primary text): written to whoever sees
	// it, never a letter to one person (Letter).
	Audience bool `json:"audience,omitempty"`
	// Resolve, on a field with Ref, is the error the product gives when a
	// tool writes a value naming no record of Ref (or of RefAlso): Slack's
	// "channel_not_found". Without it a written reference is not checked.
	Resolve string   `json:"resolve,omitempty"`
	RefAlso []string `json:"ref_also,omitempty"`
	// RefField, on a field with Ref, names the field of the referenced
	// record that the value holds, where that is not the record's key:
	// a Jira comment's issue_key holds the key ("ISS-2278"), not
	// its id. Without it the value is the referenced record's key.
	RefField string `json:"ref_field,omitempty"`
	// RefPer, on a field with RefField, names the field of both records
	// within which the value is unique: a GitLab note's noteable_iid is
	// an issue's iid in the note's own project, and the issue of that iid
	// in another project is not the one it names
	// (https://docs.gitlab.com/ee/api/notes.html#create-new-issue-note).
	RefPer string `json:"ref_per,omitempty"`
	// RefBy, on a field of role ref without Ref, names the field of the
	// same record that says which collection the value is a key of (a
	// note's parent_type); Refs maps each value of that field to its
	// collection: {person: people, company: companies}. A value Refs does
	// not map names no collection of the app, so the reference can name
	// no record.
	RefBy string            `json:"ref_by,omitempty"`
	Refs  map[string]string `json:"refs,omitempty"`
}

// OnParent reports whether f, a single reference, names the record its
// record is kept in or written on: a required one, or one marked parent.
func (f Field) OnParent() bool {
	return f.Type != "array" && (f.Required || f.Parent)
}

// RefOf is the collection a reference field names in record rec: Ref, or
// the collection Refs maps rec's RefBy value to; ok is false when the
// field is no reference or its RefBy value maps to none.
func (f Field) RefOf(rec map[string]any) (coll string, ok bool) {
	if f.Ref != "" {
		return f.Ref, true
	}
	if f.RefBy == "" {
		return "", false
	}
	kind, _ := rec[f.RefBy].(string)
	coll, ok = f.Refs[kind]
	return coll, ok
}

// RefKey is the field of a record of target that a value of reference
// field f names it by: RefField, else target's key field.
func (f Field) RefKey(target *Collection) string {
	if f.RefField != "" {
		return f.RefField
	}
	return target.KeyField()
}

// Tool is one tool of an app.
type Tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Input       map[string]any `json:"input"` // JSON Schema of the arguments (an object schema)
	Effect      Effect         `json:"effect"`
}

// ObjectSchema is the JSON Schema of a tool's arguments: an object with
// properties props, of which required (sorted in place) must be given.
func ObjectSchema(props map[string]any, required []string) map[string]any {
	in := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		sort.Strings(required)
		req := make([]any, len(required))
		for i, r := range required {
			req[i] = r
		}
		in["required"] = req
	}
	return in
}

// Effect says what a tool does to the state. Declarative kinds: search, get,
// create, update, delete, append; "starlark" runs Code; "unresolved" marks a
// tool whose effect is not known yet (calling it is an error).
type Effect struct {
	Kind       string            `json:"kind"`
	Collection string            `json:"collection,omitempty"` // within the app
	Key        string            `json:"key,omitempty"`        // argument naming the record (get, update, delete, append); default: the collection key
	Filters    []Filter          `json:"filters,omitempty"`    // search; default: every argument that names a field
	Limit      int               `json:"limit,omitempty"`      // search: default result limit
	LimitArg   string            `json:"limit_arg,omitempty"`  // search: argument overriding the limit
	Fields     map[string]string `json:"fields,omitempty"`     // create, update: argument -> field it writes, where names differ
	Set        map[string]any    `json:"set,omitempty"`        // create, update: constant fields; "$now" is the clock
	Field      string            `json:"field,omitempty"`      // append: the list field
	Value      string            `json:"value,omitempty"`      // append: the argument appended
	Code       string            `json:"code,omitempty"`       // starlark: defines run(args, db)
	Log        *LogEntry         `json:"log,omitempty"`        // starlark: the entry each call also records in an action log
	Marks      []Mark            `json:"marks,omitempty"`      // create: what the call does to the records the new one names
	Cascades   []Cascade         `json:"cascades,omitempty"`   // update: what the call does to the records that name the one it writes
}

// LogEntry is the entry a Starlark tool records in a log collection of its
// app beside the state it writes (Collection): the log's collection and
// the constant fields of every entry it records (the action's key).
type LogEntry struct {
	Collection string         `json:"collection"`
	Set        map[string]any `json:"set,omitempty"`
}

// FieldOf is the field an argument names: its mapping in Fields, or the
// argument itself.
func (e *Effect) FieldOf(arg string) string {
	if f, ok := e.Fields[arg]; ok {
		return f
	}
	return arg
}

// KeyArg returns the argument that names the record the effect acts on
// (Key, else the collection's key field) and the field it is matched with.
func (e *Effect) KeyArg(c *Collection) (arg, field string) {
	arg = e.Key
	if arg == "" {
		arg = c.KeyField()
	}
	field = c.KeyField()
	if f, ok := e.Fields[arg]; ok {
		field = f
	} else if arg != c.KeyField() {
		if _, isField := c.Fields[arg]; isField {
			field = arg
		}
	}
	return arg, field
}

// Filter maps a search argument onto a field predicate.
type Filter struct {
	Arg   string `json:"arg"`
	Field string `json:"field,omitempty"` // default: Arg
	Op    string `json:"op,omitempty"`    // equals (default), iequals, contains, icontains, gt, gte, lt, lte, in
}

// Data is an initial state for one or more apps: fixed records, seeded
// generators and the handles intents bind to.
type Data struct {
	Kind        Kind                                   `json:"kind"`
	ID          string                                 `json:"id"`
	Description string                                 `json:"description,omitempty"`
	Clock       string                                 `json:"clock,omitempty"` // RFC 3339; the environment's "now"
	Seed        int64                                  `json:"seed,omitempty"`
	Records     map[string]map[string][]map[string]any `json:"records,omitempty"` // app -> collection -> records
	Generate    []Generator                            `json:"generate,omitempty"`
	Handles     map[string]Handle                      `json:"handles,omitempty"`
	Frozen      bool                                   `json:"frozen,omitempty"` // ground truth from outside (an imported benchmark): evolution reports faults, never rewrites it
	Lineage     *Lineage                               `json:"lineage,omitempty"`
}

// Generator adds Count records to a collection with seeded values. With
// Like, each record is a near-duplicate of that handle's record, with Fields
// generated anew (a distractor).
type Generator struct {
	App        string            `json:"app"`
	Collection string            `json:"collection"`
	Count      int               `json:"count"`
	Like       string            `json:"like,omitempty"`
	Fields     map[string]string `json:"fields"` // field -> generator spec, e.g. "person.email", "amount(10,500)"
}

// Handle names one record that intents can bind a slot to.
type Handle struct {
	App        string `json:"app"`
	Collection string `json:"collection"`
	Key        string `json:"key"`               // the record's key value
	Display    string `json:"display,omitempty"` // field a bare {{slot}} renders; default the key
}

// Rule is a business policy: text for the agent and checks over the result.
type Rule struct {
	Kind        Kind               `json:"kind"`
	ID          string             `json:"id"`
	Description string             `json:"description,omitempty"`
	Text        string             `json:"text"`
	Placement   string             `json:"placement,omitempty"` // "prompt" (default) or "document"
	Document    *Document          `json:"document,omitempty"`  // where a "document" rule is placed
	Apps        []string           `json:"apps,omitempty"`      // the rule applies to environments using any of these apps
	Checks      []assert.Assertion `json:"checks"`
	Lineage     *Lineage           `json:"lineage,omitempty"`
}

// Placed is where the rule's text goes: its Placement, "prompt" when unset.
func (r *Rule) Placed() string {
	if r.Placement == "" {
		return "prompt"
	}
	return r.Placement
}

// Document places a rule's text as a record in the data.
type Document struct {
	App        string         `json:"app"`
	Collection string         `json:"collection"`
	Fields     map[string]any `json:"fields"` // "{{text}}" renders the rule text
}

// Intent is a task family.
type Intent struct {
	Kind        Kind               `json:"kind"`
	ID          string             `json:"id"`
	Description string             `json:"description,omitempty"`
	Family      string             `json:"family,omitempty"` // lookup_then_act, cross_app_sync, ...
	Apps        []string           `json:"apps"`
	System      string             `json:"system,omitempty"`
	Instruction string             `json:"instruction"`
	Slots       map[string]Slot    `json:"slots,omitempty"`
	Goal        []assert.Assertion `json:"goal"`
	Plan        []PlanCall         `json:"plan,omitempty"`
	// OtherBranch is what a conditional task asks for in the case that
	// does not hold (the action of the branch not taken): the plan plus
	// these calls must lose reward.
	OtherBranch []PlanCall `json:"other_branch,omitempty"`
	// Derive declares the computations an agent is expected to make from
	// what it reads: a value the goal checks may be computed by one of
	// them from the records the agent saw, and by nothing else.
	Derive []Derivation `json:"derive,omitempty"`
	Tools  []string     `json:"tools,omitempty"`  // the tool surface; default every tool of the apps
	Steps  []Step       `json:"steps,omitempty"`  // step intents this workflow reuses, expanded at composition
	Frozen bool         `json:"frozen,omitempty"` // ground truth from outside (an imported benchmark): evolution reports faults, never rewrites it
	// NoFence leaves out the whole-world fence (assert.Fence) and scores
	// the goal alone, as a frozen benchmark goal is scored. Only a library
	// that studies goals without it says so (the verifier's fixtures of
	// weak goals); the build never writes it, lint warns of it and the
	// gate counts dropping the fence as weakening.
	NoFence bool     `json:"no_fence,omitempty"`
	Lineage *Lineage `json:"lineage,omitempty"`
}

// Step reuses another intent inside a workflow intent: composition adds
// the step's goal, tools and apps to the workflow's (and its plan, when
// the workflow gives none), with the step's slots renamed as Bind says.
// The step intent is named by id: a recipe pins its version like the
// workflow's, so a new version of a step reaches every workflow using it.
type Step struct {
	Intent string            `json:"intent"`
	Bind   map[string]string `json:"bind,omitempty"` // step slot -> workflow slot; unbound slots keep their binding under "<slot>_<step index>"
}

// Slot is a placeholder in an intent, bound to a data handle or a value.
type Slot struct {
	Handle      string `json:"handle,omitempty"`
	Value       any    `json:"value,omitempty"`
	Description string `json:"description,omitempty"`
}

// PlanCall is one step of a reference plan. String arguments may use slots.
type PlanCall struct {
	Tool string         `json:"tool"`
	Args map[string]any `json:"args,omitempty"`
}

// Pin names an atom by id and version ("id@version"; the version may be
// empty to mean the library's head).
type Pin struct {
	ID      string `json:"id"`
	Version string `json:"version,omitempty"`
}

// String renders "id@version".
func (p Pin) String() string {
	if p.Version == "" {
		return p.ID
	}
	return p.ID + "@" + p.Version
}

// Recipe is an environment: one intent, one data atom, rules and the servers
// for the apps, each pinned. Its hash is the environment id.
type Recipe struct {
	Intent  Pin             `json:"intent"`
	Data    Pin             `json:"data"`
	Servers []Pin           `json:"servers,omitempty"`
	Rules   []Pin           `json:"rules,omitempty"`
	Steps   []Pin           `json:"steps,omitempty"` // the step intents of a workflow intent, in its order
	Bind    map[string]Slot `json:"bind,omitempty"`  // slot overrides
	Seed    int64           `json:"seed,omitempty"`
}

// MarshalJSON writes a pin as "id@version".
func (p Pin) MarshalJSON() ([]byte, error) { return json.Marshal(p.String()) }

// UnmarshalJSON reads "id", "id@version" or {"id", "version"}.
func (p *Pin) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		id, ver, _ := strings.Cut(s, "@")
		*p = Pin{ID: id, Version: ver}
		return nil
	}
	var o struct {
		ID      string `json:"id"`
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &o); err != nil {
		return fmt.Errorf("pin must be \"id@version\" or {id, version}")
	}
	*p = Pin(o)
	return nil
}

// IsFrozen reports whether an atom is marked frozen: its content is ground
// truth from outside legoenv (an imported benchmark's goal or initial
// state), so a fault blamed on it is reported but never repaired.
func IsFrozen(a any) bool {
	switch x := a.(type) {
	case *Data:
		return x.Frozen
	case *Intent:
		return x.Frozen
	}
	return false
}

// WithPins returns r with every pin of kind k passed through f (slices are
// copied, nil stays nil).
func (r Recipe) WithPins(k Kind, f func(Pin) Pin) Recipe {
	each := func(ps []Pin) []Pin {
		if ps == nil {
			return nil
		}
		out := make([]Pin, len(ps))
		for i, p := range ps {
			out[i] = f(p)
		}
		return out
	}
	switch k {
	case KindIntent:
		r.Intent = f(r.Intent)
		r.Steps = each(r.Steps)
	case KindData:
		r.Data = f(r.Data)
	case KindServer:
		r.Servers = each(r.Servers)
	case KindRule:
		r.Rules = each(r.Rules)
	}
	return r
}
