package coherence

import (
	"fmt"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// initialStates are the states a record is in before any later state of
// its status has been reached: an OPEN expense report is not yet
// SUBMITTED, a draft invoice not yet paid, a pending request not yet
// approved, a new ticket not yet closed.
var initialStates = []string{"draft", "drafts", "open", "new", "pending", "unsubmitted", "not_started", "to_do", "todo",
	"requested", "awaiting", "waiting", "queued", "scheduled", "planned", "unsent", "unpublished", "idea", "backlog"}

// sealStates end the making of a record that holds others: an expense
// report gains no expenses once submitted, a closed or finalised order no
// items. Discussion of it (a comment, a message) and its settlement (a
// payment, a refund) may come later.
var sealStates = []string{"submitted", "finalized", "finalised", "closed", "completed", "locked"}

// settlementWords name collections whose records settle another (a
// payment of an invoice, a refund of an order), which cannot come before
// it was issued.
var settlementWords = []string{"payment", "payments", "refund", "refunds", "settlement", "settlements", "remittance", "remittances", "payout", "payouts"}

// IsSettlement reports whether records of a collection settle another
// record: payments, refunds, credit notes.
func IsSettlement(collection string) bool {
	ws := atom.Words(collection)
	if len(ws) == 0 {
		return false
	}
	last := ws[len(ws)-1]
	return oneOf(last, settlementWords) || atom.HasWord(ws, "credit") && (last == "note" || last == "notes")
}

// stateOfDate is the state of status field sf that date field f is named
// for in the same form (submitted, approved_at, paidDate for SUBMITTED,
// approved, paid), or "". A date named for the act in another form
// (a scheduled payment's processDate, a new collector's close_date, a
// waiting meeting's start_time) is when it is planned, not a trace of it.
func (sh *Shape) stateOfDate(sf, f string) string {
	ev := eventWords(sh.fields[f].words)
	if len(ev) == 0 {
		return ""
	}
	for _, s := range sh.fields[sf].states {
		if strings.Join(ev, "_") == s {
			return s
		}
	}
	return ""
}

// unreachedDates finds a date named for a state of the record's status
// that its status has not reached (an OPEN expense report's submitted,
// a pending request's approved_at): the record is still in a state
// before any other, so the event is not dated; the date goes. Dates the
// other rules judge (a draft's published_at, an open ticket's
// closed_at, a cancelled_at) are left to them.
func unreachedDates(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	var out []Contradiction
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		if !oneOf(cur, initialStates) {
			continue
		}
		for f := range sh.declared(rec) {
			if f == sf || !atom.IsSet(rec[f]) || !isDateField(sh, f) || declaredStamp(sh.def, f) {
				continue
			}
			s := sh.stateOfDate(sf, f)
			if s == "" || s == cur || oneOf(s, initialStates) || oneOf(s, eventStates) {
				continue
			}
			if oneOf(cur, notYetStates) && atom.HasWord(sh.fields[f].words, doneWords...) || closedWhileOpen(sh, sh.def, rec, statuses, f) != "" {
				continue // notYetDates or closedWhileOpen says so
			}
			out = append(out, Contradiction{f, fmt.Sprintf("%s is set but %s is %v, before %s", f, sf, rec[sf], s), nil, nil})
		}
	}
	return out
}

// SealedAt is the date field of rec that records the state which ended
// its making (an expense report's submitted on a SUBMITTED or APPROVED
// report) and its time; "" where the record is not sealed.
func (sh *Shape) SealedAt(rec map[string]any) (string, time.Time) {
	statuses, _ := stateFields(sh, sh.def, rec)
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		if oneOf(cur, initialStates) || oneOf(cur, openStates) {
			continue
		}
		for f := range sh.declared(rec) {
			if !isDateField(sh, f) || !oneOf(sh.stateOfDate(sf, f), sealStates) {
				continue
			}
			s, _ := rec[f].(string)
			if t, ok := isotime.Parse(s); ok {
				return f, t
			}
		}
	}
	return "", time.Time{}
}

// IsContents reports whether records of the shape's collection are the
// contents of the records they are on (an expense of its report, an item
// of its order), which a sealed record gains no more of: neither
// discussion of it nor its settlement.
func (sh *Shape) IsContents() bool { return !IsPart(sh.def.Name) && !IsSettlement(sh.def.Name) }

// After reports whether the date s, of a record made on a sealed one, is
// after the seal at t: a date without a time is after it only on a later
// day.
func After(s string, t time.Time) bool {
	at, ok := isotime.Parse(s)
	if !ok {
		return false
	}
	if len(s) == len("2006-01-02") {
		y, m, d := t.UTC().Date()
		t = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	return at.After(t)
}

// IssuedField is the date a record came to be for the records that
// settle it: its made field (see MadeField), or else the date it was
// issued (an invoice's date, issue_date, invoice_date); "" for none.
func (sh *Shape) IssuedField() string {
	if mf := sh.MadeField(); mf != "" {
		return mf
	}
	ws := atom.Words(sh.def.Name)
	own := ""
	if len(ws) > 0 {
		own = ws[len(ws)-1]
		if len(own) > 1 && own[len(own)-1] == 's' {
			own = own[:len(own)-1]
		}
	}
	for _, f := range sh.names {
		if !isDateField(sh, f) || !atom.HasWord(sh.fields[f].words, "date") {
			continue
		}
		ev := eventWords(sh.fields[f].words)
		if len(ev) == 0 || len(ev) == 1 && (ev[0] == own || ev[0] == "issue" || ev[0] == "issued") {
			return f
		}
	}
	return ""
}

// DateFor is the date of the shape's record that a record of child
// written on it is not older than: its made field, or for a settlement
// (a payment of an invoice) the date it was issued.
func (sh *Shape) DateFor(child *Shape) string {
	if IsSettlement(child.def.Name) {
		return sh.IssuedField()
	}
	return sh.MadeField()
}

// sealedParts reports the contents dated after the record they are on
// was sealed (an expense created after its report was submitted).
func (c *checker) sealedParts(sh *Shape, name string, col *state.Collection) {
	mine := sh.MadeField()
	if mine == "" || !sh.IsContents() {
		return
	}
	c.onParents(name, col, sh.OnRefs, func(f string, tsh *Shape, rec, parent state.Record) {
		sf, st := tsh.SealedAt(parent)
		if a, _ := rec[mine].(string); sf != "" && After(a, st) {
			k, _ := state.KeyOf(rec, col.Key)
			c.add(RuleLifecycle, name, k, mine, a, "%s %s is after %s %v of the %s it is on (%s)", mine, a, sf, parent[sf], f, state.Text(rec[f]))
		}
	})
}
