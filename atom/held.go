package atom

import (
	"strings"

	"github.com/legoenv/legoenv/state"
)

const heldPrefix = "$held:"

// HeldRef reports the field and value by which a tool's constant names a
// record the product makes itself ("$held:role=sent": the mailbox whose
// role is sent), if it names one. The session writes that record's key.
func HeldRef(v any) (field, value string, ok bool) {
	s, isText := v.(string)
	if !isText {
		return "", "", false
	}
	rest, ok := strings.CutPrefix(s, heldPrefix)
	if !ok {
		return "", "", false
	}
	field, value, ok = strings.Cut(rest, "=")
	return field, value, ok && field != ""
}

// StandsIn reports whether an effect's constant stands for a value
// the session finds as the tool runs, not one written as it is: the clock
// ("$now"), a setting of the app (SettingRef), a record the product makes
// itself (HeldRef). A goal cannot ask for it by the constant.
func StandsIn(v any) bool {
	if v == "$now" {
		return true
	}
	if _, ok := SettingRef(v); ok {
		return true
	}
	_, _, ok := HeldRef(v)
	return ok
}

// HeldBy reports whether rec is the held record h: of h's key where h
// gives one, else agreeing with each of h's fields.
func HeldBy(h, rec map[string]any, key string) bool {
	if k, ok := h[key]; ok {
		return state.Text(rec[key]) == state.Text(k)
	}
	for f, v := range h {
		if state.Text(rec[f]) != state.Text(v) {
			return false
		}
	}
	return true
}
