package ground

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// A document may state a formula in words ("DPO = Average AP Balance /
// (Total Purchases / Days in Period)"), the quantities it needs ("Q4 has
// 92 days") and a correction to one record ("Metro Supply's Total
// Purchases for Q4 should be $18,000, not $15,000"). The formula is
// computed for each record of a table whose fields its names bind: a name
// is a numeric field of the record whose words are the name's (an
// abbreviation is its word: "Avg" for "Average"), or a quantity a
// document states of the unit the name says ("days"). A value a
// correction states for that record and field replaces the table's.

// statedFormula is one "NAME = EXPR" a document writes.
type statedFormula struct {
	name string // as written
	expr *expr
}

// expr is a formula's tree: an operator over two parts, a name, or a
// number.
type expr struct {
	op   byte // '+', '-', '*', '/'; 0 for a leaf
	l, r *expr
	name []string // a leaf's words, loose
	num  float64
	isN  bool
}

// correction is a value a document states for a record's field in place
// of another: what the sentence says before it, loose, and the two values.
type correction struct {
	before   string
	new, old float64
}

var (
	formulaLineRE = regexp.MustCompile(`^[^A-Za-z]*([A-Za-z][A-Za-z0-9 ]{0,40}?)\s*=\s*([A-Za-z0-9 ().,$*/×+\-]+)$`)
	formulaTokRE  = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?|[A-Za-z][A-Za-z0-9]*(?:\s+[A-Za-z][A-Za-z0-9]*)*|[()+\-*/×]`)
	quantityRE    = regexp.MustCompile(`(?i)\b(?:has|have|is|are)\s+(\d[\d,]*(?:\.\d+)?)\s+([a-z]+)`)
	correctionRE  = regexp.MustCompile(`(?i)([^.\n]*?)\b(?:should be|is actually|was actually|corrected to)\s+\$?(\d[\d,]*(?:\.\d+)?)\s*,?\s*(?:and\s+)?not\s+\$?(\d[\d,]*(?:\.\d+)?)`)
)

// statedFormulas reads the formulas a text states, one a line.
func statedFormulas(text string) []statedFormula {
	var out []statedFormula
	for _, line := range strings.Split(text, "\n") {
		m := formulaLineRE.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		p := &formulaParser{toks: formulaTokRE.FindAllString(m[2], -1)}
		e := p.sum()
		if e != nil && e.op != 0 && p.i == len(p.toks) && e.named() {
			out = append(out, statedFormula{name: strings.TrimSpace(m[1]), expr: e})
		}
	}
	return out
}

// statedQuantities reads the quantities a text states as facts ("has 92
// days"), by the base of their unit's word.
func statedQuantities(text string) map[string][]float64 {
	out := map[string][]float64{}
	for _, m := range quantityRE.FindAllStringSubmatch(text, -1) {
		if f, ok := ParseNumber(m[1]); ok {
			u := WordBase(strings.ToLower(m[2]))
			out[u] = append(out[u], f)
		}
	}
	return out
}

// statedCorrections reads the corrections a text states.
func statedCorrections(text string) []correction {
	var out []correction
	for _, m := range correctionRE.FindAllStringSubmatch(text, -1) {
		nv, ok1 := ParseNumber(m[2])
		ov, ok2 := ParseNumber(m[3])
		if ok1 && ok2 && nv != ov {
			out = append(out, correction{before: " " + satisfy.Loose(m[1]) + " ", new: nv, old: ov})
		}
	}
	return out
}

// formulaParser reads a formula's tokens: sums of products of parts.
type formulaParser struct {
	toks []string
	i    int
}

func (p *formulaParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

// sum reads parts added or taken away; product, parts multiplied or
// divided.
func (p *formulaParser) sum() *expr { return p.level("+-", p.product) }

func (p *formulaParser) product() *expr { return p.level("*/×", p.part) }

// level reads next's parts joined by any of ops, left to right (×
// multiplies).
func (p *formulaParser) level(ops string, next func() *expr) *expr {
	l := next()
	for l != nil && p.peek() != "" && strings.Contains(ops, p.peek()) {
		op := p.toks[p.i][0]
		if p.toks[p.i] == "×" {
			op = '*'
		}
		p.i++
		r := next()
		if r == nil {
			return nil
		}
		l = &expr{op: op, l: l, r: r}
	}
	return l
}

func (p *formulaParser) part() *expr {
	t := p.peek()
	switch {
	case t == "(":
		p.i++
		e := p.sum()
		if e == nil || p.peek() != ")" {
			return nil
		}
		p.i++
		return e
	case t == "" || strings.ContainsAny(t, ")+-*/×"):
		return nil
	}
	p.i++
	if f, ok := ParseNumber(t); ok {
		return &expr{num: f, isN: true}
	}
	return &expr{name: strings.Fields(satisfy.Loose(t))}
}

// named reports whether a formula reads a name (a range, "30-45", is no
// formula).
func (e *expr) named() bool {
	if e.op == 0 {
		return !e.isN
	}
	return e.l.named() || e.r.named()
}

// binding is what a formula's names are bound to for one record.
type binding struct {
	fields []string // the record's fields it reads
	how    []string // each name and its value
}

// eval computes e for a record; ok is false where a name is bound to
// nothing or a division is by zero.
func (ctx *Visible) eval(e *expr, r tableRow, fix map[string]float64, b *binding) (float64, bool) {
	if e.op == 0 {
		if e.isN {
			return e.num, true
		}
		return ctx.bindName(e.name, r, fix, b)
	}
	x, ok1 := ctx.eval(e.l, r, fix, b)
	y, ok2 := ctx.eval(e.r, r, fix, b)
	if !ok1 || !ok2 {
		return 0, false
	}
	switch e.op {
	case '+':
		return x + y, true
	case '-':
		return x - y, true
	case '*':
		return x * y, true
	}
	return x / y, y != 0
}

// bindName finds a name's value: the record's field of those words (its
// corrected value where fix has one), or the one quantity the documents
// state of a unit the name says.
func (ctx *Visible) bindName(name []string, r tableRow, fix map[string]float64, b *binding) (float64, bool) {
	for path, x := range r.nums {
		if sameWords(nameWords(path), name) {
			if y, ok := fix[path]; ok {
				x = y
			}
			b.fields = append(b.fields, path)
			b.how = append(b.how, fmt.Sprintf("%s %v", path, x))
			return x, true
		}
	}
	var found []float64
	for _, d := range ctx.Docs {
		for _, w := range name {
			for _, q := range d.quantities[WordBase(w)] {
				if !containsNum(found, q) {
					found = append(found, q)
				}
			}
		}
	}
	if len(found) != 1 {
		return 0, false
	}
	b.how = append(b.how, fmt.Sprintf("%s %v", strings.Join(name, " "), found[0]))
	return found[0], true
}

func containsNum(l []float64, x float64) bool {
	for _, y := range l {
		if approx(x, y) {
			return true
		}
	}
	return false
}

// nameWords splits a field's name into its words: as written where it
// has spaces or underscores ("Avg AP Balance"), else by its capitals
// ("totalPurchases").
func nameWords(path string) []string {
	last := LastPart(path)
	if strings.ContainsAny(last, " _-") {
		return strings.Fields(satisfy.Loose(last))
	}
	return satisfy.FieldWords(last)
}

// sameWords reports whether a field's words are a name's, one for one,
// each the same word or its abbreviation ("avg" for "average").
func sameWords(field, name []string) bool {
	if len(field) != len(name) {
		return false
	}
	for i, w := range field {
		if !SameWord(w, name[i]) && !abbreviates(w, name[i]) {
			return false
		}
	}
	return true
}

// abbreviates reports whether short is long's abbreviation: three letters
// or more, long's first letter, the rest in long's order ("avg", "qty").
func abbreviates(short, long string) bool {
	if len(short) < 3 || len(short) >= len(long) || short[0] != long[0] {
		return false
	}
	i := 1
	for j := 1; j < len(long) && i < len(short); j++ {
		if long[j] == short[i] {
			i++
		}
	}
	return i == len(short)
}

// stated yields, for each record of t, each formula a document states
// computed over the record's fields (and the quantities the documents
// state), with the values a correction states for the record in place of
// those it holds.
func (ctx *Visible) stated(t *table, yield func(Formula) bool) bool {
	for _, d := range ctx.Docs {
		for _, sf := range d.formulas {
			for ri, r := range t.rows {
				b := &binding{}
				x, ok := ctx.eval(sf.expr, r, ctx.fixesFor(r), b)
				if !ok || len(b.fields) == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
					continue
				}
				how := fmt.Sprintf("%s as %s states it, for record %d of %s (%s)", sf.name, d.Name, ri+1, t.name, strings.Join(b.how, ", "))
				// The formula's name comes first among its fields: what
				// the intent declares is that formula, not any ratio of
				// the same two columns.
				fields := append([]string{sf.name}, b.fields...)
				if !yield(Formula{Ops: sf.expr.ops(nil), Fields: fields, value: math.Abs(x), How: how, stated: true}) {
					return false
				}
			}
		}
	}
	return true
}

// fixesFor gives the values a correction states for a record's fields,
// in place of those it holds: a correction names the record (one of its
// words of four letters or more) and the field, and the record holds the
// value it replaces. nil when none does.
func (ctx *Visible) fixesFor(r tableRow) map[string]float64 {
	var out map[string]float64
	for _, d := range ctx.Docs {
		for _, c := range d.corrections {
			for path, x := range r.nums {
				if !approx(x, c.old) || !strings.Contains(c.before, " "+strings.Join(nameWords(path), " ")+" ") {
					continue
				}
				for _, w := range r.words {
					if len(w) >= 4 && strings.Contains(c.before, " "+w+" ") {
						if out == nil {
							out = map[string]float64{}
						}
						out[path] = c.new
						break
					}
				}
			}
		}
	}
	return out
}

// ops lists the declared operations a formula's operators are.
func (e *expr) ops(out []string) []string {
	if e == nil || e.op == 0 {
		return out
	}
	op := map[byte]string{'+': atom.DeriveSum, '-': atom.DeriveDifference, '*': atom.DeriveProduct, '/': atom.DeriveRatio}[e.op]
	found := false
	for _, o := range out {
		found = found || o == op
	}
	if !found {
		out = append(out, op)
	}
	return e.r.ops(e.l.ops(out))
}
