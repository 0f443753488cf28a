package coherence

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// Contradiction is a field whose value the record's other fields deny,
// with the value that agrees with them (nil: the field goes). Or, where
// set, mends the same contradiction from its other side, for a caller
// that must keep Field as it is (a task reads it).
type Contradiction struct {
	Field string
	Why   string
	Want  any
	Or    *Contradiction
}

// Mend writes the value that agrees with the rest of the record.
func (c Contradiction) Mend(rec map[string]any) {
	if c.Want == nil {
		delete(rec, c.Field)
		return
	}
	rec[c.Field] = c.Want
}

// notYetStates are states before the record's event has happened: a
// draft is not published, a scheduled send is not sent.
var notYetStates = []string{"draft", "drafts", "scheduled", "queued", "pending", "planned", "unsent", "unpublished", "saved", "idea"}

// doneWords name events a date records as having happened.
var doneWords = []string{"published", "sent", "delivered", "posted", "paid", "completed", "shipped", "fulfilled", "signed",
	"answered", "resolved", "merged", "finished", "ended", "processed"}

// opposites are flag words that cannot both hold, nor both fail.
var opposites = [][2]string{{"private", "public"}, {"open", "closed"}, {"active", "inactive"}, {"enabled", "disabled"},
	{"visible", "hidden"}, {"read", "unread"}, {"online", "offline"}}

// partWords name a share of a whole amount: paid, refunded, captured.
var partWords = []string{"paid", "refunded", "captured", "credited", "discount", "settled"}

// wholeWords name the whole a share is of.
var wholeWords = []string{"amount", "due", "total", "grand"}

// Contradictions lists the fields of rec whose values its other fields
// deny, by rules read from field names and states: a flag named for a
// state the status field is not in (or the other way), a happened-event
// date on a record not yet past it, a date named for a state its status
// has not reached (an OPEN report's submitted), opposite flags agreeing, a record's
// own kind flag false with nothing else it is, a share of an amount above
// the amount, what remains above what is due less what is paid, a count
// beside the list it counts, a minimum above its maximum, a chance of
// winning other than 100% on a won deal or 0 on a lost one, a sitting (a
// meeting, a call) that lasts days, a job's output before it finished, a
// share paid or refunded of a draft or a failed payment, all of an
// amount paid on an uncollectible invoice, a text naming an amount the
// record does not hold, an owner's role
// for anyone with the link, a display name other than the name, a phone
// number dialled in another country than the record's.
func Contradictions(s *atom.Server, def *atom.Collection, rec map[string]any) []Contradiction {
	return ShapeOf(s, def).Contradictions(rec)
}

// Contradictions is the package's Contradictions for a record of the
// shape's collection.
func (sh *Shape) Contradictions(rec map[string]any) []Contradiction {
	var out []Contradiction
	def := sh.def
	statuses, flags := stateFields(sh, def, rec)
	kinds := kindFields(sh, rec)
	out = append(out, flagStates(sh, rec, append(statuses, kinds...), flags)...)
	out = append(out, outputsOfUnfinished(sh, rec, statuses)...)
	out = append(out, sharesOfUnsettled(sh, rec, statuses)...)
	out = append(out, ownerGrants(sh, rec, kinds)...)
	out = append(out, displayNames(sh, rec)...)
	out = append(out, notYetDates(sh, def, rec, statuses)...)
	out = append(out, unreachedDates(sh, rec, statuses)...)
	out = append(out, flagPairs(def, rec, flags)...)
	out = append(out, amountParts(sh, rec)...)
	out = append(out, paidOfWrittenOff(sh, rec, statuses)...)
	out = append(out, amountsInText(sh, rec)...)
	out = append(out, joinedYetLongThere(sh, rec)...)
	out = append(out, countsAndBounds(sh, def, rec)...)
	out = append(out, winChances(sh, rec, statuses)...)
	out = append(out, sittingSpan(sh, rec)...)
	out = append(out, editedBeforeMade(sh, rec)...)
	out = append(out, receivedBeforeSent(sh, rec)...)
	out = append(out, activityOfNone(sh, rec)...)
	out = append(out, lossOfSuccess(sh, rec, statuses)...)
	out = append(out, cancelledYetDone(sh, rec, statuses)...)
	out = append(out, dialledAbroad(sh, rec)...)
	return out
}

