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
	for _, f := range sh.declared(rec) {
		fd := def.Fields[f]
		if !atom.IsSet(rec[f]) || slices.Contains(statuses, f) || slices.Contains(flags, f) {
			continue
		}
		ws := sh.fields[f].words
		if why := deniedByStatus(sh, def, rec, statuses, ws); why != "" {
			out = append(out, Denied{f, why})
			continue
		}
		if sh.fields[f].role != atom.RoleDate && fd.Format != "date" && fd.Format != "date-time" && !atom.HasWord(ws, traceWords...) {
			continue
		}
		for _, b := range flags {
			if on, _ := rec[b].(bool); !on && sameEvent(ws, sh.fields[b].words) {
				out = append(out, Denied{f, fmt.Sprintf("%s is false", b)})
				break
			}
		}
	}
	return out
}

// stateFields are the record's status fields (an enum named status or
// state) and its boolean flags that are set.
func stateFields(sh *Shape, def *atom.Collection, rec map[string]any) (statuses, flags []string) {
	for _, f := range sh.declared(rec) {
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
			if w != cur && oneOf(w, eventStates) && atom.HasWord(ws, w) {
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
