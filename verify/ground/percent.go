package ground

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A text may state an amount changed by a percentage in one phrase: "our
// $1,450.00 fee less their 10% loyalty discount", "$800 plus 20% VAT",
// "15% of $2,000", or a count at a price each: "12 hours at $150 an
// hour". The figure it comes to is stated as surely as the
// amount: an agent computes it. Only the phrase's own two numbers are
// combined, so no figure is made from numbers the text does not join.

var (
	// adjustRE: an amount, a few words, a word that adds or takes off,
	// a few words, a percentage.
	adjustRE = regexp.MustCompile(`(?i)\$?(\d[\d,]*(?:\.\d+)?)\b[^.%\n\d]{0,40}?\b(less|minus|plus|after|off|discount(?:ed)? by|reduced by|increased by|marked up by)\b[^.%\n\d]{0,30}?(\d+(?:\.\d+)?)\s*%`)
	// rateRE: a count of things at a price for each ("12 hours of
	// consulting at $150 an hour", "40 chairs at $25 each").
	rateRE = regexp.MustCompile(`(?i)\b(\d[\d,]*(?:\.\d+)?)\s+(?:[a-z-]+\s+){1,5}?at\s+\$(\d[\d,]*(?:\.\d+)?)\s+(?:an?|per|each)\b`)
	// rateWordRE: the same with the count spelled out ("eleven
	// replacement panes at $85 each").
	rateWordRE = regexp.MustCompile(`(?i)\b(` + strings.Join(slices.Sorted(maps.Keys(spelledCounts)), "|") + `)\s+(?:[a-z-]+\s+){1,5}?at\s+\$(\d[\d,]*(?:\.\d+)?)\s+(?:an?|per|each)\b`)
	// shareRE: a percentage of an amount.
	shareRE = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?)\s*%\s+of\s+(?:the\s+|our\s+|their\s+)?\$?(\d[\d,]*(?:\.\d+)?)`)
)

// statedAdjustments returns the figures the text's percentage phrases
// and its counts at a price each come to.
func statedAdjustments(text string) []float64 {
	var out []float64
	for _, m := range adjustRE.FindAllStringSubmatch(text, -1) {
		a, ok1 := ParseNumber(m[1])
		p, err := strconv.ParseFloat(m[3], 64)
		if !ok1 || err != nil {
			continue
		}
		switch w := strings.ToLower(m[2]); {
		case w == "plus" || strings.HasPrefix(w, "increased") || strings.HasPrefix(w, "marked"):
			out = append(out, roundCents(a*(1+p/100)))
		default:
			out = append(out, roundCents(a*(1-p/100)))
		}
	}
	for _, m := range shareRE.FindAllStringSubmatch(text, -1) {
		p, err := strconv.ParseFloat(m[1], 64)
		a, ok := ParseNumber(m[2])
		if err == nil && ok {
			out = append(out, roundCents(a*p/100))
		}
	}
	for _, m := range rateRE.FindAllStringSubmatch(text, -1) {
		n, ok1 := ParseNumber(m[1])
		p, ok2 := ParseNumber(m[2])
		if ok1 && ok2 {
			out = append(out, roundCents(n*p))
		}
	}
	for _, m := range rateWordRE.FindAllStringSubmatch(text, -1) {
		n, ok1 := spelledCounts[strings.ToLower(m[1])]
		p, ok2 := ParseNumber(m[2])
		if ok1 && ok2 {
			out = append(out, roundCents(float64(n)*p))
		}
	}
	return out
}

// roundCents rounds a figure to cents, as an amount is written.
func roundCents(f float64) float64 {
	c, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', 2, 64), 64)
	return c
}

// spelledCounts are the counts from two to ninety-nine a person spells
// out before the things they count ("eleven panes", "twenty-four
// chairs").
var spelledCounts = func() map[string]int {
	ones := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	teens := []string{"ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens := []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	out := map[string]int{}
	for i, w := range ones[2:] {
		out[w] = i + 2
	}
	for i, w := range teens {
		out[w] = 10 + i
	}
	for t := 2; t < 10; t++ {
		out[tens[t]] = 10 * t
		for o := 1; o < 10; o++ {
			out[tens[t]+"-"+ones[o]] = 10*t + o
		}
	}
	return out
}()
