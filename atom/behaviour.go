package atom

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Lifecycle is a collection's status machine: which values of its status
// field may follow which, the states nothing follows, the product's error
// for a forbidden move and the timestamps each state carries. On a date
// field (Shopify's cancelled_at) a record is in state "set" once the field
// holds a value, and the write that sets it is the move to "set": with
// terminal [set] it happens once.
type Lifecycle struct {
	Field string `json:"field"` // the status field
	// Transitions lists, per state, the states a record may move to; a
	// state not listed (and not terminal) may move to any.
	Transitions map[string][]string `json:"transitions,omitempty"`
	// Terminal states have no way out: writing the status of a record in
	// one (even the same value again) is refused.
	Terminal []string `json:"terminal,omitempty"`
	// Error is the product's error for a forbidden transition; "{from}"
	// and "{to}" are replaced by the states.
	Error string `json:"error"`
	// Errors words the refusal per state moved from, where the product
	// says more than Error (PayPal's CANNOT_CANCEL_PAID_INVOICE).
	Errors map[string]string `json:"errors,omitempty"`
	// Stamps are the timestamp fields a record carries in some states only
	// (resolved_at on a resolved incident): a transition into one of
	// States sets Field to the clock, one out of them clears it.
	Stamps []Stamp `json:"stamps,omitempty"`
	// Effects are the other fields a transition moves (cancelling a
	// Shopify order voids a payment that was only authorised).
	Effects []TransitionEffect `json:"effects,omitempty"`
	Source  string             `json:"source,omitempty"` // the product's documentation page
}

// TransitionEffect is what a transition into one of States does to
// another field: where Field holds one of From, it becomes To. A call that
// writes Field itself is taken at its word.
type TransitionEffect struct {
	Field  string   `json:"field"`
	States []string `json:"states"`
	From   []string `json:"from"`
	To     string   `json:"to"`
}

// Moves is the value a transition into state to gives field f of a record
// holding v there, and whether it gives one.
func (lc *Lifecycle) Moves(f, to string, v any) (string, bool) {
	for _, e := range lc.Effects {
		if e.Field == f && slices.Contains(e.States, to) && slices.Contains(e.From, fmt.Sprint(v)) {
			return e.To, true
		}
	}
	return "", false
}

// Stamp is a timestamp field set while a record is in one of States.
type Stamp struct {
	Field  string   `json:"field"`
	States []string `json:"states"`
}

// StateSet is the state of a record whose lifecycle field is a date that
// holds a value.
const StateSet = "set"

// StateOf is the state a lifecycle field's value puts a record in: the
// value itself, or on a date field "set" when it holds one; "" for none.
func (lc *Lifecycle) StateOf(fd Field, v any) string {
	if v == nil || v == "" {
		return ""
	}
	if fd.Format == "date" || fd.Format == "date-time" {
		return StateSet
	}
	return fmt.Sprint(v)
}

// IsTerminal reports whether a state has no way out.
func (lc *Lifecycle) IsTerminal(s string) bool { return slices.Contains(lc.Terminal, s) }

// Check returns the product's error for moving a record from state from to
// state to, or nil when the move is allowed. An empty from (a record
// without a status) may move anywhere.
func (lc *Lifecycle) Check(from, to string) error {
	if from == "" {
		return nil
	}
	if lc.IsTerminal(from) {
		return lc.refuse(from, to)
	}
	if from == to {
		return nil
	}
	next, listed := lc.Transitions[from]
	if listed && !slices.Contains(next, to) {
		return lc.refuse(from, to)
	}
	return nil
}

func (lc *Lifecycle) refuse(from, to string) error {
	msg := lc.Error
	if m, ok := lc.Errors[from]; ok {
		msg = m
	}
	msg = strings.NewReplacer("{from}", from, "{to}", to).Replace(msg)
	return fmt.Errorf("%s", msg)
}

// StampOf is the stamp whose field is f, or nil.
func (lc *Lifecycle) StampOf(f string) *Stamp {
	for i := range lc.Stamps {
		if lc.Stamps[i].Field == f {
			return &lc.Stamps[i]
		}
	}
	return nil
}

