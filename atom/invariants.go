package atom

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/state"
)

// Problem is how one record breaks a rule its collection declares.
type Problem struct {
	Field   string
	Message string
}

// IsSet reports whether a record holds a value for a field: present, not
// null, not the empty string.
func IsSet(v any) bool { return v != nil && v != "" }

// RecordProblems lists how one record breaks its collection's rules that
// need no other record: a lifecycle's stamps (a timestamp only in its
// states, and always there in them), the invariants lte, before,
// soon_after, at_most_one, differs, only_when, set_when, derived, media_type, spans and own_link, and a number field's
// declared bounds. Values that do not parse as numbers or dates are left
// to the type checks.
func (c *Collection) RecordProblems(rec map[string]any) []Problem {
	var out []Problem
	if lc := c.Lifecycle; lc != nil {
		st := lc.StateOf(c.Fields[lc.Field], rec[lc.Field])
		for _, sp := range lc.Stamps {
			in := slices.Contains(sp.States, st)
			switch {
			case st == "":
			case IsSet(rec[sp.Field]) && !in:
				out = append(out, Problem{sp.Field, fmt.Sprintf("%s is set on a record that is %s, not %v", sp.Field, st, sp.States)})
			case !IsSet(rec[sp.Field]) && in:
				out = append(out, Problem{sp.Field, fmt.Sprintf("a record that is %s has no %s", st, sp.Field)})
			}
		}
	}
	for _, inv := range c.Invariants {
		if inv.Rule == "only_when" && c.Denies(inv, rec) {
			out = append(out, Problem{inv.Fields[0], fmt.Sprintf("%s is set where %s is %s, not one of %v", inv.Fields[0], inv.Fields[1], stateWord(c.WhenState(inv.Fields[1], rec)), stateWords(inv.In))})
		} else if c.Needs(inv, rec) && len(ReferenceKeys(rec[inv.Fields[0]])) == 0 {
			out = append(out, Problem{inv.Fields[0], fmt.Sprintf("a record whose %s is %s has no %s", inv.Fields[1], c.WhenState(inv.Fields[1], rec), inv.Fields[0])})
		} else if c.Needs(inv, rec) && !inv.HoldsValue(rec) {
			out = append(out, Problem{inv.Fields[0], fmt.Sprintf("%s is %v where %s is %s, not one of %v", inv.Fields[0], rec[inv.Fields[0]], inv.Fields[1], c.WhenState(inv.Fields[1], rec), inv.Values)})
		} else if inv.Rule == "soon_after" {
			if p, ok := c.soonAfterProblem(inv, rec); ok {
				out = append(out, p)
			}
		} else if p, ok := inv.recordProblem(rec); ok {
			out = append(out, p)
		}
		if p, ok := inv.OwnLinkProblem(rec, c.KeyField()); ok {
			out = append(out, p)
		}
	}
	out = append(out, c.boundProblems(rec)...)
	return append(out, c.sizeProblems(rec)...)
}

// UnitBytes is the unit of a size in bytes (Field.Unit).
const UnitBytes = "bytes"

// TimeOf reads field f of rec as a time: a date or an RFC 3339 date-time,
// or, where the field keeps a time as a count since the epoch (its unit),
// that count.
func (c *Collection) TimeOf(rec map[string]any, f string) (time.Time, bool) {
	if fd := c.Fields[f]; fd.IsEpoch() {
		if x, ok := state.Number(rec[f]); ok {
			return fd.EpochTime(x)
		}
		return time.Time{}, false
	}
	return Time(rec[f])
}

// ContentFields are the collection's text fields that are its records'
// content, named so (a body, a content, a text): a message's, not a
// description or a note about a file.
func (c *Collection) ContentFields() []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(c.Fields)) {
		if c.Fields[name].Role == RoleText && HasWord(Words(name), "body", "content", "text") {
			out = append(out, name)
		}
	}
	return out
}

