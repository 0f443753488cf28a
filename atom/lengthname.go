package atom

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/state"
)

// DeriveLength is the derived way of a name that states a length ("30
// Minute Meeting", "Check-in (1 hour)"): the length it states is the
// other field's, a count of minutes (a Calendly event type's duration, a
// Cal.com event type's length). A name that states none agrees with any.
const DeriveLength = "length"

var statedLength = regexp.MustCompile(`(?i)\b(\d+)(\s*-?\s*)(min(?:ute)?s?|h(?:ou)?rs?)\b`)

// NamedMinutes is the length in minutes a name states; false where it
// states none.
func NamedMinutes(name string) (int, bool) {
	m := statedLength.FindStringSubmatch(name)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return 0, false
	}
	if strings.HasPrefix(strings.ToLower(m[3]), "h") {
		n *= 60
	}
	return n, true
}

// nameOfLength is name stating minutes where it stated another length:
// the number replaced where the unit still reads right (hours of a whole
// number of hours, plural as before), else the length in minutes in the
// unit word's case ("45 Minute", "45 min").
func nameOfLength(name string, minutes int) string {
	m := statedLength.FindStringSubmatchIndex(name)
	if m == nil {
		return name
	}
	unit := name[m[6]:m[7]]
	n, word := minutes, ""
	if strings.HasPrefix(strings.ToLower(unit), "h") {
		plural := strings.HasSuffix(strings.ToLower(unit), "s")
		if minutes%60 == 0 && (minutes > 60) == plural {
			n, word = minutes/60, unit
		} else if unicode.IsUpper(rune(unit[0])) {
			word = "Minute"
		} else {
			word = "min"
		}
	} else {
		word = unit
	}
	return name[:m[2]] + strconv.Itoa(n) + name[m[4]:m[5]] + word + name[m[7]:]
}

// lengthDerive is what a derived rule by length makes of rec's name: the
// name stating the minutes of the other field; false where either is
// missing or the other is no whole number.
func (inv Invariant) lengthDerive(rec map[string]any) (string, bool) {
	name, _ := rec[inv.Fields[0]].(string)
	x, ok := state.Number(rec[inv.Fields[1]])
	if name == "" || !ok || x != float64(int(x)) {
		return "", false
	}
	return nameOfLength(name, int(x)), true
}
