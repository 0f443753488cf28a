package ground

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// A text may state a change or a price on its own, for a figure the
// agent reads or computes from records: "last year's amount plus the 15%
// uplift", "less our 10% discount", "the hours logged at our rate of $120
// an hour". (A phrase that writes the amount beside its percentage or its
// count is percent.go's.) Each such factor scales a record's own figure,
// and a figure the records give by a formula (a group's total), by the
// product the intent declares; ratios are not scaled.

// factor is one multiplier a text states, with how it reads.
type factor struct {
	by  float64
	how string
}

var (
	// changeRE: a word that adds or takes off, then a percentage, with
	// no amount between them ("plus the 15% uplift").
	changeRE = regexp.MustCompile(`(?i)\b(plus|add|adding|less|minus|off|uplift|increase|markup|discount)\b[^.%\n\d$]{0,30}?(\d+(?:\.\d+)?)\s*%`)
	// changeAfterRE: a percentage, then the word for the change ("a 15%
	// uplift", "20% off").
	changeAfterRE = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?)\s*%\s+(uplift|increase|markup|rise|raise|discount|reduction|off)\b`)
	// priceRE: a price for each of something, with no count before it
	// ("at our rate of $120 an hour", "$25 per seat").
	priceRE = regexp.MustCompile(`(?i)\$(\d[\d,]*(?:\.\d+)?)\s+(?:an?|per|each)\s+([a-z]+)`)
	// countAtPriceRE: a count of things at a price the text does not
	// write, one a record holds ("thirteen Copper lanterns at the item's
	// list price", "12 seats at our unit price").
	countAtPriceRE = regexp.MustCompile(`(?i)\b(\d+|` + strings.Join(slices.Sorted(maps.Keys(spelledCounts)), "|") + `)\s+(?:[a-z-]+\s+){1,5}?at\s+(?:[a-z'’]+\s+){0,4}?(?:price|rate|cost)\b`)
	// countOfNamedRE: a count of an item the text names by its quoted
	// name ("24 of our 'Oak board 2m'", "24 'Oak board 2m'").
	countOfNamedRE = regexp.MustCompile(`(?i)\b(\d+|` + strings.Join(slices.Sorted(maps.Keys(spelledCounts)), "|") + `)\s+(?:of\s+(?:our|the|your|their)\s+)?['‘"“][^'’"”\n]{1,80}['’"”]`)
	// atRecordPriceRE: a price the text does not write, one a record
	// holds ("the total at the sales price on the Xero item").
	atRecordPriceRE = regexp.MustCompile(`(?i)\bat\s+(?:[a-z'’]+\s+){0,4}?(?:price|rate|cost)\b`)
)

var (
	// pricedRE: a price a record holds, named by the thing it is the
	// price of ("at the Oak crate item's unit price").
	pricedRE = regexp.MustCompile(`(?i)\bat\s+((?:[a-z'’-]+\s+){1,6}?)(?:unit\s+|list\s+|sales\s+|retail\s+)?price\b`)
	// countOfRE: a count and the words after it ("twenty-four oak crates").
	countOfRE = regexp.MustCompile(`(?i)\b(\d+|` + strings.Join(slices.Sorted(maps.Keys(spelledCounts)), "|") + `)\s+((?:[a-z-]+\s+){0,3}[a-z-]+)`)
	// priceOfRE: a price a record holds, with the thing it is the price
	// of after it ("at the unit price of the Wave product 'Beeswax wrap'").
	priceOfRE = regexp.MustCompile(`(?i)\bat\s+(?:[a-z'’]+\s+){0,2}?(?:unit\s+|list\s+|sales\s+|retail\s+)?price\s+of\s+((?:[a-z'’-]+\s+){0,5}[a-z'’-]+)`)
	// pricedFillers name no thing in a price's phrase.
	pricedFillers = set("the", "our", "its", "their", "his", "her", "your", "item", "product", "same", "current", "usual")
	// pricedEnds end the words naming a thing after "price of" ("the
	// crate for the stall": crate).
	pricedEnds = set("for", "as", "in", "on", "to", "from", "with", "and", "at", "by", "per", "each")
)

// unitPrice is a price a text states for each of a thing ("$12.50 a
// hinge"), with the base of the thing's word.
type unitPrice struct {
	price float64
	thing string
}

// statedUnitPrices reads the prices a text states for each of a thing.
func statedUnitPrices(text string) []unitPrice {
	var out []unitPrice
	for _, m := range priceRE.FindAllStringSubmatch(text, -1) {
		if p, ok := ParseNumber(m[1]); ok && p > 0 {
			out = append(out, unitPrice{price: p, thing: WordBase(strings.ToLower(m[2]))})
		}
	}
	return out
}

// countsAtUnitPrices yields each count one document states of a thing
// times the price another states for each of that thing: a ticket asking
// for "fourteen gate hinges", and an instruction to price them "at $12.50
// a hinge", give 175.
func (ctx *Visible) countsAtUnitPrices(yield func(Formula) bool) bool {
	for i, d := range ctx.Docs {
		for _, up := range d.unitPrices {
			for j, e := range ctx.Docs {
				if j == i {
					continue
				}
				for _, c := range e.counts {
					if !slices.Contains(c.bases, up.thing) {
						continue
					}
					how := fmt.Sprintf("the count %q %s states times the price of $%v a %s %s states", c.text, e.Name, up.price, up.thing, d.Name)
					if !yield(Formula{Ops: []string{atom.DeriveProduct}, value: roundCents(float64(c.n) * up.price), How: how}) {
						return false
					}
				}
			}
		}
	}
	return true
}

// thingCount is a count a text states with the bases of the words after
// it.
type thingCount struct {
	n     int
	text  string
	bases []string
}

// pricedThings reads the bases of the words naming what a price a record
// holds is the price of ("at the Oak crate item's unit price": oak,
// crate; "at the unit price of the product 'Beeswax wrap'": beeswax,
// wrap).
func pricedThings(text string) []string {
	var out []string
	add := func(w string) {
		w = strings.Trim(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"), "'’")
		if w != "" && !pricedFillers[w] && !slices.Contains(out, WordBase(w)) {
			out = append(out, WordBase(w))
		}
	}
	for _, m := range pricedRE.FindAllStringSubmatch(text, -1) {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			add(w)
		}
	}
	for _, m := range priceOfRE.FindAllStringSubmatch(text, -1) {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if pricedEnds[w] {
				break
			}
			add(w)
		}
	}
	return out
}