// sizeProblems lists the sizes in bytes of rec smaller than its content:
// a message of 12 bytes whose body is 80 characters long. A record's
// content is its text named so (a body, a content, a text), not a
// description or a note about it.
func (c *Collection) sizeProblems(rec map[string]any) []Problem {
	content := 0
	for _, name := range c.ContentFields() {
		if s, ok := rec[name].(string); ok {
			content = max(content, len(s))
		}
	}
	var out []Problem
	for _, name := range slices.Sorted(maps.Keys(c.Fields)) {
		x, ok := state.Number(rec[name])
		if c.Fields[name].Unit != UnitBytes || !ok || x >= float64(content) {
			continue
		}
		out = append(out, Problem{name, fmt.Sprintf("%s %v bytes is less than the record's own text, %d bytes", name, x, content)})
	}
	return out
}

func (inv Invariant) recordProblem(rec map[string]any) (Problem, bool) {
	switch inv.Rule {
	case "lte":
		a, b, ok := inv.Sum(rec)
		if ok && a > b {
			parts := inv.Fields[:len(inv.Fields)-1]
			return Problem{inv.Fields[0], fmt.Sprintf("%s %v is more than %s %v", strings.Join(parts, " + "), a, inv.Fields[len(parts)], b)}, true
		}
	case "before":
		if !inv.Orders(rec) {
			break
		}
		a, aok := Time(rec[inv.Fields[0]])
		b, bok := Time(rec[inv.Fields[1]])
		if aok && bok && a.After(b) {
			return Problem{inv.Fields[1], fmt.Sprintf("%s is before %s", inv.Fields[1], inv.Fields[0])}, true
		}
	case "ratio":
		if want, got, ok := inv.Rate(rec); ok && !SameRate(got, want) {
			if len(inv.Fields) == 2 {
				return Problem{inv.Fields[0], fmt.Sprintf("%s %v is not %s times %v (%v)", inv.Fields[0], got, inv.Fields[1], inv.Scale, want)}, true
			}
			return Problem{inv.Fields[0], fmt.Sprintf("%s %v is not %s over %s (%v)", inv.Fields[0], got, inv.Fields[1], inv.Fields[2], want)}, true
		}
	case "derived":
		return inv.derivedProblem(rec)
	case "sum":
		if want, ok := inv.Total(rec); ok && !SameRate(want, mustNumber(rec[inv.Fields[0]])) {
			return Problem{inv.Fields[0], fmt.Sprintf("%s %v is not %s (%v)", inv.Fields[0], rec[inv.Fields[0]], inv.sumText(), want)}, true
		}
	case "senior":
		if inv.RankedOut(rec) {
			return Problem{inv.Fields[1], fmt.Sprintf("%s is %q on a %s that leads others, %q", inv.Fields[1], state.Text(rec[inv.Fields[1]]), inv.Fields[0], state.Text(rec[inv.Fields[0]]))}, true
		}
	case "media_type":
		return inv.mediaTypeProblem(rec)
	case "spans":
		return inv.spansProblem(rec)
	case "reaches":
		return inv.reachesProblem(rec)
	case "team":
		if v := state.Text(rec[inv.Fields[0]]); inv.TeamApplies(rec) && PersonLike(v) {
			return Problem{inv.Fields[0], fmt.Sprintf("%s %q is one person's, not a team's", inv.Fields[0], v)}, true
		}
	case "differs":
		if a := state.Text(rec[inv.Fields[0]]); a != "" && inv.Repeats(rec) {
			return Problem{inv.Fields[0], fmt.Sprintf("%s is %s's own value, %q", inv.Fields[0], inv.Fields[1], a)}, true
		}
	case "at_most_one":
		var set []string
		for _, f := range inv.Fields {
			if IsSet(rec[f]) {
				set = append(set, f)
			}
		}
		if len(set) > 1 {
			return Problem{set[1], fmt.Sprintf("%v are all set; at most one of %v may be", set, inv.Fields)}, true
		}
	}
	return Problem{}, false
}

