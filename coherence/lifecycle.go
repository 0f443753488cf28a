package coherence

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// Words of states. A record cannot be both refused (denied, cancelled) and
// moving ahead (scheduled, paid) in two of its status fields.
var (
	refusedStates = []string{"denied", "rejected", "declined", "cancelled", "canceled", "void", "voided", "failed", "lost", "closed_lost", "bounced", "revoked"}
	aheadStates   = []string{"scheduled", "paid", "approved", "processing", "sent", "in_progress", "accepted", "won", "closed_won", "completed", "signed", "fulfilled", "shipped", "delivered", "confirmed", "active"}
	paidStates    = []string{"paid", "settled", "succeeded", "captured", "completed"}
)

// IsPaid reports whether a status value says the record is paid.
func IsPaid(v any) bool { return oneOf(stateWord(v), paidStates) }

// IsOwed reports whether a money field says what is still owed (a paid
// record owes nothing).
func IsOwed(field string) bool {
	return atom.HasWord(atom.Words(field), "due", "balance", "outstanding", "remaining")
}

// datePairs are fields whose dates must come in order: a record is created
// before it is updated or closed, starts before it ends, is issued before
// it is due.
var datePairs = [][2][]string{
	{{"created", "create", "creation", "added", "add", "submitted", "opened", "registered", "joined", "hire", "hired"}, {"termination", "terminated", "updated", "update", "modified", "modify", "won", "trashed", "closed", "resolved", "completed", "cancelled", "canceled", "paid", "archived", "deleted", "signed", "approved", "answered", "last", "responded", "finished", "ended"}},
	{{"start", "starts", "begin", "begins", "from"}, {"end", "ends", "finish", "until", "to"}},
	{{"issued", "issue", "invoice", "sent"}, {"due"}},
}

// StateWords normalises an enum value for matching: "Closed Won" and
// "closed_won" are the same state.
func stateWord(v any) string {
	return strings.Join(atom.Words(strings.ToLower(state.Text(v))), "_")
}

func oneOf(w string, list []string) bool {
	for _, x := range list {
		if w == x {
			return true
		}
	}
	return false
}

// lifecycle checks a record's dates and states against each other.
func (c *checker) lifecycle(sh *Shape, coll, key string, rec map[string]any) {
	for _, msg := range sh.LifecycleProblems(rec) {
		c.add(RuleLifecycle, coll, key, "", nil, "%s", msg)
	}
	for _, d := range sh.DeniedEvents(rec) {
		c.add(RuleLifecycle, coll, key, d.Field, rec[d.Field], "%s is set but %s", d.Field, d.Why)
	}
}

// LifecycleProblems lists how a record's dates and states disagree: dates
// out of order, a refused state beside one moving ahead, a paid record
// with money still due.
func LifecycleProblems(s *atom.Server, def *atom.Collection, rec map[string]any) []string {
	return ShapeOf(s, def).LifecycleProblems(rec)
}

// LifecycleProblems is the package's LifecycleProblems for a record of the
// shape's collection.
func (sh *Shape) LifecycleProblems(rec map[string]any) []string {
	def := sh.def
	var out []string
	type dated struct {
		field string
		ws    []string
		at    string
	}
	var dates []dated
	var refused, ahead, paid []string
	for f := range sh.declared(rec) {
		fd := def.Fields[f]
		if rec[f] == nil {
			continue
		}
		fs := sh.fields[f]
		switch fs.role {
		case atom.RoleDate:
			if v, ok := rec[f].(string); ok {
				if t, ok := isotime.Parse(v); ok {
					dates = append(dates, dated{f, fs.words, t.UTC().Format("2006-01-02T15:04:05")})
				}
			}
		case atom.RoleStatus:
			if len(fd.Enum) == 0 {
				continue
			}
			w := stateWord(rec[f])
			switch {
			case oneOf(w, refusedStates):
				refused = append(refused, fmt.Sprintf("%s %v", f, rec[f]))
			case oneOf(w, aheadStates):
				ahead = append(ahead, fmt.Sprintf("%s %v", f, rec[f]))
			}
			if oneOf(w, paidStates) && atom.HasWord(fs.words, "status", "state", "payment") {
				paid = append(paid, f)
			}
		}
	}
	if len(refused) > 0 && len(ahead) > 0 {
		out = append(out, fmt.Sprintf("%s contradicts %s", refused[0], ahead[0]))
	}
	for _, p := range datePairs {
		for _, a := range dates {
			if !atom.HasWord(a.ws, p[0]...) {
				continue
			}
			for _, b := range dates {
				if a.field != b.field && atom.HasWord(b.ws, p[1]...) && !atom.HasWord(b.ws, p[0]...) && b.at < a.at {
					out = append(out, fmt.Sprintf("%s %v comes after %s %v", a.field, rec[a.field], b.field, rec[b.field]))
				}
			}
		}
	}
	if len(paid) > 0 {
		for _, f := range sortedFieldNames(rec) {
			role, _ := atom.RoleOf(sh.server, def, f)
			if x, ok := rec[f].(float64); ok && role == atom.RoleMoney && x > 0 && IsOwed(f) {
				out = append(out, fmt.Sprintf("%s %v but %s is %v", paid[0], rec[paid[0]], f, x))
			}
		}
	}
	return out
}