// cancelWords name the date a record was called off; doneStates the
// states of work carried through, which a record called off never
// reaches (Shopify cancels only an order not yet fulfilled).
var (
	cancelWords = []string{"cancelled", "canceled", "voided", "declined", "rejected", "revoked"}
	doneStates  = []string{"fulfilled", "shipped", "delivered", "completed", "done"}
)

// cancelledYetDone finds a record dated as called off whose status says
// its work was carried through (a Shopify order with a cancelled_at and
// fulfillment_status fulfilled): the status goes (Shopify's null
// fulfillment_status, nothing fulfilled), or else, where a task keeps it,
// the date does.
func cancelledYetDone(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	done := ""
	for _, sf := range statuses {
		if oneOf(stateWord(rec[sf]), doneStates) {
			done = sf
			break
		}
	}
	if done == "" {
		return nil
	}
	var out []Contradiction
	for _, f := range sh.names {
		if !isDateField(sh, f) || !atom.IsSet(rec[f]) || !atom.HasWord(sh.fields[f].words, cancelWords...) {
			continue
		}
		why := fmt.Sprintf("%s is set but %s is %v", f, done, rec[done])
		out = append(out, Contradiction{done, why, nil, &Contradiction{f, why, nil, nil}})
		break
	}
	return out
}

// activityFlags are flags that say a person did something (attended a
// webinar, opened a mail), with the stems of the words that measure or
// date it (attendance_duration, open_count, clicked_at); what one does
// only while attending (questions asked, polls answered) is attendance.
var activityFlags = map[string][]string{"attended": {"attend", "question", "poll"}, "opened": {"open"}, "clicked": {"click"},
	"replied": {"repl"}, "viewed": {"view"}, "downloaded": {"download"}, "watched": {"watch"}, "responded": {"respon"},
	"answered": {"answer"}, "joined": {"join"}}

// activityOfNone finds the measures and dates of an activity on a record
// whose flag says it never happened (a Zoom registrant who did not attend,
// with 45 minutes of attendance): a measure is mended to zero and a date
// goes, or else the flag is turned on.
func activityOfNone(sh *Shape, rec map[string]any) []Contradiction {
	var out []Contradiction
	for _, b := range sh.names {
		on, isBool := rec[b].(bool)
		ws := sh.fields[b].words
		if !isBool || on || len(ws) == 0 {
			continue
		}
		stems, ok := activityFlags[ws[len(ws)-1]]
		if !ok {
			continue
		}
		for _, f := range sh.names {
			if f == b || !measures(sh, f, stems) || !activityShown(rec[f]) {
				continue
			}
			why := fmt.Sprintf("%s is false but %s is %v", b, f, rec[f])
			var want any
			if n, isNum := state.Number(rec[f]); isNum && n != 0 {
				want = SameKind(rec[f], 0)
			}
			out = append(out, Contradiction{f, why, want, &Contradiction{b, why, true, nil}})
		}
	}
	return out
}

// measures reports whether field f measures or dates an activity whose
// words start with one of stems: a number or a date named so.
func measures(sh *Shape, f string, stems []string) bool {
	fs := sh.fields[f]
	if !isDateField(sh, f) && fs.role != atom.RoleCount {
		return false
	}
	for _, w := range fs.words {
		for _, stem := range stems {
			if strings.HasPrefix(w, stem) {
				return true
			}
		}
	}
	return false
}

// successStates settle a record for the better: a deal won, a candidate
// hired, an offer accepted. lossReasonWords name the field that says why
// a record was lost or let go (a lost_reason, Lever's archived_reason).
var (
	successStates   = []string{"won", "closed_won", "hired", "accepted"}
	lossReasonWords = []string{"lost", "loss", "archived", "archive", "rejection", "rejected", "declined", "decline", "churn", "disqualified", "disqualification"}
)

