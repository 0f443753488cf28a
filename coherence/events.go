package coherence

import (
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// eventStates are the states a record ends in by one event that leaves a
// trace of its own (Pipedrive's lost_reason, won_time; a paused_at): a
// field named for one of them is there only while the record is in it.
// States that later ones imply (sent before delivered, resolved before
// closed) are not here: their traces outlive them.
var eventStates = []string{"denied", "rejected", "declined", "cancelled", "canceled", "void", "voided", "failed", "lost",
	"bounced", "revoked", "won", "paused", "archived", "trashed", "deleted", "suspended", "expired"}

// stampWords are the words a field adds to the event it records:
// paused_at, archived_time, deleted_on, date_cancelled, bot_name,
// deleted_by, termination_reason.
var stampWords = []string{"at", "time", "on", "date", "timestamp", "name", "by", "reason"}

// traceWords mark the fields other than dates that only an event leaves:
// a bot_name beside is_bot, a deleted_by beside is_deleted.
var traceWords = []string{"name", "by", "reason"}

// togglingFlags are flags a record turns off again without losing the
// trace of having been on (a deactivated account keeps its activated_at).
var togglingFlags = []string{"active", "enabled", "visible", "open", "read", "seen", "online"}

// NamesEnd reports whether a field is named for an event that ends a
// record's active life (trashed_at, cancelled_at, deleted_on).
func NamesEnd(field string) bool {
	return atom.HasWord(atom.Words(field), eventStates...) && !atom.HasWord(atom.Words(field), "won")
}

// Denied is a field that records an event the record's own state denies.
type Denied struct {
	Field string
	Why   string
	// Date is the field that would record the event, where the record
	// has one and leaves it unset (Shopify's cancelled_at beside a
	// cancel_reason): setting it makes the trace true.
	Date string
}

// DeniedEvents lists the fields of rec that record an event its own
// state says has not happened: a field named for a state of one of its
// status fields (lost_reason, won_time, cancelled_at) while that status
// is another, or a date named for one of its flags (paused_at,
// archived_at) while the flag is false.
func DeniedEvents(s *atom.Server, def *atom.Collection, rec map[string]any) []Denied {
	return ShapeOf(s, def).DeniedEvents(rec)
}

// DeniedEvents is the package's DeniedEvents for a record of the shape's
// collection.
func (sh *Shape) DeniedEvents(rec map[string]any) []Denied {
	var out []Denied
	def := sh.def
	statuses, flags := stateFields(sh, def, rec)
	for f := range sh.declared(rec) {
		fd := def.Fields[f]
		if !atom.IsSet(rec[f]) || slices.Contains(statuses, f) || slices.Contains(flags, f) {
			continue
		}
		ws := sh.fields[f].words
		if why := deniedByStatus(sh, def, rec, statuses, ws); why != "" {
			out = append(out, Denied{Field: f, Why: why})
			continue
		}
		if why := closedWhileOpen(sh, def, rec, statuses, f); why != "" {
			out = append(out, Denied{Field: f, Why: why})
			continue
		}
		if d := undated(sh, rec, statuses, f); d != "" {
			out = append(out, Denied{Field: f, Why: d + " is not set", Date: d})
			continue
		}
		if sh.fields[f].role != atom.RoleDate && fd.Format != "date" && fd.Format != "date-time" && !atom.HasWord(ws, traceWords...) {
			continue
		}
		for _, b := range flags {
			if on, _ := rec[b].(bool); !on && sameEvent(ws, sh.fields[b].words) {
				out = append(out, Denied{Field: f, Why: fmt.Sprintf("%s is false", b)})
				break
			}
		}
	}
	return out
}

// stateFields are the record's status fields (an enum named status or
// state) and its boolean flags that are set.
func stateFields(sh *Shape, def *atom.Collection, rec map[string]any) (statuses, flags []string) {
	for f := range sh.declared(rec) {
		fd := def.Fields[f]
		if rec[f] == nil {
			continue
		}
		fs := sh.fields[f]
		switch {
		case fs.role == atom.RoleStatus && len(fd.Enum) > 0 && atom.HasWord(fs.words, "status", "state"):
			statuses = append(statuses, f)
		case fd.Type == "boolean":
			if _, isBool := rec[f].(bool); isBool {
				flags = append(flags, f)
			}
		}
	}
	return statuses, flags
}

// deniedByStatus says which status denies a field with words ws, or "".
func deniedByStatus(sh *Shape, def *atom.Collection, rec map[string]any, statuses, ws []string) string {
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		for i, w := range sh.fields[sf].states {
			if w != cur && oneOf(w, eventStates) && (atom.HasWord(ws, w) || tracesEvent(ws, w)) {
				return fmt.Sprintf("%s is %v, not %v", sf, rec[sf], state.Text(def.Fields[sf].Enum[i]))
			}
		}
	}
	return ""
}