// Invariant is a rule across fields that every record of a collection
// keeps. Rules:
//   - lte: Fields[0] <= Fields[1] (numbers: clicks within impressions);
//     with more fields, the sum of all but the last is at most the last
//     (a post's likes, comments and shares within its impressions);
//   - before: the date Fields[0] is not after the date Fields[1];
//   - soon_after: the date Fields[1] is no earlier than the date Fields[0]
//     and within the hour after it (SoonAfter): one event seen from its two
//     ends, as a message is received minutes after it is sent, not days;
//   - unique: no two records share a value of Fields[0] (an invoice
//     number), or, with more fields, the values of all of them together
//     (one grant of a file to an address); with Per, only records that
//     hold one value of the field Per names (a Confluence page's title
//     within its space); With lists other collections whose records
//     take their values from the same space (a GitHub pull request's
//     number from its repository's one counter with the issues'); Error
//     is the product's refusal of a write that repeats a value (unique.go);
//     with Values, only records whose last field holds one of them (one
//     grant to anyone per file);
//   - own_link: the web address Fields[0] is the record's own, and
//     names its key as a segment of its path (a Shortcut story's
//     app_url .../story/{id});
//   - at_most_one: at most one of Fields is set (completed, declined and
//     voided dates);
//   - differs: Fields[0] does not hold what Fields[1] holds, letter case
//     aside, nor, on a list, one of its values (a Rippling employee's
//     personal email is not their work email; a RingCentral call is not
//     from the number it is to);
//   - domain_of: the domain of Fields[0] (a domain, a web address or an
//     address) is the one of the company the record's own Fields[1]
//     names, by the letters of its name (a Salesforce account "Vandelay
//     Consulting" is at vandelayconsulting.example, not at another
//     company's domain; coherence.OwnDomain);
//   - display: Fields[0] is the display of the record the ref field
//     Fields[1] names, made of that record's From fields joined by spaces;
//   - ratio: the rate Fields[0] is Fields[1] over Fields[2], times Scale
//     (a click-through rate in percent: ctr, clicks, impressions, scale
//     100), to the rate's last written digit or a cent, whichever is wider;
//     of two fields, Fields[0] is Fields[1] times Scale (a Google Ads
//     campaign's monthly budget, its daily budget times 30.4);
//   - days_until: the count Fields[0] is the whole days from the world's
//     clock to the date Fields[1], 0 once it has passed (a campaign's
//     days_remaining to its end_date); with By "since", the whole days
//     from the date to the clock, 0 where it is ahead (a Salesforce lead's
//     days_since_activity from its last_activity_date);
//   - only_when: Fields[0] is set only where Fields[1] holds one of In (a
//     Google Chat space's displayName, on a space but not a direct
//     message); a count of 0 holds nothing (a draft's likes). With Values,
//     only those values of Fields[0] are so gated (GitHub's state_reason
//     completed only on a closed issue, reopened only on an open one).
//     An empty state in In is a record that holds none (a Fastmail
//     mailbox with no role); a date's one other state is "set" (a Lever
//     opportunity's archived_reason only where archivedAt is set).
//   - set_when: Fields[0] holds a value wherever Fields[1] holds one of
//     In, the converse of only_when (a Zulip message of type stream is in
//     a stream; a private one, which only_when keeps out of any, is not);
//     with Values, one of them (a Confluence draft, never published, is
//     at its first version: version 1 where status is draft);
//   - within: the date Fields[0] is not after the date Fields[2] of the
//     record the ref field Fields[1] names (a time-off request starts no
//     later than its employee's terminationDate).
//   - since: the date Fields[0] is not before the date Fields[2] of the
//     record the ref field Fields[1] names (a meeting's attendee joins no
//     earlier than the meeting starts); with a fourth field, only where
//     it holds one of In (a Statuspage update posted as a maintenance's
//     work begins, in_progress, is no older than the maintenance's
//     scheduled_for);
//   - lasts: the date Fields[0] is the date Fields[3] plus the minutes
//     Fields[2] of the record the ref field Fields[1] names (a Calendly
//     scheduled event ends its event type's duration after it starts);
//   - reaches: the flag Fields[0] is true exactly where the number
//     Fields[1] has come to the number Fields[2], above nothing (a Stripe
//     charge is refunded once its amount_refunded is its whole amount);
//   - spans: the count of days Fields[0] is no more than the calendar
//     days from the date Fields[1] to the date Fields[2], both counted (a
//     BambooHR time-off request asks no more days than it runs);
//   - position: the number Fields[0] is the place, counted from 0, of the
//     record's own From[0] in the list Fields[2] of the record the ref
//     field Fields[1] names (a Dropbox Sign signature's order is its
//     signer's place among its request's signers: 0 to one less than
//     their number, each once);
//   - agrees: Fields[0] holds what Fields[2] of the record the ref field
//     Fields[1] names holds (an opportunity's company is its primary
//     contact's company; a channel message's team is its channel's team);
//     by company, Fields[0] names the company Fields[2] names, where both
//     name one: in a text, by an address or a web address on its domain
//     (a Close contact writes from its lead's domain); with In and three
//     fields, only where Fields[2] of the referenced record holds one of
//     In: the parent's state binds its children in those states (a
//     TikTok ad under a deleted ad group is deleted, one under a live
//     ad group is as it is);
//   - quotes: the text Fields[0] is a passage of the text From[0] of the
//     record the ref field Fields[1] names (a Google Docs comment's
//     quoted_text, of its document's body).
//   - remaining: the money Fields[0] is what is left of the whole
//     Fields[1] once the record's money parts are taken from it (an
//     invoice's balance, its total less its payments): all of it on a
//     record that took no money (a draft), nothing on one a full_when rule
//     says is settled, at most the whole where no part was drawn
//     (coherence/settled.go); with a third field, all of it too where
//     that field holds one of In, states in which nothing was paid (a
//     sent FreshBooks invoice, whose part payments make it partial), and
//     above nothing and below the whole where it holds one of Values,
//     states in which a part was paid (a partially paid Zoho Books
//     invoice);
//   - refers_to: the record the reference Fields[0] names holds one of In
//     in its field Fields[1] (a Zoho Books invoice's customer is a contact
//     of type customer, not a vendor); with a third field, only where the
//     record holds one of Values in it (a Google Chat membership is a
//     manager's only in a named space);
//   - flag_of: the flag Fields[0] is true exactly where the record the
//     reference Fields[1] names holds one of In in its field Fields[2] (a
//     Shortcut story is completed where its workflow state is of type
//     done);
//   - referred_by: the field Fields[0] says what the records of the
//     collection Fields[1] whose reference Fields[2] names the record are
//     (those holding one of In in Fields[3], where given): a flag is true
//     exactly where one is (a Gmail message has attachments), a list holds
//     exactly their From[0] or keys (its attachment_ids; a thread's
//     message_ids), any other value is the From[0] of the one (a
//     document's owner is its one owner permission's address), or, with
//     a second From field ordering them, the From[0] of the latest (a
//     Gmail thread's snippet is its latest message's, by internal_date),
//     or, with By sum, a number that is their From[0] added (a Zoho Books
//     contact's outstanding receivable, its unpaid invoices' balances),
//     or, with By count, how many of them there are (a Pipedrive
//     organization's people_count, the persons whose org_id names it),
//     as Invariant.Referred says; a flag's With names other collections
//     whose records naming it by a field of Fields[2]'s name count too,
//     whatever they hold (a Xero contact is a supplier where a purchase
//     invoice or a bill names it);
//   - full_when: the record's money parts, where the world holds any, come
//     to its whole Fields[0] where Fields[1] holds one of In (a paid
//     invoice's payments, a refunded order's refunds);
//   - past_when: the date Fields[0] is not after the world's clock where
//     Fields[1] holds one of In (a campaign sent, being sent or archived
//     was scheduled before now; an ACTIVE meeting has started); with a
//     third field, a count of days, no more than that many days before
//     it (a Zoho Sign request in progress was sent within its
//     expiration_days: past them it is expired);
//   - future_when: the date Fields[0] is after the clock where Fields[1]
//     holds one of In (a queued campaign is scheduled ahead; an ACTIVE
//     meeting has not ended);
//   - granted: the address Fields[0] is one the container the reference
//     Fields[1] names lets in: a record of the collection Fields[2] whose
//     reference Fields[3] names that container grants it (a Google Docs
//     comment's author holds a permission on its document), holding one
//     of In in Fields[4] where given (a commenter, not a reader), by its
//     address From[0], or, with a kind field From[1], being of a kind
//     Values lists (to anyone) or naming no address (to the domain of the
//     container's With fields); the container's With fields are let in
//     themselves (its owner) (granted.go);
//   - senior of two fields: a record whose job title Fields[0] leads
//     others (a head's, a director's, a vice president's or a chief's:
//     TitleRank) holds none of Values in Fields[1] (a BambooHR chief
//     officer is no intern);
//   - senior: the record the ref field Fields[1] names holds a title,
//     Fields[2], no less senior than the record's own, Fields[0]
//     (TitleRank): a chief officer reports to no one below a chief, a
//     vice president to no head of a team (a Rippling employee's manager);
//   - media_type: the media type Fields[0] is one the file name Fields[1]
//     is of: its extension's (a "brief.pdf" is application/pdf, a
//     "logo.png" an image), or, for a name that ends in none, one of
//     Values, where given (a Google Drive file named "Q3 proposal" is a
//     Google Docs, Sheets or Slides file, which carries no extension);
//   - team: Fields[0] is a team's name or address, not one person's (a
//     shared inbox, a grant to a group); with Fields[1], only where it
//     holds one of In (team.go).
//
// Fields that are absent or null leave lte, before, soon_after, display, ratio,
// days_until, within, since, agrees and quotes unchecked, as does a ratio over zero.
type Invariant struct {
	Rule   string   `json:"rule"`
	Fields []string `json:"fields"`
	From   []string `json:"from,omitempty"`
	Scale  float64  `json:"scale,omitempty"`
	In     []string `json:"in,omitempty"`
	NotIn  []string `json:"not_in,omitempty"` // referred_by: values of the fourth field that keep a referring record from counting
	Values []string `json:"values,omitempty"`
	By     string   `json:"by,omitempty"`    // derived: how the first field is made of the others
	Sep    string   `json:"sep,omitempty"`   // derived by join or slug: the separator
	Per    string   `json:"per,omitempty"`   // unique: the field whose value scopes it
	With   []string `json:"with,omitempty"`  // unique: other collections sharing its values; granted: the container's fields let in without a grant; referred_by: other collections that set its flag
	Error  string   `json:"error,omitempty"` // unique: the product's refusal of a repeat; only_when: of a write into a state the rule denies; refers_to by follows: of a value off the target's kind
	Days   int      `json:"days,omitempty"`  // future_when: how many days after the clock the date is at most
	Hours  int      `json:"hours,omitempty"` // past_when: how many hours before the clock the date is at most
	Plus   int      `json:"plus,omitempty"`  // sum: what the first field holds beyond the others' total
}