// lossOfSuccess finds why a record was lost written on one whose status
// or stage says it succeeded (a Lever opportunity at the stage hired
// whose archived_reason reads "moved the work in-house"): the reason goes.
func lossOfSuccess(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	won := ""
	for _, sf := range append(stageFields(sh, rec), statuses...) {
		if oneOf(stateWord(rec[sf]), successStates) {
			won = stateWord(rec[sf])
			break
		}
	}
	if won == "" {
		return nil
	}
	var out []Contradiction
	for _, f := range sh.names {
		ws := sh.fields[f].words
		s, _ := rec[f].(string)
		if s == "" || !atom.HasWord(ws, "reason") || !atom.HasWord(ws, lossReasonWords...) {
			continue
		}
		out = append(out, Contradiction{f, fmt.Sprintf("%s is %q but the record is %s", f, s, won), nil, nil})
	}
	return out
}

// activityShown reports whether a value records some activity: a number
// other than zero, or a date.
func activityShown(v any) bool {
	if n, ok := state.Number(v); ok {
		return n != 0
	}
	s, ok := v.(string)
	return ok && s != ""
}

// sentWords name the date a message left its sender; arrivalWords the
// dates it reached or was opened by its recipient, which cannot be
// earlier.
var (
	sentWords    = []string{"sent", "send"}
	arrivalWords = []string{"received", "delivered", "read", "opened"}
)

// receivedBeforeSent finds a message received, delivered or read before
// it was sent (Outlook's receivedDateTime before its sentDateTime): it is
// mended to a minute after it was sent.
func receivedBeforeSent(sh *Shape, rec map[string]any) []Contradiction {
	sent, st := "", time.Time{}
	for f := range sh.declared(rec) {
		if ws := sh.fields[f].words; isDateField(sh, f) && atom.HasWord(ws, sentWords...) && !atom.HasWord(ws, arrivalWords...) {
			s, _ := rec[f].(string)
			if t, ok := isotime.Parse(s); ok {
				sent, st = f, t
				break
			}
		}
	}
	if sent == "" {
		return nil
	}
	var out []Contradiction
	for f := range sh.declared(rec) {
		if !isDateField(sh, f) || !atom.HasWord(sh.fields[f].words, arrivalWords...) || atom.HasWord(sh.fields[f].words, sentWords...) {
			continue
		}
		s, _ := rec[f].(string)
		if t, ok := isotime.Parse(s); ok && t.Before(st) {
			out = append(out, Contradiction{f, fmt.Sprintf("%s %s is before %s %v", f, s, sent, rec[sent]), dateLike(s, st.Add(time.Minute)), nil})
		}
	}
	return out
}

// isDateField reports whether field f holds a date: by its role or its
// format.
func isDateField(sh *Shape, f string) bool {
	fd := sh.def.Fields[f]
	return sh.fields[f].role == atom.RoleDate || fd.Format == "date" || fd.Format == "date-time"
}

// editWords name the date a record was last edited or updated, or the
// latest time something happened to it (Google Forms' lastSubmittedTime),
// which cannot come before the record was made.
var editWords = []string{"edited", "edit", "updated", "update", "modified", "modify", "last", "latest"}

// editedBeforeMade finds an edit or update dated before the record was
// made (Discord's edited_timestamp before the message's timestamp): it is
// mended to a minute after. The record is made at its created date, or at
// its plain timestamp (a message's). Pairs the date order of
// LifecycleProblems already names are left to it.
func editedBeforeMade(sh *Shape, rec map[string]any) []Contradiction {
	made := sh.CreatedField()
	if made == "" {
		for _, f := range sh.names {
			if ws := sh.fields[f].words; len(ws) == 1 && ws[0] == "timestamp" {
				made = f
			}
		}
	}
	m, _ := rec[made].(string)
	mt, ok := isotime.Parse(m)
	if made == "" || !ok {
		return nil
	}
	var out []Contradiction
	for f := range sh.declared(rec) {
		fs, fd := sh.fields[f], sh.def.Fields[f]
		if f == made || fs.role != atom.RoleDate && fd.Format != "date" && fd.Format != "date-time" || !atom.HasWord(fs.words, editWords...) || ordered(sh.fields[made].words, fs.words) {
			continue
		}
		s, _ := rec[f].(string)
		if t, ok := isotime.Parse(s); ok && t.Before(mt) {
			out = append(out, Contradiction{f, fmt.Sprintf("%s %s is before %s %s", f, s, made, m), dateLike(s, mt.Add(time.Minute)), nil})
		}
	}
	return out
}