// sameEvent reports whether a field's words name the flag's event:
// paused_at and paused, deleted_at and is_deleted, termination_date and
// terminated, bot_name and is_bot.
func sameEvent(field, flag []string) bool {
	var d, f []string
	for _, w := range field {
		if !oneOf(w, stampWords) {
			d = append(d, w)
		}
	}
	for _, w := range flag {
		if w != "is" && w != "has" && w != "was" {
			f = append(f, w)
		}
	}
	if len(d) == 0 || len(d) != len(f) || oneOf(f[len(f)-1], togglingFlags) {
		return false
	}
	for i := range d {
		if !sameStem(d[i], f[i]) {
			return false
		}
	}
	return true
}

// sameStem reports whether two words are forms of one verb: terminated
// and termination, deleted and deletion, paused and pause. They share all
// but the last two letters of the shorter.
func sameStem(a, b string) bool {
	if a == b {
		return true
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n >= 5 && n >= min(len(a), len(b))-2
}

// openStates are states of a record still being worked on, and
// closeWords the events that end that work: a task "to do" or "in
// progress" has no date_closed, an open ticket no resolved_at.
var (
	openStates = []string{"open", "new", "to_do", "todo", "in_progress", "review", "in_review", "backlog", "waiting", "on_hold", "reopened"}
	closeWords = []string{"closed", "resolved", "completed", "finished", "done"}
)

// closedWhileOpen says which status denies the date f of a closing event
// (date_closed, resolved_at) because the record is still open, or the
// date of its completion (completedAt) because it was dropped, or "".
// The lifecycle's declared stamps are left to their own rule.
func closedWhileOpen(sh *Shape, def *atom.Collection, rec map[string]any, statuses []string, f string) string {
	fs, fd := sh.fields[f], def.Fields[f]
	isDate := fs.role == atom.RoleDate || fd.Format == "date" || fd.Format == "date-time"
	if !isDate || !atom.HasWord(fs.words, closeWords...) || declaredStamp(def, f) {
		return ""
	}
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		if oneOf(cur, openStates) || oneOf(cur, abandonedStates) && atom.HasWord(fs.words, completedWords...) {
			return fmt.Sprintf("%s is %v", sf, rec[sf])
		}
	}
	return ""
}

// abandonedStates are states of work dropped before it was done, and
// completedWords the events they deny: a cancelled issue has no
// completedAt (Linear's). A cancelled ticket may still be closed or
// resolved (as won't do).
var (
	abandonedStates = []string{"canceled", "cancelled", "declined", "rejected", "void", "voided", "abandoned"}
	completedWords  = []string{"completed", "finished", "done"}
)

// tracesEvent reports whether a trace field (a reason, a by) is named for
// the event of state w in another form of the word: cancellation_reason
// and cancel_reason for canceled. Dates keep the exact word, since an
// expiration_date is no trace of having expired.
func tracesEvent(ws []string, w string) bool {
	if !atom.HasWord(ws, traceWords...) {
		return false
	}
	for _, x := range ws {
		if !oneOf(x, stampWords) && sameStem(x, w) {
			return true
		}
	}
	return false
}

// eventWords are a field's words less those naming the stamp or trace:
// cancelled_at and cancel_reason are both of [cancel(led)].
func eventWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !oneOf(w, stampWords) {
			out = append(out, w)
		}
	}
	return out
}

// undated is the date field whose absence denies the trace field f (a
// reason, a by) of an event the record keeps in that date, unless a
// status says the event happened: cancelled_at for Shopify's
// cancel_reason on an order not cancelled; "" when none does.
func undated(sh *Shape, rec map[string]any, statuses []string, f string) string {
	ws := sh.fields[f].words
	if !atom.HasWord(ws, traceWords...) || sh.fields[f].role == atom.RoleDate {
		return ""
	}
	ev := eventWords(ws)
	if len(ev) != 1 || !slices.ContainsFunc(eventStates, func(w string) bool { return sameStem(ev[0], w) }) {
		return ""
	}
	for _, sf := range statuses {
		if sameStem(stateWord(rec[sf]), ev[0]) {
			return "" // the status says the event happened
		}
	}
	for _, d := range sh.names {
		if d == f || sh.fields[d].role != atom.RoleDate || atom.IsSet(rec[d]) {
			continue
		}
		if dev := eventWords(sh.fields[d].words); len(dev) == 1 && sameStem(ev[0], dev[0]) {
			return d
		}
	}
	return ""
}