// invariantArity is how many fields each rule takes (0: two or more; -1:
// one or more).
var invariantArity = map[string]int{"lte": 0, "before": 2, "soon_after": 2, "unique": -1, "at_most_one": 0, "differs": 2, "display": 2, "ratio": 3, "days_until": 2, "only_when": 2, "set_when": 2, "within": 3, "since": 3, "agrees": 3, "quotes": 2, "past_when": 2, "future_when": 2, "derived": 0, "team": -1, "remaining": 2, "full_when": 2, "refers_to": 2, "flag_of": 3, "referred_by": 3, "own_link": 1, "granted": 4, "media_type": 2, "senior": 3, "domain_of": 2, "lasts": 4, "spans": 3, "reaches": 3, "sum": 0, "position": 3}

// InvariantRules lists the invariant rules.
func InvariantRules() []string { return slices.Sorted(maps.Keys(invariantArity)) }

// validateBehaviour checks a server's behaviour declarations: set fields
// are lists, resolved references name a collection, lifecycles name a
// status field and states of its enum, invariants name fields.
func validateBehaviour(e *Entry, s *Server) Diagnostics {
	var ds Diagnostics
	for i := range s.Collections {
		c := &s.Collections[i]
		at := fmt.Sprintf("collections[%d]", i)
		for _, name := range sortedFieldNames(c.Fields) {
			ds = append(ds, validateBehaviourField(e, s, c.Fields[name], at+".fields."+name)...)
			ds = append(ds, validateRefPer(e, c, c.Fields[name], at+".fields."+name)...)
			if c.Fields[name].RoleWhen != nil {
				ds = append(ds, validateRoleWhen(e, c, name, at+".fields."+name+".role_when")...)
			}
			if c.Fields[name].WriteWhen != nil {
				ds = append(ds, validateWriteWhen(e, s, c.Fields[name], at+".fields."+name+".write_when")...)
			}
		}
		if c.Lifecycle != nil {
			ds = append(ds, validateLifecycle(e, c, at+".lifecycle")...)
		}
		for j, p := range c.PrefixWhen {
			ds = append(ds, validatePrefixWhen(e, c, p, fmt.Sprintf("%s.id_prefix_when[%d]", at, j))...)
		}
		for j, inv := range c.Invariants {
			ds = append(ds, validateInvariant(e, s, c, inv, fmt.Sprintf("%s.invariants[%d]", at, j))...)
		}
		ds = append(ds, validateWindows(e, s, c, at)...)
		if c.Mailbox != nil {
			ds = append(ds, validateMailbox(e, s, c, at+".mailbox")...)
		}
		if c.Staff != nil {
			ds = append(ds, validateStaff(e, s, c, at+".staff")...)
		}
	}
	return append(ds, validateExamples(e, s)...)
}

// validatePrefixWhen checks a key prefix by state: a prefix, a field of
// the collection and states of its enum, a prefix that is not the
// collection's own; or, with named, a string field of the collection
// other than its key and no prefix.
func validatePrefixWhen(e *Entry, c *Collection, p StatePrefix, at string) Diagnostics {
	fd, ok := c.Fields[p.Field]
	nf, nok := c.Fields[p.Named]
	switch {
	case !ok:
		return Diagnostics{e.Diag(Error, at+".field", "no field %q in collection %s", p.Field, c.Name)}
	case p.Named != "" && (!nok || nf.Type != "string" || p.Named == c.KeyField()):
		return Diagnostics{e.Diag(Error, at+".named", "named needs a string field of collection %s other than its key, not %q", c.Name, p.Named)}
	case p.Named != "" && p.Prefix != "":
		return Diagnostics{e.Diag(Error, at+".prefix", "a kind keyed by its %s takes no prefix", p.Named)}
	case p.Named == "" && (p.Prefix == "" || p.Prefix == c.Prefix()):
		return Diagnostics{e.Diag(Error, at+".prefix", "a prefix of its own, not the collection's %q", c.Prefix())}
	case len(p.In) == 0:
		return Diagnostics{e.Diag(Error, at+".in", "in lists the states of %s whose keys take the prefix", p.Field)}
	}
	var ds Diagnostics
	for _, st := range p.In {
		if len(fd.Enum) > 0 && !slices.ContainsFunc(fd.Enum, func(v any) bool { return fmt.Sprint(v) == st }) {
			ds = append(ds, e.Diag(Error, at+".in", "%q is not one of %s's states", st, p.Field))
		}
	}
	return ds
}