// thingCounts reads the counts of more than one a text states, each with
// the words after it.
func thingCounts(text string) []thingCount {
	var out []thingCount
	for _, m := range countOfRE.FindAllStringSubmatch(text, -1) {
		n, ok := spelledCounts[strings.ToLower(m[1])]
		if !ok {
			x, err := strconv.Atoi(m[1])
			n, ok = x, err == nil
		}
		if !ok || n < 2 {
			continue
		}
		c := thingCount{n: n, text: m[0]}
		for _, w := range strings.Fields(strings.ToLower(m[2])) {
			c.bases = append(c.bases, WordBase(w))
		}
		out = append(out, c)
	}
	return out
}

// pricedCounts are the factors of the counts the document at doc states
// of a thing another document names a record's price of: "the number of
// crates the ticket asks for, at the Oak crate item's unit price", where
// the ticket asks for "twenty-four oak crates", is 24 times the item's
// price.
func (ctx *Visible) pricedCounts(doc int) []factor {
	var out []factor
	for _, c := range ctx.Docs[doc].counts {
		for j, d := range ctx.Docs {
			if j == doc || !slices.ContainsFunc(d.priced, func(w string) bool { return slices.Contains(c.bases, w) }) {
				continue
			}
			if f := (factor{by: float64(c.n), how: fmt.Sprintf("times the count %q %s states", c.text, ctx.Docs[doc].Name)}); !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// upWords are the words that add a percentage; the others take it off.
var upWords = set("plus", "add", "adding", "uplift", "increase", "markup", "rise", "raise")

func set(ws ...string) map[string]bool {
	out := map[string]bool{}
	for _, w := range ws {
		out[w] = true
	}
	return out
}

// statedFactors reads the percentage changes and prices a text states on
// their own.
func statedFactors(text string) []factor {
	var out []factor
	add := func(word, pct string) {
		p, ok := ParseNumber(pct)
		if !ok || p <= 0 || p >= 100 {
			return
		}
		f := factor{by: 1 - p/100, how: fmt.Sprintf("less the stated %v%%", p)}
		if upWords[strings.ToLower(word)] {
			f = factor{by: 1 + p/100, how: fmt.Sprintf("plus the stated %v%%", p)}
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, m := range changeRE.FindAllStringSubmatch(text, -1) {
		add(m[1], m[2])
	}
	for _, m := range changeAfterRE.FindAllStringSubmatch(text, -1) {
		add(m[2], m[1])
	}
	for _, m := range priceRE.FindAllStringSubmatch(text, -1) {
		if p, ok := ParseNumber(m[1]); ok && p > 0 {
			out = append(out, factor{by: p, how: fmt.Sprintf("at the stated $%v per %s", p, m[2])})
		}
	}
	counts := countAtPriceRE.FindAllStringSubmatch(text, -1)
	if atRecordPriceRE.MatchString(text) {
		counts = append(counts, countOfNamedRE.FindAllStringSubmatch(text, -1)...)
	}
	for _, m := range counts {
		n, ok := spelledCounts[strings.ToLower(m[1])]
		if !ok {
			x, err := strconv.Atoi(m[1])
			n, ok = x, err == nil
		}
		if f := (factor{by: float64(n), how: fmt.Sprintf("times the stated count of %s", m[1])}); ok && n > 1 && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// factorsFor lists the factors the documents other than doc state.
func (ctx *Visible) factorsFor(doc int) []factor {
	var out []factor
	for i, d := range ctx.Docs {
		if i != doc {
			out = append(out, d.factors...)
			out = append(out, ctx.pricedCounts(i)...)
		}
	}
	return out
}

// scaled yields fm and, for a figure that is no ratio, fm times each
// factor the documents other than the table's state.
func scaled(fs []factor, fm Formula, yield func(Formula) bool) bool {
	if !yield(fm) {
		return false
	}
	if fm.loose {
		return true
	}
	for _, f := range fs {
		s := fm
		s.Ops = append(slices.Clone(fm.Ops), atom.DeriveProduct)
		s.value, s.signed = roundCents(fm.value*f.by), 0
		s.How = fm.How + ", " + f.how
		if !yield(s) {
			return false
		}
	}
	return true
}

// recordFigures yields each record's own numeric fields times each factor
// the other documents state (a deal's amount plus a stated uplift).
func recordFigures(t *table, fs []factor, yield func(Formula) bool) bool {
	for ri, r := range t.rows {
		for _, k := range t.fieldNames() {
			x, ok := r.nums[k]
			if !ok || x == 0 {
				continue
			}
			for _, f := range fs {
				how := fmt.Sprintf("%s of record %d of %s (%v), %s", k, ri+1, t.name, x, f.how)
				if !yield(Formula{Ops: []string{atom.DeriveProduct}, Fields: []string{k}, value: roundCents(x * f.by), How: how}) {
					return false
				}
			}
		}
	}
	return true
}