// soonAfterProblem is how rec breaks a soon_after rule: its second time
// before its first, or more than SoonAfter after it.
func (c *Collection) soonAfterProblem(inv Invariant, rec map[string]any) (Problem, bool) {
	a, aok := c.TimeOf(rec, inv.Fields[0])
	b, bok := c.TimeOf(rec, inv.Fields[1])
	switch {
	case aok && bok && a.After(b):
		return Problem{inv.Fields[1], fmt.Sprintf("%s is before %s", inv.Fields[1], inv.Fields[0])}, true
	case aok && bok && b.Sub(a) > SoonAfter:
		return Problem{inv.Fields[1], fmt.Sprintf("%s is %s after %s, not within %s of it", inv.Fields[1], b.Sub(a), inv.Fields[0], SoonAfter)}, true
	}
	return Problem{}, false
}

// SoonAfter is how long after its first date a soon_after rule's second
// may be: a message travels in seconds, and a mail server that holds one
// for an hour has failed it.
const SoonAfter = time.Hour

// Sum is, for an lte rule, the sum of the fields it bounds (likes,
// comments and shares) and the bound (the impressions they came from);
// false when the bound or every part is missing.
func (inv Invariant) Sum(rec map[string]any) (sum, bound float64, ok bool) {
	last := len(inv.Fields) - 1
	bound, bok := state.Number(rec[inv.Fields[last]])
	for _, f := range inv.Fields[:last] {
		if x, xok := state.Number(rec[f]); xok {
			sum, ok = sum+x, true
		}
	}
	return sum, bound, ok && bok
}

// Gates reports whether an only_when rule's first field holds, on rec, a
// value the rule keeps to its states: one of Values where it lists some,
// else any value but a count of 0, which holds nothing (a draft's likes).
func (inv Invariant) Gates(rec map[string]any) bool {
	v := rec[inv.Fields[0]]
	if len(inv.Values) > 0 {
		return slices.Contains(inv.Values, state.Text(v))
	}
	if x, ok := state.Number(v); ok && x == 0 {
		return false
	}
	return IsSet(v)
}

// WhenState is the state field f gives rec for an only_when rule: on a
// date (Lever's archivedAt, Shopify's cancelled_at) "set" where it holds
// one and "" where not, as a lifecycle kept in a date reads it; else the
// value as text.
func (c *Collection) WhenState(f string, rec map[string]any) string {
	if fd := c.Fields[f]; fd.Format == "date" || fd.Format == "date-time" {
		if IsSet(rec[f]) {
			return StateSet
		}
		return ""
	}
	return state.Text(rec[f])
}

// stateWord is a state as a message names it: the empty one is "unset".
func stateWord(s string) string {
	if s == "" {
		return "unset"
	}
	return s
}

func stateWords(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = stateWord(s)
	}
	return out
}

// Denies reports whether the only_when rule inv keeps its first field's
// value on rec off the state rec is in.
func (c *Collection) Denies(inv Invariant, rec map[string]any) bool {
	return inv.Gates(rec) && !slices.Contains(inv.In, c.WhenState(inv.Fields[1], rec))
}

// Rate is what a ratio invariant's rate should be on rec, rounded to a
// hundredth, and the rate rec holds; false when a field is missing or the
// ratio is over zero. A rule of two fields has no denominator: its rate
// is the second field times Scale.
func (inv Invariant) Rate(rec map[string]any) (want, got float64, ok bool) {
	got, gok := state.Number(rec[inv.Fields[0]])
	num, nok := state.Number(rec[inv.Fields[1]])
	den, dok := 1.0, true // of two fields: Fields[1] times Scale
	if len(inv.Fields) > 2 {
		den, dok = state.Number(rec[inv.Fields[2]])
	}
	if !gok || !nok || !dok || den == 0 {
		return 0, 0, false
	}
	scale := inv.Scale
	if scale == 0 {
		scale = 1
	}
	return math.Round(num/den*scale*100) / 100, got, true
}

