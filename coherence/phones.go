package coherence

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// callingCodes are countries' international calling codes, by ISO 3166
// code.
var callingCodes = map[string]string{
	"US": "1", "CA": "1", "MX": "52", "BR": "55", "AR": "54", "CL": "56", "CO": "57",
	"GB": "44", "IE": "353", "DE": "49", "FR": "33", "ES": "34", "PT": "351", "IT": "39",
	"NL": "31", "BE": "32", "CH": "41", "AT": "43", "SE": "46", "NO": "47", "DK": "45",
	"FI": "358", "PL": "48", "CZ": "420", "GR": "30", "TR": "90", "IL": "972", "AE": "971",
	"SA": "966", "EG": "20", "NG": "234", "KE": "254", "ZA": "27", "IN": "91", "CN": "86",
	"JP": "81", "KR": "82", "SG": "65", "HK": "852", "AU": "61", "NZ": "64", "PH": "63",
	"ID": "62", "MY": "60", "TH": "66", "VN": "84",
}

// dialledAbroad finds a phone number dialled in another country than the
// one its record states (a Nairobi company's +1 number): the number keeps
// its digits under the country's calling code. A record that states no
// country, one it does not know, or two, is not judged.
func dialledAbroad(sh *Shape, rec map[string]any) []Contradiction {
	country, code := "", ""
	for f := range sh.declared(rec) {
		if sh.fields[f].role != atom.RoleCountry || !atom.IsSet(rec[f]) {
			continue
		}
		c := strings.ToUpper(state.Text(rec[f]))
		want, ok := callingCodes[c]
		if !ok || code != "" && want != code {
			return nil
		}
		country, code = c, want
	}
	if code == "" {
		return nil
	}
	var out []Contradiction
	for f := range sh.declared(rec) {
		s, _ := rec[f].(string)
		if got := callingCode(s); sh.fields[f].role == atom.RolePhone && got != "" && got != code {
			out = append(out, Contradiction{f, fmt.Sprintf("%s %s is not dialled in %s (+%s)", f, s, country, code), DialledIn(s, country), nil})
		}
	}
	return out
}

// DialledIn is phone dialled in country (an ISO 3166 code): its digits
// under the country's calling code ("+44-415-555-0100" of
// "+1-415-555-0100" in GB). A number written with no calling code apart,
// or a country it does not know, leaves phone as it is.
func DialledIn(phone, country string) string {
	code, ok := callingCodes[strings.ToUpper(country)]
	got := callingCode(phone)
	if !ok || got == "" {
		return phone
	}
	return "+" + code + phone[1+len(got):]
}

// callingCode is the calling code an international number is written
// with ("1" of "+1-415-555-0100"), or "" where it is not written apart.
func callingCode(phone string) string {
	if !strings.HasPrefix(phone, "+") {
		return ""
	}
	digits := strings.TrimLeft(phone[1:], "0123456789")
	n := len(phone) - 1 - len(digits)
	if n == 0 || n > 3 || digits == "" || (digits[0] != '-' && digits[0] != ' ') {
		return ""
	}
	return phone[1 : 1+n]
}
