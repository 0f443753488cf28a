package state

import (
	"strconv"
	"strings"
)

// keyDigits bounds the run of digits a new key raises: a longer run keeps
// its head and counts in its last keyDigits digits, within an int.
const keyDigits = 9

// keyLike is a fresh key of the form of the last key of collection name
// that starts with prefix and holds a digit after it: that key with its
// last run of digits raised, at the same width, past every key in use
// ("1700000123" after "1700000122", "msg_0042" after "msg_0041"). The key
// it gave last for the same prefix is the form while there is one, so a
// key is never given twice, though its record was deleted. False where
// no key has that form.
func (s *State) keyLike(name, prefix string) (string, bool) {
	at := name + "\x00" + prefix
	tmpl, ok := s.last[at]
	if !ok {
		key := s.KeyField(name)
		for _, r := range s.Placed(name) {
			k, ok := KeyOf(r, key)
			if ok && strings.HasPrefix(k, prefix) && strings.ContainsAny(k[len(prefix):], "0123456789") {
				tmpl = k
			}
		}
	}
	if tmpl == "" {
		return "", false
	}
	k, ok := raiseKey(tmpl, len(prefix), func(k string) bool { _, used := s.Get(name, k); return used })
	if ok {
		if s.last == nil {
			s.last = map[string]string{}
		}
		s.last[at] = k
	}
	return k, ok
}

// raiseKey is tmpl with its last run of digits (after its first from
// characters) raised, at the same width, to the first value used does not
// hold.
func raiseKey(tmpl string, from int, used func(string) bool) (string, bool) {
	end := strings.LastIndexAny(tmpl, "0123456789") + 1
	start := end
	for start > from && end-start < keyDigits && tmpl[start-1] >= '0' && tmpl[start-1] <= '9' {
		start--
	}
	width := end - start
	v, err := strconv.Atoi(tmpl[start:end])
	if err != nil {
		return "", false
	}
	for n := v + 1; ; n++ {
		digits := strconv.Itoa(n)
		if len(digits) < width {
			digits = strings.Repeat("0", width-len(digits)) + digits
		}
		if k := tmpl[:start] + digits + tmpl[end:]; !used(k) {
			return k, true
		}
	}
}