func sortedFieldNames(rec map[string]any) []string {
	out := make([]string, 0, len(rec))
	for k := range rec {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// personName is the full name a record gives its own person, or "".
func personName(sh *Shape, rec map[string]any) (name, email string) {
	var first, last string
	for f := range sh.declared(rec) {
		v, _ := rec[f].(string)
		if v == "" {
			continue
		}
		role := sh.fields[f].role
		own := !atom.HasWord(sh.fields[f].words, ownerWords...)
		switch {
		case role == atom.RoleEmail && own && email == "":
			email = strings.ToLower(v)
		case role == atom.RolePersonName && own && name == "":
			name = v
		case role == atom.RoleFirstName:
			first = v
		case role == atom.RoleLastName:
			last = v
		}
	}
	if name == "" && first != "" && last != "" {
		name = first + " " + last
	}
	return name, email
}

// ownerWords name a person other than the record's own (its owner, its
// assignee): their address says nothing of the record's person.
var ownerWords = []string{"owner", "assignee", "creator", "author", "sender", "organizer", "organiser", "manager", "approver",
	"submitter", "reporter", "from", "host", "agent", "requester", "reviewer", "reply", "billing", "support", "notify", "notification", "cc", "bcc", "csm", "responder", "assigned", "bill"}

func (c *checker) collectNames(name string) {
	sh := c.shape(name)
	if sh == nil {
		return
	}
	for _, rec := range c.w.Collection(name).Records {
		if n, _ := personName(sh, rec); n != "" {
			c.personNames[n] = true
		}
		for f := range sh.withRole(atom.RoleCompany) {
			if n := state.Text(rec[f]); len(n) > 2 {
				c.companies[n] = true
			}
		}
	}
}

// identity checks that an address belongs to one person across the world,
// that a company field does not hold a person's name, and that a record's
// address is on its company's domain.
func (c *checker) identity(sh *Shape, coll, key string, rec map[string]any) {
	name, email := personName(sh, rec)
	if email != "" && name != "" && !addressOf(email, name+" "+companyName(sh, rec)) {
		c.add(RuleIdentity, coll, key, "", email, "%s is another person's address than %s's", email, name)
	}
	if email != "" && name != "" {
		if seen, ok := c.people[email]; ok && seen.name != name {
			c.add(RuleIdentity, coll, key, "", email, "%s is %s here but %s in %s", email, name, seen.name, seen.where)
		} else if !ok {
			c.people[email] = personSeen{name: name, where: coll + "[" + key + "]"}
		}
	}
	var domain string
	for f := range sh.declared(rec) {
		v, _ := rec[f].(string)
		role := sh.fields[f].role
		switch {
		case role == atom.RoleCompany && v != "" && c.personNames[v] && !atom.HasWord(atom.Words(sh.def.Name), "companies", "organizations", "accounts"):
			c.add(RuleIdentity, coll, key, f, v, "the company %q is a person's name", v)
		case role == atom.RoleDomain && domain == "":
			domain = strings.ToLower(v)
		}
	}
	if domain != "" && email != "" && !strings.HasSuffix(email, "@"+domain) {
		c.add(RuleIdentity, coll, key, "", email, "%s is not on the record's domain %s", email, domain)
	}
}

// companyName is the record's company, or "".
func companyName(sh *Shape, rec map[string]any) string {
	for f := range sh.declared(rec) {
		if v, ok := rec[f].(string); ok && sh.fields[f].role == atom.RoleCompany {
			return v
		}
	}
	return ""
}

// addressOf reports whether an address can be the named person's: one
// whose local part is two names (first.last@) has one of the words of
// name (the person's names, their company's) in it. Any other form
// (jsmith@, support@) says nothing.
func addressOf(email, name string) bool {
	local, _, _ := strings.Cut(email, "@")
	parts := strings.Split(local, ".")
	if len(parts) != 2 || parts[0] == "" || parts[1] == "" || strings.Trim(local, "abcdefghijklmnopqrstuvwxyz-.") != "" {
		return true
	}
	for _, w := range strings.Fields(name) {
		folded := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r == '-' {
				return r
			}
			return -1
		}, strings.ToLower(w))
		if folded != "" && (folded == parts[0] || folded == parts[1]) {
			return true
		}
	}
	return strings.Trim(strings.ToLower(name), "abcdefghijklmnopqrstuvwxyz-' .") != "" // a name beyond ASCII is not compared
}