func validateBehaviourField(e *Entry, s *Server, f Field, at string) Diagnostics {
	var ds Diagnostics
	if f.Set && f.Type != "array" {
		ds = append(ds, e.Diag(Error, at+".set", "set needs a list field, not %q", f.Type))
	}
	if f.Staff && f.Role != RoleEmail {
		ds = append(ds, e.Diag(Error, at+".staff", "staff needs a field of role email holding one address, not role %q", f.Role))
	}
	if f.Raiser && (f.Role != RoleRef || f.Ref == "" || f.Type == "array") {
		ds = append(ds, e.Diag(Error, at+".raiser", "raiser needs a single reference to the person who raised the record: role ref, a ref naming its collection, no array"))
	}
	if f.Subject && (f.Role != RoleRef || f.Ref == "" || f.Type == "array") {
		ds = append(ds, e.Diag(Error, at+".subject", "subject needs a single reference to the person or record the record is about: role ref, a ref naming its collection, no array"))
	}
	if f.Part && (f.Role != RoleRef || f.Ref == "" || f.Type == "array") {
		ds = append(ds, e.Diag(Error, at+".part", "part needs a single reference to the record whose money the record takes a share of: role ref, a ref naming its collection, no array"))
	}
	if f.Audience && (f.Role != RoleText || f.Type != "string") {
		ds = append(ds, e.Diag(Error, at+".audience", "audience needs a string field of role text, not %s of role %q", f.Type, f.Role))
	}
	if f.Parent && (f.Role != RoleRef || f.Ref == "" || f.Type == "array") {
		ds = append(ds, e.Diag(Error, at+".parent", "parent needs a single reference: role ref, a ref naming its collection, no array"))
	}
	if f.Resolve != "" && f.Ref == "" && f.RefBy == "" {
		ds = append(ds, e.Diag(Error, at+".resolve", "resolve needs ref naming the collection the value must name, or ref_by naming the field that names it"))
	}
	if len(f.RefAlso) > 0 && f.Ref == "" {
		ds = append(ds, e.Diag(Error, at+".ref_also", "ref_also needs ref naming the collection the value must name"))
	}
	if (f.RefBy != "" || len(f.Refs) > 0) && (f.Role != RoleRef || f.Ref != "") {
		ds = append(ds, e.Diag(Error, at+".ref_by", "ref_by and refs need role ref and no ref: the record's %s names the collection", f.RefBy))
	}
	if len(f.Refs) > 0 && f.RefBy == "" {
		ds = append(ds, e.Diag(Error, at+".refs", "refs needs ref_by naming the field whose value it maps"))
	}
	if f.Bounded() && f.Type != "number" && f.Type != "integer" {
		ds = append(ds, e.Diag(Error, at+".minimum", "minimum and maximum need a number field, not %q", f.Type))
	}
	switch {
	case f.Unit != "" && !slices.Contains(units, f.Unit):
		ds = append(ds, e.Diag(Error, at+".unit", "unknown unit %q: the known are %s", f.Unit, strings.Join(units, ", ")))
	case f.IsEpoch() && (f.Type != "integer" || f.Format != ""):
		ds = append(ds, e.Diag(Error, at+".unit", "a time in %s since the epoch is a whole number: type integer, no format, not %q", f.Unit, strings.TrimSpace(f.Type+" "+f.Format)))
	case f.Unit != "" && f.Type != "number" && f.Type != "integer":
		ds = append(ds, e.Diag(Error, at+".unit", "a unit needs a number field, not %q", f.Type))
	case f.Unit == UnitMinor && f.Role != RoleMoney:
		ds = append(ds, e.Diag(Error, at+".unit", "unit %s is of an amount of money: role money, not %q", UnitMinor, f.Role))
	case f.Unit == UnitMinutes && (f.Role != RoleCount || f.Type != "integer"):
		ds = append(ds, e.Diag(Error, at+".unit", "unit %s is a length of time in whole minutes: type integer, role count, not %q", UnitMinutes, strings.TrimSpace(f.Type+" "+f.Role)))
	}
	if f.Minimum != nil && f.Maximum != nil && *f.Minimum > *f.Maximum {
		ds = append(ds, e.Diag(Error, at+".maximum", "maximum %v is below minimum %v", *f.Maximum, *f.Minimum))
	}
	for j, r := range f.RefAlso {
		if s.Collection(r) == nil {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.ref_also[%d]", at, j), "no collection %q in %s", r, s.AppName()))
		}
	}
	return append(ds, validateRefField(e, s, f, at)...)
}

// validateRefField checks a reference by another field than the key:
// it needs ref, and every collection the value may name has the field.
func validateRefField(e *Entry, s *Server, f Field, at string) Diagnostics {
	if f.RefField == "" {
		return nil
	}
	if f.Ref == "" && f.RefBy == "" {
		return Diagnostics{e.Diag(Error, at+".ref_field", "ref_field needs ref naming the collection whose field %q the value holds, or ref_by naming the field that names it", f.RefField)}
	}
	targets := append([]string{f.Ref}, f.RefAlso...)
	if f.Ref == "" {
		targets = slices.Sorted(maps.Values(f.Refs))
	}
	var ds Diagnostics
	for _, name := range targets {
		if c := s.Collection(name); c != nil && c.KeyField() != f.RefField {
			if _, ok := c.Fields[f.RefField]; !ok {
				ds = append(ds, e.Diag(Error, at+".ref_field", "no field %q in collection %s", f.RefField, name))
			}
		}
		if c := s.Collection(name); c != nil && f.RefPer != "" {
			if _, ok := c.Fields[f.RefPer]; !ok {
				ds = append(ds, e.Diag(Error, at+".ref_per", "no field %q in collection %s, within which the value would be unique", f.RefPer, name))
			}
		}
	}
	return ds
}