// ordered reports whether a date pair LifecycleProblems checks puts a
// field of words a before one of words b.
func ordered(a, b []string) bool {
	for _, p := range datePairs {
		if atom.HasWord(a, p[0]...) && atom.HasWord(b, p[1]...) && !atom.HasWord(b, p[0]...) {
			return true
		}
	}
	return false
}

// Deal states that settle the chance of winning: a won deal's is 100%,
// a lost or abandoned one's 0.
var (
	wonStates  = []string{"won", "closed_won"}
	lostStates = []string{"lost", "closed_lost", "abandoned"}
)

// winChances finds a chance of winning (probability, confidence) that
// the deal's settled state or stage denies: Close's confidence 22 on a
// won opportunity, Insightly's PROBABILITY 31 on a won one, Zoho CRM's
// Probability 35 at the stage Closed Lost.
func winChances(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	want := -1.0
	for _, sf := range append(stageFields(sh, rec), statuses...) {
		switch cur := stateWord(rec[sf]); {
		case oneOf(cur, wonStates):
			want = 100
		case oneOf(cur, lostStates):
			want = 0
		}
	}
	if want < 0 {
		return nil
	}
	var out []Contradiction
	for f := range sh.declared(rec) {
		x, ok := state.Number(rec[f])
		chance := strings.Contains(strings.ToLower(f), "probability") || atom.HasWord(sh.fields[f].words, "confidence")
		if ok && chance && x != want {
			out = append(out, Contradiction{f, fmt.Sprintf("%s is %v on a deal that is settled", f, rec[f]), SameKind(rec[f], want), nil})
		}
	}
	return out
}

// stageFields are the stages of a record's pipeline (Zoho CRM's Stage,
// HubSpot's dealstage): status fields of fixed values named for a stage,
// which stateFields leaves out as they are no lifecycle of their own.
func stageFields(sh *Shape, rec map[string]any) []string {
	var out []string
	for f := range sh.declared(rec) {
		fs := sh.fields[f]
		if fs.role == atom.RoleStatus && len(sh.def.Fields[f].Enum) > 0 && atom.HasWord(fs.words, "stage") && !atom.HasWord(fs.words, "status", "state") {
			out = append(out, f)
		}
	}
	return out
}

// flagWord is a flag's name less is/has/was: is_archived -> archived.
func flagWord(f string) string {
	var ws []string
	for _, w := range atom.Words(f) {
		if w != "is" && w != "has" && w != "was" {
			ws = append(ws, w)
		}
	}
	return strings.Join(ws, "_")
}

// flagStates finds flags named for a state of a status field (archived
// beside status archived, paid beside a payment state) that disagree with
// the status.
func flagStates(sh *Shape, rec map[string]any, statuses, flags []string) []Contradiction {
	var out []Contradiction
	for _, b := range flags {
		on, _ := rec[b].(bool)
		w := flagWord(b)
		for _, sf := range statuses {
			cur := stateWord(rec[sf])
			want, named := false, false
			for _, ew := range sh.fields[sf].states {
				named = named || ew == w || (w == "paid" && oneOf(ew, paidStates))
			}
			if !named {
				continue
			}
			want = cur == w || (w == "paid" && oneOf(cur, paidStates))
			if on != want {
				out = append(out, Contradiction{b, fmt.Sprintf("%s is %v but %s is %v", b, on, sf, rec[sf]), want, nil})
				break
			}
		}
	}
	return out
}