// keyForm is the shape of a key: its leading letters as written, then
// whether the rest is a number or a mix ("con_1042" -> "con_#",
// "contacts_g0_3" -> "contacts_g*"). Hex or UUID keys are "hex". A key
// that ends in a number of four digits or more, and a hex key, also has
// its length: a product draws such keys at one width (a Salesforce id
// has 15 characters), so "R004314" beside "R0017508" is another form.
func keyForm(k string) string {
	form := keyShape(k)
	if form == "hex" || trailingDigits(k) >= 4 {
		return fmt.Sprintf("%s of %d characters", form, len(k))
	}
	return form
}

func keyShape(k string) string {
	if len(k) >= 12 && strings.Trim(k, "0123456789abcdef-") == "" && strings.ContainsAny(k, "abcdef") {
		return "hex"
	}
	i := strings.IndexFunc(k, unicode.IsDigit)
	if i < 0 {
		return "text"
	}
	rest := k[i:]
	if strings.Trim(rest, "0123456789") == "" {
		return k[:i] + "#"
	}
	return k[:i] + "*"
}

// namedKey is the key rec's kind takes where def keys it by a field of
// its own (a Gmail system label's name), else "".
func namedKey(def *atom.Collection, rec state.Record) string {
	if def == nil {
		return ""
	}
	k, _ := def.NamedKeyOf(rec)
	return k
}

// trailingDigits is the length of the run of digits a key ends in.
func trailingDigits(k string) int {
	return len(k) - len(strings.TrimRight(k, "0123456789"))
}

// idForm reports the keys of a collection whose form differs from the
// most common one of their kind: an agent could find a task's records by
// it. Where the collection gives the keys of some kinds a prefix of their
// own (a Slack direct message's D), a key without its kind's prefix is
// reported, and each kind's keys are of one form. A record keyed by its
// own name (Gmail's system label DRAFT, whose id is its name), or by a key
// made of it (role key_prefix), is one the product makes and names, not
// one it numbers; a key that is a phone number (a Plivo account's own
// numbers) is as wide as its country's numbers.
func (c *checker) idForm(sh *Shape, name string, col *state.Collection) {
	def := sh.def
	kind := func(rec state.Record) string {
		if def == nil || len(def.PrefixWhen) == 0 {
			return ""
		}
		return def.PrefixOf(rec)
	}
	named := func(rec state.Record, k string) bool {
		if sh.fields[col.Key].role == atom.RolePhone {
			return true // a phone number, as wide as its country's numbers, of the form its role checks
		}
		if sh.fields[col.Key].role == atom.RoleKeyPrefix && (def == nil || def.PrefixOf(rec) == def.Prefix()) {
			return true // a key made of the record's name (a Confluence space's PR), of the form its role checks
		}
		for _, f := range sh.names {
			if sh.fields[f].role == atom.RoleTitle && f != col.Key && state.Text(rec[f]) == k {
				return true
			}
		}
		return false
	}
	forms := map[string]map[string]int{}
	for _, rec := range col.Records {
		k, ok := state.KeyOf(rec, col.Key)
		if want := namedKey(def, rec); ok && want != "" && k != want {
			c.add(RuleIDForm, name, k, col.Key, k, "key %q is of a record the product keys by its name, %q", k, want)
			continue
		}
		if !ok || named(rec, k) {
			continue
		}
		if p := kind(rec); p != "" && !strings.HasPrefix(k, p) {
			c.add(RuleIDForm, name, k, col.Key, k, "key %q is of a record whose key starts with %s in the product", k, p)
			continue
		}
		if forms[kind(rec)] == nil {
			forms[kind(rec)] = map[string]int{}
		}
		forms[kind(rec)][keyForm(k)]++
	}
	best, n := map[string]string{}, map[string]int{}
	for p, fs := range forms {
		n[p] = -1
		for _, f := range slices.Sorted(maps.Keys(fs)) {
			if fs[f] > n[p] {
				best[p], n[p] = f, fs[f]
			}
		}
	}
	for _, rec := range col.Records {
		k, ok := state.KeyOf(rec, col.Key)
		p := kind(rec)
		if !ok || named(rec, k) || len(forms[p]) < 2 || !strings.HasPrefix(k, p) || keyForm(k) == best[p] {
			continue
		}
		c.add(RuleIDForm, name, k, col.Key, k, "key %q is of the form %s; %d of the collection's %d keys are %s", k, keyForm(k), n[p], len(col.Records), best[p])
	}
}