// validateRefPer checks that a reference unique within a field names a
// field of its own record, and holds another field than the key.
func validateRefPer(e *Entry, c *Collection, f Field, at string) Diagnostics {
	if f.RefPer == "" {
		return nil
	}
	if f.RefField == "" {
		return Diagnostics{e.Diag(Error, at+".ref_per", "ref_per needs ref_field: a key is unique in its whole collection")}
	}
	if _, ok := c.Fields[f.RefPer]; !ok {
		return Diagnostics{e.Diag(Error, at+".ref_per", "no field %q in collection %s", f.RefPer, c.Name)}
	}
	return nil
}

func validateLifecycle(e *Entry, c *Collection, at string) Diagnostics {
	lc := c.Lifecycle
	fd, ok := c.Fields[lc.Field]
	if !ok {
		return Diagnostics{e.Diag(Error, at+".field", "no field %q in collection %s", lc.Field, c.Name)}
	}
	var ds Diagnostics
	if lc.Error == "" {
		ds = append(ds, e.Diag(Error, at+".error", "a lifecycle needs the product's error for a forbidden transition"))
	}
	known := func(st, where string) {
		if len(fd.Enum) > 0 && !slices.ContainsFunc(fd.Enum, func(v any) bool { return fmt.Sprint(v) == st }) {
			ds = append(ds, e.Diag(Error, where, "state %q is not a value of %s %v", st, lc.Field, fd.Enum))
		}
	}
	if fd.Format == "date" || fd.Format == "date-time" {
		fd.Enum = []any{StateSet}
	}
	for _, from := range slices.Sorted(maps.Keys(lc.Errors)) {
		known(from, at+".errors."+from)
	}
	for _, from := range slices.Sorted(maps.Keys(lc.Transitions)) {
		known(from, at+".transitions."+from)
		for _, to := range lc.Transitions[from] {
			known(to, at+".transitions."+from)
		}
	}
	for j, t := range lc.Terminal {
		known(t, fmt.Sprintf("%s.terminal[%d]", at, j))
	}
	for j, st := range lc.Stamps {
		where := fmt.Sprintf("%s.stamps[%d]", at, j)
		if _, ok := c.Fields[st.Field]; !ok {
			ds = append(ds, e.Diag(Error, where+".field", "no field %q in collection %s", st.Field, c.Name))
		}
		if len(st.States) == 0 {
			ds = append(ds, e.Diag(Error, where+".states", "a stamp needs the states that carry it"))
		}
		for _, s := range st.States {
			known(s, where+".states")
		}
	}
	for j, ef := range lc.Effects {
		where := fmt.Sprintf("%s.effects[%d]", at, j)
		if ef.Field == lc.Field {
			ds = append(ds, e.Diag(Error, where+".field", "an effect moves another field than the status %s", lc.Field))
		} else if _, ok := c.Fields[ef.Field]; !ok {
			ds = append(ds, e.Diag(Error, where+".field", "no field %q in collection %s", ef.Field, c.Name))
		}
		if len(ef.States) == 0 || len(ef.From) == 0 || ef.To == "" {
			ds = append(ds, e.Diag(Error, where, "an effect needs the states it follows, the values it moves from and the one it moves to"))
		}
		for _, s := range ef.States {
			known(s, where+".states")
		}
		ds = append(ds, valuesOf(e, c, ef.Field, append(slices.Clone(ef.From), ef.To), where+".from")...)
	}
	return ds
}

// arityFits reports whether inv holds as many fields as its rule takes:
// n, one or more where n is negative, at least two where n is 0, or the longer
// forms some rules have: a fourth field of states (referred_by, agrees,
// since, within), a fifth of grants' states (granted), a third of states
// (refers_to, remaining, before), a third of days (past_when), an agrees
// rule's gate through the referenced record's own reference (a fourth and
// fifth field), and the shorter: a past_when rule of one date, binding in
// every state.
func arityFits(inv Invariant, n int) bool {
	got := len(inv.Fields)
	switch {
	case got == 0:
		return false
	case n < 0:
		return true // one or more
	case n == 0:
		return got >= 2
	case got == n:
		return true
	}
	switch inv.Rule {
	case "referred_by", "since", "within":
		return got == 4
	case "agrees":
		return got == 4 || got == 5
	case "granted":
		return got == 5
	case "refers_to", "remaining", "before":
		return got == 3
	case "ratio", "senior":
		return got == 2
	case "past_when":
		return got == 1 || got == 3
	}
	return false
}