// DaysSince is the way of a days_until rule that counts the days from
// its date to the clock, not to the date from the clock.
const DaysSince = "since"

// DaysUntil is what a days_until invariant's count should be on rec at
// clock: the whole days from the clock's day to the date's, 0 once the
// date has passed, or with By since, from the date's day to the clock's,
// 0 while the date is ahead; false when the date is missing or does not
// parse.
func (inv Invariant) DaysUntil(rec map[string]any, clock time.Time) (int, bool) {
	t, ok := Time(rec[inv.Fields[1]])
	if !ok {
		return 0, false
	}
	day := func(x time.Time) time.Time { return time.Date(x.Year(), x.Month(), x.Day(), 0, 0, 0, 0, time.UTC) }
	n := int(day(t.UTC()).Sub(day(clock.UTC())) / (24 * time.Hour))
	if inv.By == DaysSince {
		n = -n
	}
	return max(0, n), true
}

// SameRate reports whether a rate as written (rounded to a whole number or
// to hundredths) is the rate want.
func SameRate(got, want float64) bool {
	return math.Abs(got-want) <= 0.01 || got == math.Round(got) && got == math.Round(want)
}

// Time reads a date or an RFC 3339 date-time.
func Time(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	for _, l := range []string{time.RFC3339, "2006-01-02"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// OutsideParent reports whether a within rule's date on rec is after the
// date that bounds it on parent, the record its reference names, or a
// since rule's date is before it, and gives that bound; false when either
// is missing or does not parse, and for a since or within rule of four
// fields where rec is in none of its states (a Statuspage update that
// resolves its incident may be posted after the resolution it records;
// one still investigating may not).
func (inv Invariant) OutsideParent(rec, parent map[string]any) (time.Time, bool) {
	if len(inv.Fields) == 4 && !slices.Contains(inv.In, state.Text(rec[inv.Fields[3]])) {
		return time.Time{}, false
	}
	t, ok := Time(rec[inv.Fields[0]])
	bound, bok := Time(parent[inv.Fields[2]])
	if inv.Rule == "since" {
		return bound, ok && bok && t.Before(bound)
	}
	return bound, ok && bok && t.After(bound)
}

// AboveParent reports whether a within rule's number on rec is above the
// number that bounds it on parent, the record its reference names (a
// Smartsheet row's rowNumber above its sheet's totalRowCount), and gives
// that bound; false when either is not a number.
func (inv Invariant) AboveParent(rec, parent map[string]any) (float64, bool) {
	if inv.Rule != "within" {
		return 0, false
	}
	x, ok := state.Number(rec[inv.Fields[0]])
	bound, bok := state.Number(parent[inv.Fields[2]])
	return bound, ok && bok && x > bound
}

// Place is where a position rule puts rec, whose reference names p: the
// place, counted from 0, of rec's From[0] in p's list Fields[2], letter
// case aside (a signer's address among a request's signers); false where
// the list does not hold it.
func (inv Invariant) Place(rec, p map[string]any) (int, bool) {
	own := strings.ToLower(state.Text(rec[inv.From[0]]))
	if own == "" {
		return 0, false
	}
	for i, v := range ReferenceKeys(p[inv.Fields[2]]) {
		if strings.ToLower(v) == own {
			return i, true
		}
	}
	return 0, false
}

// Ends is the end a lasts rule asks of rec, whose reference names t: its
// start plus t's minutes; false where either is unset.
func (inv Invariant) Ends(rec, t map[string]any) (time.Time, bool) {
	start, ok := Time(rec[inv.Fields[3]])
	mins, mok := state.Number(t[inv.Fields[2]])
	if !ok || !mok {
		return time.Time{}, false
	}
	return start.Add(time.Duration(mins * float64(time.Minute))), true
}

// Display is the name a display invariant expects for a referenced record:
// its From fields joined by spaces; false when the record has none.
func (inv Invariant) Display(target map[string]any) (string, bool) {
	var parts []string
	for _, f := range inv.From {
		if v, ok := target[f].(string); ok && v != "" {
			parts = append(parts, v)
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	return strings.Join(parts, " "), true
}

// Quoted reports whether text is a passage of the quotes rule's field of
// the record quoted; true where that record holds no text to quote from.
func (inv Invariant) Quoted(text string, target map[string]any) bool {
	body, _ := target[inv.From[0]].(string)
	return body == "" || strings.Contains(body, text)
}

// Bounded reports whether the field declares a least or greatest value.
func (f Field) Bounded() bool { return f.Minimum != nil || f.Maximum != nil }

// Within reports whether x lies within the field's declared bounds.
func (f Field) Within(x float64) bool {
	return (f.Minimum == nil || x >= *f.Minimum) && (f.Maximum == nil || x <= *f.Maximum)
}

// boundProblems lists the fields of rec whose numbers lie outside their
// declared bounds, in field order.
func (c *Collection) boundProblems(rec map[string]any) []Problem {
	var out []Problem
	for _, name := range slices.Sorted(maps.Keys(c.Fields)) {
		f := c.Fields[name]
		x, ok := state.Number(rec[name])
		if !f.Bounded() || !ok || f.Within(x) {
			continue
		}
		out = append(out, Problem{name, fmt.Sprintf("%s %v is outside %s", name, x, f.BoundsText())})
	}
	return out
}

// BoundsText says a field's bounds in words: "0 to 10", "at least 0".
func (f Field) BoundsText() string {
	switch {
	case f.Minimum != nil && f.Maximum != nil:
		return fmt.Sprintf("%v to %v", *f.Minimum, *f.Maximum)
	case f.Minimum != nil:
		return fmt.Sprintf("at least %v", *f.Minimum)
	case f.Maximum != nil:
		return fmt.Sprintf("at most %v", *f.Maximum)
	}
	return "any value"
}

// AgreesOn reports whether an agrees rule holds for rec: always, or, with
// a fourth field, where rec holds one of In in it (an internal comment on
// a Jira Service Management request is its agent's: public false). A
// rule gated through its referenced record (GatedThrough) reads no field
// of rec's for it.
func (inv Invariant) AgreesOn(rec map[string]any) bool {
	return len(inv.Fields) != 4 || slices.Contains(inv.In, state.Text(rec[inv.Fields[3]]))
}

// GatedThrough reports whether an agrees rule holds only where the
// referenced record's reference Fields[3] names a record holding one of
// In in Fields[4]: a Calendly invitee's status is its event's where the
// event's type is one-on-one (kind solo), whose one invitee's cancelling
// cancels the event.
func (inv Invariant) GatedThrough() bool { return inv.Rule == "agrees" && len(inv.Fields) == 5 }

// BindsThrough reports whether gate, the record the referenced record's
// reference Fields[3] names (nil where it names none), lets a rule gated
// through it bind; true for every other rule.
func (inv Invariant) BindsThrough(gate map[string]any) bool {
	return !inv.GatedThrough() || gate != nil && slices.Contains(inv.In, state.Text(gate[inv.Fields[4]]))
}

// ParentGated reports whether an agrees rule holds only where the
// referenced record is in one of its states (In on a rule of three
// fields): a deleted ad group's ads are deleted, a live one's are free.
func (inv Invariant) ParentGated() bool {
	return inv.Rule == "agrees" && len(inv.Fields) == 3 && len(inv.In) > 0
}

// Orders reports whether a before rule binds rec: always, but for a rule
// of three fields, whose third field must hold one of In (a HubSpot call,
// note or email is logged once it has taken place; a task's timestamp is
// when it is due, and may lie ahead of its logging).
func (inv Invariant) Orders(rec map[string]any) bool {
	return inv.Rule == "before" && (len(inv.Fields) < 3 || slices.Contains(inv.In, state.Text(rec[inv.Fields[2]])))
}

// Binds reports whether parent, the record an agrees rule's reference
// names, binds the record to its value: always, but for a rule gated by
// the parent's state (ParentGated), whose parent must hold one of In.
func (inv Invariant) Binds(parent map[string]any) bool {
	return !inv.ParentGated() || slices.Contains(inv.In, state.Text(parent[inv.Fields[2]]))
}

// Disagrees reports whether an agrees rule's field on rec holds another
// value than the field it copies on parent, the record its reference
// names, and gives the parent's value; false when either holds none, and
// where the rule does not hold for rec (AgreesOn). Where the parent's
// field is a list, rec's value is one of it (inList).
//
// By kind, the rule keeps rec's text to the kind of case the parent's
// field names and to its topic, where it names one (CaseFits), and gives
// that kind: a Jira Service Management request whose summary is a refund
// is not raised under "Book a meeting room", nor a login that fails under
// "Fix a printer".
func (inv Invariant) Disagrees(rec, parent map[string]any) (string, bool) {
	return inv.DisagreesAmong(rec, parent, nil)
}

// DisagreesAmong is Disagrees where the parent is offered beside records
// whose field the rule reads holds peers (Peers: the request types of the
// parent's instance): by kind, a parent at large takes no case of a topic
// a peer names (CaseFitsAmong).
func (inv Invariant) DisagreesAmong(rec, parent map[string]any, peers []string) (string, bool) {
	if !inv.AgreesOn(rec) || !inv.Binds(parent) {
		return "", false
	}
	own, theirs := state.Text(rec[inv.Fields[0]]), state.Text(parent[inv.Fields[2]])
	if inv.ByCompany() {
		return "", false // which companies a text names is the world's to say (coherence.OtherCompany)
	}
	if inv.ByKind() {
		if own == "" || theirs == "" {
			return "", false
		}
		return CaseKind(theirs), !CaseFitsAmong(own, theirs, peers)
	}
	switch list := parent[inv.Fields[2]].(type) {
	case []any, []string:
		return inList(own, list)
	}
	return theirs, own != "" && theirs != "" && own != theirs
}

// inList judges a value an agrees rule keeps to a list of the parent's (a
// Dropbox Sign signature's signer to its request's signer_emails): it
// agrees where it is one of the list's values, letter case aside, or
// either holds none; else the list's first value is the one to take.
func inList(own string, list any) (string, bool) {
	vs := ReferenceKeys(list)
	if own == "" || len(vs) == 0 || slices.ContainsFunc(vs, func(v string) bool { return strings.EqualFold(v, own) }) {
		return "", false
	}
	return vs[0], true
}

// Peers are the values of inv's third field on all, the records of the
// collection inv's reference names: the names of the request types a Jira
// Service Management instance offers its customers, which its help center
// lists together
// (https://developer.atlassian.com/cloud/jira/service-desk/rest/api-group-requesttype/#api-rest-servicedeskapi-requesttype-get).
func (inv Invariant) Peers(all []map[string]any) []string {
	out := make([]string, 0, len(all))
	for _, t := range all {
		out = append(out, state.Text(t[inv.Fields[2]]))
	}
	return out
}

// AgreeKind is the way (by) of an agrees rule that keeps a record's text
// to the kind of case the field it reads on the referenced record names.
const AgreeKind = "kind"

// ByKind reports whether an agrees rule keeps its text to a kind of case
// (by kind) rather than to a copy of the other field.
func (inv Invariant) ByKind() bool { return inv.Rule == "agrees" && inv.By == AgreeKind }

// AgreeCompany is the way (by) of an agrees rule that keeps the company
// its field names (a text naming it, an address or a web address on its
// domain) to the company the field it reads on the referenced record
// names: a Close contact under a lead writes from the lead's domain, a
// Salesforce child case is about its parent's customer.
const AgreeCompany = "company"

// ByCompany reports whether an agrees rule keeps its field to the
// referenced record's company (by company) rather than to a copy of the
// other field.
func (inv Invariant) ByCompany() bool { return inv.Rule == "agrees" && inv.By == AgreeCompany }

// AgreeTaken is the way (by) of an agrees rule whose field the server
// fills itself: a created record the call leaves the field empty on takes
// the value of the record its reference names. A Buffer post queued on a
// channel is filed under the channel's organization
// (https://buffer.com/developers/api/updates: an update is created for a
// profile, and belongs where the profile does). Checked as a copy.
const AgreeTaken = "taken"

// Taken reports whether an agrees rule's field is taken from the
// referenced record when a create leaves it empty (by taken).
func (inv Invariant) Taken() bool { return inv.Rule == "agrees" && inv.By == AgreeTaken }

// TakenFrom is the reference field through which a created record takes
// field f from the record it names (an agrees rule by taken on f); false
// where none does.
func (c *Collection) TakenFrom(f string) (string, bool) {
	for _, inv := range c.Invariants {
		if inv.Taken() && len(inv.Fields) >= 3 && inv.Fields[0] == f {
			return inv.Fields[1], true
		}
	}
	return "", false
}

// CompanyFields are the fields of the referenced record an agrees rule by
// company reads for its company: the rule's third, and those it lists
// with. A rule with further fields also holds where the referenced
// record names no company in any of them: a record naming a company is
// not kept under one naming none (a Salesforce customer's case is no
// child of the team's internal case "opportunities-followups").
func (inv Invariant) CompanyFields() []string {
	return append([]string{inv.Fields[2]}, inv.With...)
}

// Repeats reports whether a differs rule's first field holds what its
// second holds, letter case aside: the value, or on a list one of its
// values (an SMS sent from a number to that number among others).
func (inv Invariant) Repeats(rec map[string]any) bool {
	a := state.Text(rec[inv.Fields[0]])
	return a != "" && slices.ContainsFunc(ReferenceKeys(rec[inv.Fields[1]]), func(b string) bool { return strings.EqualFold(a, b) })
}

// HoldsValue reports whether rec's first field holds one of the rule's
// Values, read as numbers where both are (a version 1.0 is 1); true where
// the rule lists none.
func (inv Invariant) HoldsValue(rec map[string]any) bool {
	if len(inv.Values) == 0 {
		return true
	}
	got := rec[inv.Fields[0]]
	x, num := state.Number(got)
	return slices.ContainsFunc(inv.Values, func(v string) bool {
		if y, err := strconv.ParseFloat(v, 64); err == nil && num {
			return x == y
		}
		return state.Text(got) == v
	})
}

// Needs reports whether a set_when rule asks rec to hold its first field:
// its second holds one of the rule's states (a Zulip message of type
// stream has a stream).
func (c *Collection) Needs(inv Invariant, rec map[string]any) bool {
	return inv.Rule == "set_when" && slices.Contains(inv.In, c.WhenState(inv.Fields[1], rec))
}

// Positions are the within rules of c that number its records' places
// under a parent: an integer kept unique per its reference and at most the
// parent's count of them (a Smartsheet row's rowNumber, unique in its
// sheet and within its totalRowCount). Such numbers run from 1 to the
// count, so a record that goes leaves the others after it one place up.
func (c *Collection) Positions() []Invariant {
	var out []Invariant
	for _, inv := range c.Invariants {
		if inv.Rule != "within" || c.Fields[inv.Fields[0]].Type != "integer" {
			continue
		}
		if slices.ContainsFunc(c.Invariants, func(u Invariant) bool {
			return u.Rule == "unique" && len(u.Fields) == 1 && u.Fields[0] == inv.Fields[0] && u.Per == inv.Fields[1]
		}) {
			out = append(out, inv)
		}
	}
	return out
}