// notYetDates finds dates of a happened event (published_at, sent_at) on
// a record whose status says it has not happened yet (draft, scheduled).
// The lifecycle's declared stamps are left to their own rule.
func notYetDates(sh *Shape, def *atom.Collection, rec map[string]any, statuses []string) []Contradiction {
	var out []Contradiction
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		if !oneOf(cur, notYetStates) {
			continue
		}
		for f := range sh.declared(rec) {
			fd := def.Fields[f]
			if !atom.IsSet(rec[f]) || declaredStamp(def, f) {
				continue
			}
			fs := sh.fields[f]
			isDate := fs.role == atom.RoleDate || fd.Format == "date" || fd.Format == "date-time"
			if isDate && atom.HasWord(fs.words, doneWords...) {
				out = append(out, Contradiction{f, fmt.Sprintf("%s is set but %s is %v", f, sf, rec[sf]), nil, nil})
			}
		}
	}
	return out
}

func declaredStamp(def *atom.Collection, f string) bool {
	if def.Lifecycle == nil {
		return false
	}
	for _, sp := range def.Lifecycle.Stamps {
		if sp.Field == f {
			return true
		}
	}
	return false
}

// flagPairs finds opposite flags that agree (is_private and is_public
// both true) and a record's own kind flag false (is_channel in channels)
// with no other flag saying what the record is instead.
func flagPairs(def *atom.Collection, rec map[string]any, flags []string) []Contradiction {
	var out []Contradiction
	byWord := map[string]string{}
	for _, b := range flags {
		byWord[flagWord(b)] = b
	}
	for _, p := range opposites {
		a, b := byWord[p[0]], byWord[p[1]]
		if a != "" && b != "" && rec[a] == rec[b] {
			on, _ := rec[a].(bool)
			out = append(out, Contradiction{b, fmt.Sprintf("%s and %s are both %v", a, b, on), !on, nil})
		}
	}
	ns := atom.Words(def.Name)
	own := ""
	if len(ns) > 0 {
		own = strings.TrimSuffix(ns[len(ns)-1], "s")
	}
	for _, b := range flags {
		if on, _ := rec[b].(bool); on || flagWord(b) != own || !strings.HasPrefix(b, "is") {
			continue
		}
		other := false
		for _, o := range flags {
			on, _ := rec[o].(bool)
			other = other || (o != b && on && strings.HasPrefix(o, "is") && !oneOf(flagWord(o), stateLikeFlags))
		}
		if !other {
			out = append(out, Contradiction{b, fmt.Sprintf("a record of %s has %s false and no other kind", def.Name, b), true, nil})
		}
	}
	return out
}

// stateLikeFlags say how a record is, not what it is.
var stateLikeFlags = []string{"archived", "deleted", "active", "read", "starred", "pinned", "locked", "member", "open", "closed", "general", "shared", "public"}

// amountParts finds a share above its whole (amount_paid over amount_due,
// amount_refunded over amount) and what remains (amount_remaining, an
// invoice's balance) above the whole less the share paid.
func amountParts(sh *Shape, rec map[string]any) []Contradiction {
	var out []Contradiction
	parts, wholes, remains := moneyParts(sh, rec)
	if len(wholes) == 0 {
		return nil
	}
	w := wholes[0]
	whole, _ := state.Number(rec[w])
	paid := 0.0
	for _, p := range parts {
		x, _ := state.Number(rec[p])
		if x > whole {
			out = append(out, Contradiction{p, fmt.Sprintf("%s %v is more than %s %v", p, rec[p], w, rec[w]), SameKind(rec[p], whole), nil})
			x = whole
		}
		if atom.HasWord(sh.fields[p].words, "paid") {
			paid = x
		}
	}
	for _, r := range remains {
		if x, _ := state.Number(rec[r]); x > whole-paid+0.005 {
			out = append(out, Contradiction{r, fmt.Sprintf("%s %v is more than %s less what is paid", r, rec[r], w), SameKind(rec[r], whole-paid), nil})
		}
	}
	return out
}

// moneyParts sorts the record's numbers of money or counts into the
// shares of a whole (amount_paid), the wholes (amount_due, total) and
// what remains of one (balance).
func moneyParts(sh *Shape, rec map[string]any) (parts, wholes, remains []string) {
	for f := range sh.declared(rec) {
		if role := sh.fields[f].role; role != atom.RoleMoney && role != atom.RoleCount {
			continue
		}
		if _, ok := state.Number(rec[f]); !ok {
			continue
		}
		ws := sh.fields[f].words
		switch {
		case atom.HasWord(ws, partWords...):
			parts = append(parts, f)
		case atom.HasWord(ws, "remaining", "outstanding", "balance"):
			remains = append(remains, f)
		case allOf(ws, wholeWords) && atom.HasWord(ws, wholeWords...):
			wholes = append(wholes, f)
		}
	}
	return parts, wholes, remains
}