func validateInvariant(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	n, ok := invariantArity[inv.Rule]
	if !ok {
		return Diagnostics{e.Diag(Error, at+".rule", "unknown invariant rule %q (known: %s)", inv.Rule, strings.Join(InvariantRules(), ", "))}
	}
	if !arityFits(inv, n) {
		return Diagnostics{e.Diag(Error, at+".fields", "rule %s takes %s fields, got %d", inv.Rule, arityWord(n), len(inv.Fields))}
	}
	var ds Diagnostics
	for _, j := range ownFields(inv) {
		if f := inv.Fields[j]; !hasField(c, f) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "no field %q in collection %s", f, c.Name))
		}
	}
	if inv.Scale < 0 || inv.Scale > 0 && inv.Rule != "ratio" {
		ds = append(ds, e.Diag(Error, at+".scale", "scale is a positive number, and only for the rule ratio"))
	}
	ds = append(ds, validateSum(e, c, inv, at)...)
	if inv.Rule == "team" && len(inv.Fields) > 2 {
		ds = append(ds, e.Diag(Error, at+".fields", "rule team takes a field, and the field telling where it holds with in"))
	}
	ds = append(ds, validateGates(e, c, inv, at)...)
	ds = append(ds, validateClockDate(e, c, inv, at)...)
	ds = append(ds, validateIdentity(e, s, c, inv, at)...)
	if inv.Rule == "days_until" && inv.By != "" && inv.By != DaysSince {
		return append(ds, e.Diag(Error, at+".by", "days_until counts to its date, or with by %s from it; %q is neither", DaysSince, inv.By))
	}
	if inv.By != "" && inv.Rule != "days_until" && !inv.BySum() && !inv.ByCount() && !inv.ByKind() && !inv.ByCompany() && !inv.Taken() && !inv.ByNamed() && !(inv.Rule == "refers_to" && inv.By == RefersFollow) || inv.Sep != "" || inv.Rule == "derived" {
		if inv.Rule != "derived" {
			return append(ds, e.Diag(Error, at+".by", "by and sep are for the rule derived, and only for it (and by %s for days_until, by %s or %s for referred_by, by %s, %s or %s for agrees, by %s for granted, by %s for refers_to)", DaysSince, DeriveSum, DeriveCount, AgreeKind, AgreeCompany, AgreeTaken, GrantNamed, RefersFollow))
		}
		return append(ds, validateDerived(e, c, inv, at)...)
	}
	switch inv.Rule {
	case "soon_after":
		return append(ds, validateSoonAfter(e, c, inv, at)...)
	case "refers_to":
		if _, ok := c.Fields[inv.Fields[0]]; ok {
			ds = append(ds, validateRefersTo(e, s, c, inv, at)...)
		}
		return ds
	case "flag_of":
		if len(ds) == 0 {
			ds = append(ds, validateFlagOf(e, s, c, inv, at)...)
		}
		return ds
	case "referred_by":
		return append(ds, validateReferredBy(e, s, c, inv, at)...)
	case "granted":
		if len(ds) == 0 {
			ds = append(ds, validateGranted(e, s, c, inv, at)...)
		}
		return ds
	case "senior":
		return append(ds, validateSenior(e, s, c, inv, at)...)
	case "lasts", "spans", "reaches":
		return append(ds, validateLasts(e, s, c, inv, at)...)
	case "within", "since", "agrees":
		return append(ds, validateParentRule(e, s, c, inv, at)...)
	case "display", "quotes":
		return append(ds, validateDisplay(e, s, c, inv, at)...)
	case "position":
		return append(ds, validatePosition(e, s, c, inv, at)...)
	case "domain_of":
		return append(ds, validateDomainOf(e, c, inv, at)...)
	case "media_type":
		return append(ds, validateMediaType(e, c, inv, at)...)
	}
	return ds
}

// validateSoonAfter checks a soon_after rule: times of day, as date-times
// or epoch times.
func validateSoonAfter(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	for j, f := range inv.Fields {
		if fd, ok := c.Fields[f]; ok && fd.Format != "date-time" && !fd.IsEpoch() {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "soon_after compares times of day; %s is not a date-time nor a time in %s", f, UnitEpochMillis))
		}
	}
	return ds
}

// validateParentRule checks a within, since or agrees rule, which reads a
// field of the record its second field names: that field, the further
// collections with may name, the states it is gated by on the parent,
// and a gate through the parent's own reference.
func validateParentRule(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	ds := validateRefTarget(e, s, c, inv, inv.Fields[2:3], at, ".fields", 2)
	if len(inv.With) > 0 && s.Collection(c.Fields[inv.Fields[1]].Ref) != nil {
		ds = append(ds, validateRefTarget(e, s, c, inv, inv.With, at, ".with", 0)...)
	}
	if target := s.Collection(c.Fields[inv.Fields[1]].Ref); inv.ParentGated() && target != nil {
		ds = append(ds, valuesOf(e, target, inv.Fields[2], inv.In, at+".in")...)
	}
	if inv.GatedThrough() {
		ds = append(ds, validateGateThrough(e, s, c, inv, at)...)
	}
	return ds
}

// validateLasts checks a lasts rule: its first and last fields are the
// record's dates, its third a number of the record its second names; and
// a spans rule (validateSpans) and a reaches rule (validateReaches),
// which read the record's own fields.
func validateLasts(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	switch inv.Rule {
	case "spans":
		return validateSpans(e, c, inv, at)
	case "reaches":
		return validateReaches(e, c, inv, at)
	}
	ds := validateRefTarget(e, s, c, inv, inv.Fields[2:3], at, ".fields", 2)
	if len(ds) > 0 {
		return ds
	}
	for _, j := range []int{0, 3} {
		if fd, ok := c.Fields[inv.Fields[j]]; ok && fd.Role != "date" {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "lasts reads dates at both ends; %s has role %q", inv.Fields[j], fd.Role))
		}
	}
	ref := c.Fields[inv.Fields[1]].Ref
	if fd := s.Collection(ref).Fields[inv.Fields[2]]; fd.Type != "integer" && fd.Type != "number" {
		ds = append(ds, e.Diag(Error, at+".fields[2]", "lasts reads a number of minutes; %s.%s is a %s", ref, inv.Fields[2], fd.Type))
	}
	return ds
}

// validateMediaType checks that a media_type rule reads text fields.
func validateMediaType(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	for j, f := range inv.Fields {
		if fd, ok := c.Fields[f]; ok && fd.Type != "string" {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "media_type reads a media type and a file name, text both; %s is a %s", f, fd.Type))
		}
	}
	return ds
}

// validateDomainOf checks a domain_of rule: its first field holds a
// domain, a web address or an address, its second the company's name.
func validateDomainOf(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if fd, ok := c.Fields[inv.Fields[0]]; ok && fd.Role != RoleDomain && fd.Role != RoleURL && fd.Role != RoleEmail {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "domain_of reads a domain, a web address or an address; %s is of role %q", inv.Fields[0], fd.Role))
	}
	if fd, ok := c.Fields[inv.Fields[1]]; ok && fd.Role != RoleCompany {
		ds = append(ds, e.Diag(Error, at+".fields[1]", "domain_of reads the company's name; %s is of role %q, not %s", inv.Fields[1], fd.Role, RoleCompany))
	}
	return ds
}

// validateGates checks the lists an invariant gates itself by: in, the
// states of the rules that hold in some states only, and values, the
// values of a field the rules that bind some records only name.
func validateGates(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if inv.NotIn != nil && inv.Rule != "referred_by" {
		ds = append(ds, e.Diag(Error, at+".not_in", "not_in lists the values that keep a record from counting under a referred_by rule of four fields, and only there"))
	}
	if (len(inv.In) > 0 || inv.Rule == "referred_by" && len(inv.NotIn) > 0) != inv.HasStates() {
		ds = append(ds, e.Diag(Error, at+".in", "in lists the states of only_when, set_when, past_when, future_when, full_when, refers_to, flag_of, a referred_by rule of four fields, an agrees rule of four fields or of five, a since or within rule of four fields, a granted rule of five fields, a team rule of two fields, a remaining rule of three fields and a before rule of three fields, and only of them"))
	}
	if len(inv.Values) > 0 && inv.Rule != "only_when" && inv.Rule != "set_when" && inv.Rule != "unique" && inv.Rule != "granted" && inv.Rule != "refers_to" && inv.Rule != "media_type" && !(inv.Rule == "remaining" && len(inv.Fields) == 3) && !inv.RankStates() {
		ds = append(ds, e.Diag(Error, at+".values", "values lists the gated values of only_when and of a refers_to rule of three fields, the values set_when asks for, the values of a unique rule's last field it binds, the kinds of grant of a granted rule that let everyone in, the media types of a file whose name ends in no extension, the states of a remaining rule of three fields in which a part was paid, and the states a senior rule of two fields keeps off a title that leads others, and only these"))
	}
	if inv.Rule == "set_when" {
		ds = append(ds, valuesOf(e, c, inv.Fields[0], inv.Values, at+".values")...)
		if fd, ok := c.Fields[inv.Fields[0]]; ok && (fd.Type == "integer" || fd.Type == "number") {
			for j, v := range inv.Values {
				if _, err := strconv.ParseFloat(v, 64); err != nil {
					ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.values[%d]", at, j), "%q is not a number, as %s is", v, inv.Fields[0]))
				}
			}
		}
	}
	if inv.Rule == "refers_to" && (len(inv.Fields) == 3) != (len(inv.Values) > 0) {
		ds = append(ds, e.Diag(Error, at+".values", "a refers_to rule of three fields lists the values of its third field it holds for, and only it lists values"))
	}
	if inv.Rule == "unique" {
		ds = append(ds, valuesOf(e, c, inv.Fields[len(inv.Fields)-1], inv.Values, at+".values")...)
	}
	if inv.HasStates() && inv.Rule != "refers_to" && inv.Rule != "flag_of" && inv.Rule != "referred_by" && inv.Rule != "agrees" && inv.Rule != "since" && inv.Rule != "within" && inv.Rule != "granted" && inv.Rule != "remaining" && inv.Rule != "before" {
		ds = append(ds, validateWhenStates(e, c, inv, at)...)
	}
	if (inv.Rule == "remaining" || inv.Rule == "before") && len(inv.Fields) == 3 {
		ds = append(ds, valuesOf(e, c, inv.Fields[2], inv.In, at+".in")...)
	}
	if inv.Rule == "remaining" && len(inv.Fields) == 3 {
		ds = append(ds, valuesOf(e, c, inv.Fields[2], inv.Values, at+".values")...)
	}
	if (inv.Rule == "agrees" || inv.Rule == "since" || inv.Rule == "within") && len(inv.Fields) == 4 {
		ds = append(ds, valuesOf(e, c, inv.Fields[3], inv.In, at+".in")...)
	}
	return ds
}

// validatePosition checks a position rule: its first field a number, its
// one From field the record's own, its third a list of the record its
// reference names.
func validatePosition(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	ds := validateRefTarget(e, s, c, inv, inv.Fields[2:3], at, ".fields", 2)
	if fd := c.Fields[inv.Fields[0]]; fd.Type != "integer" && fd.Type != "number" {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "position writes a place into %s, which is no number", inv.Fields[0]))
	}
	if len(inv.From) != 1 || !hasField(c, inv.From[0]) {
		return append(ds, e.Diag(Error, at+".from", "position takes the one field of the record whose place it is"))
	}
	if t := s.Collection(c.Fields[inv.Fields[1]].Ref); t != nil && t.Fields[inv.Fields[2]].Type != "array" && len(ds) == 0 {
		ds = append(ds, e.Diag(Error, at+".fields[2]", "position reads a place in a list; %s is none", inv.Fields[2]))
	}
	return ds
}

// validateDisplay checks a display or quotes rule: text written into a
// text field, made of the named fields of the record referenced.
func validateDisplay(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if r := c.Fields[inv.Fields[0]].Role; (r == RoleUsername || r == RoleEmail || r == RoleID || r == RoleCode) && !showsOwnRole(s, c, inv, r) {
		ds = append(ds, e.Diag(Error, at+".fields[0]", "%s writes text into %s, a field of role %s", inv.Rule, inv.Fields[0], r))
	}
	if len(inv.From) == 0 {
		ds = append(ds, e.Diag(Error, at+".from", "%s needs the fields of %s it is made of", inv.Rule, c.Fields[inv.Fields[1]].Ref))
	}
	if inv.Rule == "quotes" && len(inv.From) > 1 {
		ds = append(ds, e.Diag(Error, at+".from", "quotes takes the one text field of the record quoted"))
	}
	return append(ds, validateRefTarget(e, s, c, inv, inv.From, at, ".from", 0)...)
}

// showsOwnRole reports whether a display rule copies one field of the
// referenced record of the role r its own field has (a Xero transfer's
// from_bank_account_code, its account's code): a copy, not a text.
func showsOwnRole(s *Server, c *Collection, inv Invariant, r string) bool {
	t := s.Collection(c.Fields[inv.Fields[1]].Ref)
	return inv.Rule == "display" && len(inv.From) == 1 && t != nil && t.Fields[inv.From[0]].Role == r
}

// ownFields are the indexes of a rule's fields that are its collection's:
// the others are the referenced record's (within, since, agrees,
// refers_to, flag_of), the referring collection's (referred_by) or the
// grants' (granted).
func ownFields(inv Invariant) []int {
	var out []int
	for j := range inv.Fields {
		other := false
		switch inv.Rule {
		case "within", "since", "agrees", "senior", "lasts", "position":
			other = j == 2 || inv.GatedThrough() && j > 2
		case "refers_to":
			other = j == 1
		case "flag_of":
			other = j == len(inv.Fields)-1
		case "referred_by":
			other = j > 0
		case "granted":
			other = j > 1
		}
		if !other {
			out = append(out, j)
		}
	}
	return out
}

// hasField reports whether collection c has field f.
func hasField(c *Collection, f string) bool {
	_, ok := c.Fields[f]
	return ok
}

// validateRefTarget checks that a display, quotes or within rule's second field
// is a reference, and that the collection it names has the fields fs
// (the rule's list from index first).
func validateRefTarget(e *Entry, s *Server, c *Collection, inv Invariant, fs []string, at, list string, first int) Diagnostics {
	ref := c.Fields[inv.Fields[1]].Ref
	target := s.Collection(ref)
	if target == nil {
		return Diagnostics{e.Diag(Error, at+".fields[1]", "%s needs a ref field as its second field", inv.Rule)}
	}
	var ds Diagnostics
	for j, f := range fs {
		if _, ok := target.Fields[f]; !ok {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s%s[%d]", at, list, first+j), "no field %q in collection %s", f, ref))
		}
	}
	return ds
}