// writtenOffStates say a record's money was given up on: an invoice
// marked uncollectible was not paid in full. owedStates say it is still
// owed: a Stripe invoice paid in full is paid, never open
// (https://docs.stripe.com/invoicing/overview#invoice-lifecycle).
var (
	writtenOffStates = []string{"uncollectible", "written_off", "write_off", "bad_debt"}
	owedStates       = []string{"open", "overdue", "past_due", "unpaid"}
)

// paidOfWrittenOff finds a record written off (Stripe's uncollectible
// invoice) or still owed (an open one) whose share paid (amount_paid) is
// its whole (amount_due): it was not paid in full, so nothing is.
func paidOfWrittenOff(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	why := ""
	for _, sf := range statuses {
		switch w := stateWord(rec[sf]); {
		case oneOf(w, writtenOffStates):
			why = "written off as unpaid"
		case oneOf(w, owedStates) && why == "":
			why = "still owed (" + sf + " " + state.Text(rec[sf]) + ")"
		}
	}
	if why == "" {
		return nil
	}
	parts, wholes, _ := moneyParts(sh, rec)
	if len(wholes) == 0 {
		return nil
	}
	whole, _ := state.Number(rec[wholes[0]])
	var out []Contradiction
	for _, p := range parts {
		x, _ := state.Number(rec[p])
		if atom.HasWord(sh.fields[p].words, "paid") && whole > 0 && x >= whole {
			out = append(out, Contradiction{p, fmt.Sprintf("%s %v is all of %s on a record %s", p, rec[p], wholes[0], why), SameKind(rec[p], 0), nil})
		}
	}
	return out
}

func allOf(ws, list []string) bool {
	for _, w := range ws {
		if !oneOf(w, list) {
			return false
		}
	}
	return true
}

// SameKind is x written as v is: a whole number (rounded) where v is an
// int, else to the cent.
func SameKind(v any, x float64) any {
	switch v.(type) {
	case int:
		return int(math.Round(x))
	case int64:
		return int64(math.Round(x))
	}
	return float64(int64(x*100+0.5)) / 100
}

// countsAndBounds finds a count beside the list it counts that disagrees
// with the list's length (tags_count beside tags), and a minimum above
// its maximum (min_price over max_price).
func countsAndBounds(sh *Shape, def *atom.Collection, rec map[string]any) []Contradiction {
	var out []Contradiction
	for f := range sh.declared(rec) {
		n, ok := state.Number(rec[f])
		if !ok {
			continue
		}
		ws := sh.fields[f].words
		if len(ws) == 2 && ws[1] == "count" {
			for _, l := range []string{ws[0], ws[0] + "s"} {
				if list, isList := rec[listField(def, l)].([]any); isList && float64(len(list)) != n {
					out = append(out, Contradiction{f, fmt.Sprintf("%s is %v but %s holds %d", f, rec[f], listField(def, l), len(list)), SameKind(rec[f], float64(len(list))), nil})
				}
			}
		}
		if len(ws) >= 2 && (ws[0] == "min" || ws[0] == "minimum") {
			for _, hi := range []string{"max", "maximum"} {
				mf := fieldWithWords(def, append([]string{hi}, ws[1:]...))
				if m, ok := state.Number(rec[mf]); ok && mf != "" && n > m {
					out = append(out, Contradiction{mf, fmt.Sprintf("%s %v is below %s %v", mf, rec[mf], f, rec[f]), rec[f], nil})
				}
			}
		}
	}
	return out
}

// listField is the collection's field whose words are exactly w, or "".
func listField(def *atom.Collection, w string) string { return fieldWithWords(def, []string{w}) }

func fieldWithWords(def *atom.Collection, ws []string) string {
	for f := range def.Fields {
		if strings.Join(atom.Words(f), "_") == strings.Join(ws, "_") {
			return f
		}
	}
	return ""
}