// validateGateThrough checks an agrees rule gated through the referenced
// record's reference: its fourth field is a reference of the referenced
// collection, its fifth a field of the collection that one names, In
// among that field's values.
func validateGateThrough(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	target := s.Collection(c.Fields[inv.Fields[1]].Ref)
	if target == nil {
		return nil
	}
	gate := s.Collection(target.Fields[inv.Fields[3]].Ref)
	if gate == nil {
		return Diagnostics{e.Diag(Error, at+".fields[3]", "an agrees rule of five fields needs a ref field of %s as its fourth field", target.Name)}
	}
	if _, ok := gate.Fields[inv.Fields[4]]; !ok {
		return Diagnostics{e.Diag(Error, at+".fields[4]", "no field %q in collection %s", inv.Fields[4], gate.Name)}
	}
	if len(inv.In) == 0 {
		return Diagnostics{e.Diag(Error, at+".in", "an agrees rule of five fields lists the values of %s.%s it holds for", gate.Name, inv.Fields[4])}
	}
	return valuesOf(e, gate, inv.Fields[4], inv.In, at+".in")
}

// validateWhenStates checks that an only_when rule's states are values
// its second field can hold, and its gated values ones its first can: of
// the field's enum, true and false for a flag, or "set" for a date.
func validateWhenStates(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	ds := valuesOf(e, c, inv.Fields[1], inv.In, at+".in")
	return append(ds, valuesOf(e, c, inv.Fields[0], inv.Values, at+".values")...)
}

// valuesOf checks that each of vs is a value field f can hold, where its
// values are known (an enum or a flag).
func valuesOf(e *Entry, c *Collection, f string, vs []string, at string) Diagnostics {
	fd, ok := c.Fields[f]
	if !ok {
		return nil
	}
	allowed := fd.Enum
	switch {
	case fd.Type == "boolean":
		allowed = []any{"true", "false"}
	case fd.Format == "date" || fd.Format == "date-time":
		allowed = []any{StateSet} // and "", a record that holds none
	}
	if len(allowed) == 0 {
		return nil
	}
	var ds Diagnostics
	for j, v := range vs {
		if v != "" && !slices.ContainsFunc(allowed, func(x any) bool { return fmt.Sprint(x) == v }) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s[%d]", at, j), "%q is not a value of %s %v", v, f, allowed))
		}
	}
	return ds
}

func arityWord(n int) string {
	switch n {
	case 0:
		return "two or more"
	case -1:
		return "one or more"
	}
	return fmt.Sprint(n)
}

// Example is a conformance case of a server: on a state holding Records
// (collection -> records), the Calls are made in order and each gives
// what the product's documentation, at Source, says it gives.
type Example struct {
	Name    string                      `json:"name"`
	Source  string                      `json:"source"`
	Records map[string][]map[string]any `json:"records,omitempty"`
	Calls   []ExampleCall               `json:"calls"`
}

// ExampleCall is one call of an example: an Error the observation must
// contain, or fields (Want) the returned record must hold; Record then
// names a record (collection and key) whose fields after the call must be
// Holds, or with Gone, must be no more.
type ExampleCall struct {
	Tool   string         `json:"tool"`
	Args   map[string]any `json:"args,omitempty"`
	Error  string         `json:"error,omitempty"`
	Want   map[string]any `json:"want,omitempty"`
	Record string         `json:"record,omitempty"` // "collection/key"
	Holds  map[string]any `json:"holds,omitempty"`
	Gone   bool           `json:"gone,omitempty"`
}

func validateExamples(e *Entry, s *Server) Diagnostics {
	var ds Diagnostics
	for i, ex := range s.Examples {
		at := fmt.Sprintf("examples[%d]", i)
		if ex.Source == "" {
			ds = append(ds, e.Diag(Error, at+".source", "an example cites the documentation it comes from"))
		}
		for c := range ex.Records {
			if s.Collection(c) == nil {
				ds = append(ds, e.Diag(Error, at+".records."+c, "no collection %q in %s", c, s.AppName()))
			}
		}
		for j, call := range ex.Calls {
			if s.Tool(call.Tool) == nil {
				ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.calls[%d].tool", at, j), "no tool %q in %s", call.Tool, s.AppName()))
			}
			if coll, _, _ := strings.Cut(call.Record, "/"); call.Record != "" && s.Collection(coll) == nil {
				ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.calls[%d].record", at, j), "no collection %q in %s", coll, s.AppName()))
			}
		}
	}
	return ds
}

// Tool kinds a server's conformance examples cover, at least one call each.
const (
	ToolRead   = "read"   // search, list, get
	ToolCreate = "create" // create a record
	ToolSend   = "send"   // create one that goes to someone: send, reply, post
	ToolUpdate = "update" // update, append to a list
	ToolDelete = "delete"
)

// sendVerbs are the first words after the app of a create tool that sends.
var sendVerbs = map[string]bool{"send": true, "reply": true, "post": true}

// ToolKind is the kind of the server's tool t, from its effect and, for a
// create, the verb its name starts with; "" for a Starlark tool, whose
// effect says nothing of its kind.
func (s *Server) ToolKind(t *Tool) string {
	switch t.Effect.Kind {
	case "search", "get":
		return ToolRead
	case "update", "append", "remove":
		return ToolUpdate
	case "delete":
		return ToolDelete
	case "create":
		verb, _, _ := strings.Cut(strings.TrimPrefix(t.Name, s.ID+"_"), "_")
		if sendVerbs[verb] {
			return ToolSend
		}
		return ToolCreate
	}
	return ""
}

// UncoveredKinds lists, sorted, the tool kinds of the server that no call
// of its examples exercises.
func (s *Server) UncoveredKinds() []string {
	covered := map[string]bool{}
	for _, ex := range s.Examples {
		for _, c := range ex.Calls {
			if t := s.Tool(c.Tool); t != nil {
				covered[s.ToolKind(t)] = true
			}
		}
	}
	var out []string
	for i := range s.Tools {
		if k := s.ToolKind(&s.Tools[i]); k != "" && !covered[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
