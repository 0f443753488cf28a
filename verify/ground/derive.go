package ground

import (
	"fmt"
	"iter"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Derivations are computed over tables: every list of records an
// observation shows (and every single record) becomes rows of named
// Fields. A formula takes its operands from the fields of those rows,
// never from pieces of ids or dates and never a number with itself, and a
// group it selects is one a document other than the table names. An
// intent declares which operations over which fields it expects
// (atom.Derivation); a figure is derived only by a formula it declares.

// maxTableRows bounds the rows of one table that formulas pair.
const maxTableRows = 64

// maxTables bounds the tables one context keeps.
const maxTables = 256

// table is one list of records the agent saw.
type table struct {
	doc  int // the index of the document it came from
	name string
	rows []tableRow
}

// tableRow is one record's numeric, text and date fields, by path.
type tableRow struct {
	nums  map[string]float64
	words map[string]string // loose text
	dates map[string]time.Time
	lists map[string][]string // the items of a text with commas, loose
	flags map[string]bool     // the yes-or-no fields (is_won)
}

// Formula is one computation over what the agent saw.
type Formula struct {
	Ops    []string // the declared operations it needs (an amount times a change needs product and difference)
	Fields []string // the fields its operands come from
	value  float64
	signed float64 // the value with its sign, where it has one (a loss is a negative gain); else value
	How    string
	loose  bool // a ratio: compared at two decimals
	rate   bool // a share a document names as a rate: also written as a whole percentage
	stated bool // a formula a document states, or an even split: also written to one decimal, or as its whole part
}

// tabulate turns an observation's records into tables: a list of records
// is one table, a record on its own a table of one row.
func (ctx *Visible) tabulate(doc int, name string, v any) {
	switch x := v.(type) {
	case map[string]any:
		nested := false
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if l, ok := x[k].([]any); ok && len(l) > 0 {
				if _, rec := l[0].(map[string]any); rec {
					nested = true
				}
			}
			ctx.tabulate(doc, name, x[k])
		}
		if !nested {
			ctx.addTable(doc, name, []any{x})
		}
	case []any:
		ctx.addTable(doc, name, x)
	}
}

// addTable keeps the records of a list as rows: the whole list, and each
// parent's records where a field names their parent (a person's
// conversations in a listing of everyone's).
func (ctx *Visible) addTable(doc int, name string, list []any) {
	var recs []map[string]any
	for _, e := range list {
		if rec, ok := e.(map[string]any); ok {
			recs = append(recs, rec)
		}
	}
	for i, part := range ByParent(recs, maxParentGroups) {
		t := table{doc: doc, name: name}
		if i > 0 {
			t.name = fmt.Sprintf("%s (the %d records of one parent)", name, len(part))
		}
		for _, rec := range part[:min(len(part), maxTableRows)] {
			t.rows = append(t.rows, rowOf(rec, ctx.Codes))
		}
		if len(t.rows) > 0 && len(ctx.tables) < maxTables {
			ctx.tables = append(ctx.tables, t)
		}
	}
}

// rowOf reads a record's scalar fields; a field that names an id is
// no quantity, and a field holding a code the tools name also holds its
// name as text.
func rowOf(rec map[string]any, codes Codes) tableRow {
	r := tableRow{nums: map[string]float64{}, words: map[string]string{}, dates: map[string]time.Time{}, flags: map[string]bool{}}
	for _, lf := range Leaves("", rec) {
		if b, ok := lf.Value.(bool); ok {
			r.flags[lf.Path] = b
			continue
		}
		s, isText := lf.Value.(string)
		if isText {
			if t, ok := dateOrMonth(strings.TrimSpace(s)); ok {
				r.dates[lf.Path] = t
				continue
			}
		}
		if f, ok := NumberOf(lf.Value); ok {
			if !IDField(lf.Path) {
				r.nums[lf.Path] = f
			}
			if name, ok := codes.name(lf.Path, f); ok {
				r.words[lf.Path] = satisfy.Loose(name)
			}
			continue
		}
		if isText && strings.TrimSpace(s) != "" {
			r.words[lf.Path] = satisfy.Loose(s)
			if items := listItems(s); len(items) >= 2 {
				if r.lists == nil {
					r.lists = map[string][]string{}
				}
				r.lists[lf.Path] = items
			}
		}
	}
	return r
}

// listItems splits a text at its commas into loose items; nil when an
// item is empty.
func listItems(s string) []string {
	if !strings.Contains(s, ",") {
		return nil
	}
	var out []string
	for _, p := range strings.Split(s, ",") {
		w := satisfy.Loose(p)
		if w == "" {
			return nil
		}
		out = append(out, w)
	}
	return out
}

// IDField reports whether a field names an identifier ("id",
// "conversation_id", "ticketId").
func IDField(path string) bool {
	w := satisfy.FieldWords(path)
	return len(w) > 0 && (w[len(w)-1] == "id" || w[len(w)-1] == "ids")
}

// NumberOf reads v as a number: a number, or a text that is one.
func NumberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case string:
		return ParseNumber(x)
	}
	return 0, false
}

var tokenRE = regexp.MustCompile(`[\d][\d,]*(?:\.\d+)?|[^\s\d]+`)

// Derive reports how v could be computed from what the agent saw by a
// declared derivation. A text that mixes numbers and words ("6
// escalated", "1 of 9") is derived when each number is seen or derived and
// each word is seen.
func (ctx *Visible) Derive(v any, ds []atom.Derivation) string {
	if f, ok := NumberOf(v); ok {
		return ctx.DeriveNumber(f, ds)
	}
	s, ok := v.(string)
	if !ok {
		return ""
	}
	var how []string
	spanEnd := -1 // the end of a word a message writes whole ("5k")
	for _, at := range tokenRE.FindAllStringIndex(s, -1) {
		tok := s[at[0]:at[1]]
		if at[0] < spanEnd {
			continue
		}
		if w, end := wordAround(s, at[0]); w != tok && ctx.Find(w, "") != "" {
			spanEnd = end
			how = append(how, "the words of "+w)
			continue
		}
		if f, ok := ParseNumber(tok); ok {
			src := ctx.Find(f, "")
			if src == "" {
				src = ctx.DeriveNumber(f, ds)
			}
			if src == "" {
				return ""
			}
			how = append(how, src)
			continue
		}
		if w := satisfy.Loose(tok); w != "" && ctx.Find(tok, "") == "" {
			return ""
		}
	}
	if len(how) == 0 {
		return ""
	}
	return strings.Join(how, "; ")
}

// wordAround is the word of s holding the byte at i, without the
// punctuation that closes it ("5k" of "over 5k: 4"), and where it ends.
func wordAround(s string, i int) (string, int) {
	start := strings.LastIndexAny(s[:i], " \t\n") + 1
	end := strings.IndexAny(s[i:], " \t\n")
	if end < 0 {
		end = len(s) - i
	}
	return strings.TrimRight(s[start:i+end], ":;,.!?"), i + end
}

// DeriveNumber finds f as the value of a formula the intent declares.
func (ctx *Visible) DeriveNumber(f float64, ds []atom.Derivation) string {
	if fm, ok := ctx.FormulaFor(f, ds); ok {
		return "derived: " + fm.How
	}
	return ""
}

// FormulaFor finds the first declared formula whose value is f.
func (ctx *Visible) FormulaFor(f float64, ds []atom.Derivation) (Formula, bool) {
	if len(ds) == 0 {
		return Formula{}, false
	}
	for fm := range ctx.formulas() {
		if fm.matches(f) && declared(fm, ds) {
			return fm, true
		}
	}
	return Formula{}, false
}

// matches compares a formula's value with a written figure: exactly, or
// for a ratio as people round it (two decimals, or a percentage).
func (fm Formula) matches(f float64) bool {
	if fm.loose {
		// A ratio of ten or more is written whole (a cost per
		// acquisition of 165.38 as 165).
		whole := f >= 10 && f == math.Trunc(f) && math.Abs(fm.value-f) < 0.5
		// A share a document calls a rate, written as a whole
		// percentage, rounded (one of six: 17%, not 16).
		percent := fm.rate && f >= 10 && f <= 100 && f == math.Trunc(f) && math.Round(fm.value*100) == f
		return whole || percent || approxLoose(fm.value, f) || approxLoose(fm.value*100, f)
	}
	if fm.stated && f >= 10 && f == math.Trunc(f) && f == math.Trunc(fm.value) {
		// A figure a stated formula or an even split gives is written as
		// its whole part (62.7 days: "62", as the benchmark's goals cut
		// it; a rounded 63 is another figure) or to one decimal.
		return true
	}
	return approx(fm.value, f) || fm.stated && math.Abs(fm.value-f) < 0.05
}

// declared reports whether every operation a formula needs is declared
// over its fields.
func declared(fm Formula, ds []atom.Derivation) bool {
	for _, op := range fm.Ops {
		if !slices.ContainsFunc(ds, func(d atom.Derivation) bool { return d.Op == op && covers(d, fm.Fields) }) {
			return false
		}
	}
	return true
}

// approxLoose compares a computed ratio with a written one, which people
// round to two decimals.
func approxLoose(a, b float64) bool { return a-b < 0.006 && b-a < 0.006 }

// formulas yields every computation over the tables the agent saw.
func (ctx *Visible) formulas() iter.Seq[Formula] {
	return func(yield func(Formula) bool) {
		for i := range ctx.tables {
			t := &ctx.tables[i]
			fs := ctx.factorsFor(t.doc)
			each := func(fm Formula) bool { return scaled(fs, fm, yield) }
			for _, gen := range []func(*table, func(Formula) bool) bool{ctx.stated, ctx.wholeTable, ctx.qualifying, ctx.rubric, ctx.groups, ctx.mentioned, ctx.withinRows, acrossRows, ctx.days} {
				if !gen(t, each) {
					return
				}
			}
			if !recordFigures(t, fs, yield) {
				return
			}
		}
		if !ctx.amountTimesChange(yield) || !ctx.countsAtUnitPrices(yield) {
			return
		}
		ctx.fromDerived(yield)
	}
}

// fieldNames lists the numeric fields of a table's rows.
func (t *table) fieldNames() []string {
	seen := map[string]bool{}
	for _, r := range t.rows {
		for k := range r.nums {
			seen[k] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// allFields lists every field of a table's rows.
func (t *table) allFields() []string {
	seen := map[string]bool{}
	for _, r := range t.rows {
		for _, m := range []map[string]bool{keySet(r.nums), keySet(r.words), keySet(r.dates)} {
			maps.Copy(seen, m)
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

func keySet[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// wholeTable yields the count of a list and each field's total over it.
func (ctx *Visible) wholeTable(t *table, yield func(Formula) bool) bool {
	if len(t.rows) < 2 {
		return true
	}
	n := float64(len(t.rows))
	if !yield(Formula{Ops: []string{atom.DeriveCount}, Fields: t.allFields(), value: n, How: fmt.Sprintf("the count of the %d records of %s", len(t.rows), t.name)}) {
		return false
	}
	return totals(t, t.rows, "the records of "+t.name, yield)
}

// totals yields each numeric field's total over rows, and each pair's
// total of per-row products (quantity x unit price).
func totals(t *table, rows []tableRow, of string, yield func(Formula) bool) bool {
	fields := t.fieldNames()
	for i, a := range fields {
		sum, ok := total(rows, func(r tableRow) (float64, bool) { x, ok := r.nums[a]; return x, ok })
		if ok && !yield(Formula{Ops: []string{atom.DeriveSum}, Fields: []string{a}, value: sum, How: fmt.Sprintf("the total of %s over %s", a, of)}) {
			return false
		}
		for _, b := range fields[i+1:] {
			p, ok := total(rows, func(r tableRow) (float64, bool) {
				x, okx := r.nums[a]
				y, oky := r.nums[b]
				return x * y, okx && oky
			})
			if ok && !yield(Formula{Ops: []string{atom.DeriveProduct}, Fields: []string{a, b}, value: p, How: fmt.Sprintf("the total of %s x %s over %s", a, b, of)}) {
				return false
			}
		}
	}
	return true
}

// total adds a value of every row; it Holds only when every row has it.
func total(rows []tableRow, val func(tableRow) (float64, bool)) (float64, bool) {
	sum := 0.0
	for _, r := range rows {
		x, ok := val(r)
		if !ok {
			return 0, false
		}
		sum += x
	}
	return sum, len(rows) > 0
}

// groups yields, for each group of rows sharing a text value that a
// document other than the table names (a policy's "Revenue", the
// instruction's "open"), its count, its totals and its share of the whole;
// then the same for the rows holding two such values of two fields (leads
// whose source is "Webinar" and whose status is "New").
func (ctx *Visible) groups(t *table, yield func(Formula) bool) bool {
	if len(t.rows) < 2 {
		return true
	}
	named := ctx.groupValues(t)
	for _, g := range named {
		rows := g.rows(t.rows)
		if len(rows) == len(t.rows) {
			continue
		}
		of := fmt.Sprintf("the %d records of %s whose %s is %q", len(rows), t.name, g.field, g.value)
		n := float64(len(rows))
		if !yield(Formula{Ops: []string{atom.DeriveCount}, Fields: []string{g.field}, value: n, How: "the count of " + of}) ||
			!g.key && !yield(Formula{Ops: []string{atom.DeriveRatio}, Fields: []string{g.field}, value: n / float64(len(t.rows)), How: "the share of " + of, loose: true, rate: g.rate}) ||
			!totals(t, rows, of, yield) {
			return false
		}
	}
	return pairGroups(t, named, yield) && ctx.headCounts(t, t.rows, "the records of "+t.name, yield)
}

// groupValue is a value of a text field of a table that a document other
// than the table names.
type groupValue struct {
	field, value string
	key          bool // no two rows share a value of the field
	rate         bool // a document names it as a rate
}

// rows keeps the rows holding the value.
func (g groupValue) rows(rows []tableRow) []tableRow {
	return slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return r.words[g.field] != g.value })
}

// groupValues lists the values of t's text fields that a document other
// than t names, by field, as written or in the plural ("product demos"
// names the events called "Product Demo").
func (ctx *Visible) groupValues(t *table) []groupValue {
	var out []groupValue
	tf := textFields(t)
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		key := isKey(t, k, tf[k])
		for _, gv := range tf[k] {
			rate := ctx.namesRate(gv, t.doc)
			// a word written only inside another value's idiom ("paid" of
			// "waiting to be paid") does not name its own value
			written := (ctx.named(gv, t.doc) || ctx.named(gv+"s", t.doc) || ctx.namesOtherForm(gv, tf[k], t.doc)) && !ctx.namedInSenseOnly(gv, tf[k], t.doc)
			if rate || written || ctx.namesByMeaning(gv, tf[k], t.doc) {
				out = append(out, groupValue{field: k, value: gv, key: key, rate: rate})
			}
		}
	}
	return out
}

// namesByMeaning reports whether a document other than the one at doc
// names the records whose value is w, of a field holding values, by
// what w means rather than by w itself.
func (ctx *Visible) namesByMeaning(w string, values []string, doc int) bool {
	return ctx.namesEndState(w, values, doc) || ctx.namesDraft(w, doc) ||
		ctx.namesSameState(w, values, doc) || ctx.namesTail(w, values, doc) ||
		ctx.namesPending(w, values, doc) || ctx.namesPendingAct(w, values, doc) || ctx.namesAwaited(w, doc) || ctx.namesPendingReply(w, values, doc) ||
		ctx.namesDeniedPart(w, values, doc) || ctx.namesPrepState(w, values, doc) || ctx.namesSense(w, values, doc)
}

// pairGroups yields the count and totals of the rows holding two named
// values of two fields, where they are fewer than the rows holding either
// and some row holds both. A field no two rows share names single records,
// no group.
func pairGroups(t *table, named []groupValue, yield func(Formula) bool) bool {
	for i, a := range named {
		for _, b := range named[i+1:] {
			if a.field == b.field || a.key || b.key {
				continue
			}
			ra := a.rows(t.rows)
			rows := b.rows(ra)
			if len(rows) == 0 || len(rows) == len(ra) || len(rows) == len(b.rows(t.rows)) {
				continue
			}
			of := fmt.Sprintf("the %d records of %s whose %s is %q and whose %s is %q", len(rows), t.name, a.field, a.value, b.field, b.value)
			if !yield(Formula{Ops: []string{atom.DeriveCount}, Fields: []string{a.field, b.field}, value: float64(len(rows)), How: "the count of " + of}) ||
				!totals(t, rows, of, yield) {
				return false
			}
		}
	}
	return true
}

// isKey reports whether no two rows share a value of field k (an agent's
// id, a note): its "groups" are single records, whose share of the table
// is one over its rows by any reading, no kind of record.
func isKey(t *table, k string, values []string) bool {
	holders := 0
	for _, r := range t.rows {
		if _, ok := r.words[k]; ok {
			holders++
		}
	}
	return holders == len(values)
}

// mentioned yields the count and totals of the records the written
// text names (the campaigns a summary lists, with their average cost),
// and the ratio of two of their totals.
func (ctx *Visible) mentioned(t *table, yield func(Formula) bool) bool {
	if ctx.Mentions == "" || len(t.rows) < 2 {
		return true
	}
	for _, sel := range ctx.namedRows(t) {
		if !ctx.namedTotals(t, sel.rows, sel.of, yield) {
			return false
		}
	}
	return true
}

// rowSelection is a set of a table's rows and how they were picked.
type rowSelection struct {
	rows []tableRow
	of   string
}

// namedRows lists the selections of t's rows the written text names, each
// of two or more rows and fewer than all: the records one of whose values
// no other record Holds and the text names (its name, not its type); and
// the records whose value in each field the text names, or the
// instruction names, is one of those named (the lines of the invoice the
// instruction names whose part numbers a mail lists, where one part is
// also on another invoice).
func (ctx *Visible) namedRows(t *table) []rowSelection {
	var out []rowSelection
	add := func(rows []tableRow, of string) {
		if len(rows) < 2 || len(rows) == len(t.rows) {
			return
		}
		for _, o := range out {
			if sameRows(o.rows, rows) {
				return
			}
		}
		out = append(out, rowSelection{rows, fmt.Sprintf("the %d records of %s %s", len(rows), t.name, of)})
	}
	uses := map[string]int{}
	for _, r := range t.rows {
		for _, w := range r.words {
			uses[w]++
		}
	}
	var unique []tableRow
	for _, r := range t.rows {
		if slices.ContainsFunc(slices.Collect(maps.Values(r.words)), func(w string) bool {
			return uses[w] == 1 && ctx.mentionsWord(w)
		}) {
			unique = append(unique, r)
		}
	}
	add(unique, "the written text names")
	add(ctx.namedByField(t), "whose values the written text and the instruction name")
	return out
}

// namedByField keeps the rows whose value of each field some of whose
// values are named is a named one: by the written text, or by the
// instruction. At least one field must be the written text's; nil when
// none is.
func (ctx *Visible) namedByField(t *table) []tableRow {
	tf := textFields(t)
	rows := t.rows
	written := false
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		var byText, byInstr bool
		keep := map[string]bool{}
		for _, w := range tf[k] {
			switch {
			case ctx.mentionsWord(w):
				keep[w], byText = true, true
			case ctx.instructionNames(w):
				keep[w], byInstr = true, true
			}
		}
		if !byText && !byInstr || len(keep) == len(tf[k]) {
			continue
		}
		written = written || byText
		rows = slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return !keep[r.words[k]] })
	}
	if !written {
		return nil
	}
	return rows
}

// mentionsWord reports whether the written text names w whole (four
// characters or more: a name, not a short code).
func (ctx *Visible) mentionsWord(w string) bool {
	return len(w) >= 4 && strings.Contains(ctx.Mentions, " "+w+" ")
}

// instructionNames reports whether the instruction names w whole.
func (ctx *Visible) instructionNames(w string) bool {
	if len(w) < 4 {
		return false
	}
	for _, d := range ctx.Docs {
		if d.Name == "the instruction" && strings.Contains(" "+d.text+" ", " "+w+" ") {
			return true
		}
	}
	return false
}

// sameRows reports whether two selections hold the same rows.
func sameRows(a, b []tableRow) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(r tableRow) bool {
		return !slices.ContainsFunc(b, func(x tableRow) bool { return sameRow(r, x) })
	})
}

// sameRow reports whether two rows are the same record (the same values).
func sameRow(a, b tableRow) bool {
	return maps.Equal(a.nums, b.nums) && maps.Equal(a.words, b.words) && maps.EqualFunc(a.dates, b.dates, time.Time.Equal)
}

// namedTotals yields the count and the totals of the rows a selection
// picks, and the ratio of two of their totals.
func (ctx *Visible) namedTotals(t *table, rows []tableRow, of string, yield func(Formula) bool) bool {
	if !yield(Formula{Ops: []string{atom.DeriveCount}, value: float64(len(rows)), How: "the count of " + of}) || !totals(t, rows, of, yield) {
		return false
	}
	sums := map[string]float64{} // each field's total over the rows, where every row has it
	for _, a := range t.fieldNames() {
		if x, ok := total(rows, func(r tableRow) (float64, bool) { v, ok := r.nums[a]; return v, ok }); ok && x > 0 {
			sums[a] = x
		}
	}
	fields := slices.Sorted(maps.Keys(sums))
	for _, a := range fields {
		for _, b := range fields {
			x, y := sums[a], sums[b]
			if a == b {
				continue
			}
			how := fmt.Sprintf("the total of %s over the total of %s of %s", a, b, of)
			if !yield(Formula{Ops: []string{atom.DeriveSum, atom.DeriveRatio}, Fields: []string{a, b}, value: x / y, How: how, loose: true}) {
				return false
			}
		}
	}
	return true
}

// MentionText is the loose text of every string a call writes, padded
// with spaces.
func MentionText(v any) string {
	var b strings.Builder
	for _, lf := range Leaves("", v) {
		if s, ok := lf.Value.(string); ok {
			b.WriteString(" " + satisfy.Loose(s) + " ")
		}
	}
	return b.String()
}

// textFields lists each text field's distinct values over a table's rows.
func textFields(t *table) map[string][]string {
	out := map[string][]string{}
	for _, r := range t.rows {
		for k, w := range r.words {
			if !slices.Contains(out[k], w) {
				out[k] = append(out[k], w)
			}
		}
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out
}

// named reports whether a document other than the one at doc names the
// Value in whole words: a group an agent was told to select.
func (ctx *Visible) named(w string, doc int) bool {
	if len(w) < 3 || !strings.ContainsFunc(w, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
		return false
	}
	for i, d := range ctx.Docs {
		if i != doc && strings.Contains(d.text, " "+w+" ") {
			return true
		}
	}
	return false
}

// withinRows yields the sum, difference, product and ratio of two fields
// of one record (a budget less its spend, a load over a capacity).
func (ctx *Visible) withinRows(t *table, yield func(Formula) bool) bool {
	fields := t.fieldNames()
	for ri, r := range t.rows {
		for i, a := range fields {
			x, ok := r.nums[a]
			if !ok {
				continue
			}
			for _, b := range fields[i+1:] {
				y, ok := r.nums[b]
				if !ok {
					continue
				}
				if !pairFormulas(x, y, []string{a, b}, fmt.Sprintf("%s and %s of record %d of %s", a, b, ri+1, t.name), yield) {
					return false
				}
			}
		}
	}
	return true
}

// pairFormulas yields the sum, the difference, the product and both
// ratios of two operands, unless the result is a whole number below 10.
func pairFormulas(x, y float64, fields []string, of string, yield func(Formula) bool) bool {
	fs := []Formula{
		{Ops: []string{atom.DeriveSum}, value: x + y, How: "the sum of " + of},
		{Ops: []string{atom.DeriveDifference}, value: math.Abs(x - y), How: "the difference of " + of},
		{Ops: []string{atom.DeriveProduct}, value: x * y, How: "the product of " + of},
	}
	if x > 0 && y > 0 {
		fs = append(fs, Formula{Ops: []string{atom.DeriveRatio}, value: x / y, How: "the ratio of " + of, loose: true},
			Formula{Ops: []string{atom.DeriveRatio}, value: y / x, How: "the ratio of " + of + " (inverted)", loose: true})
	}
	for _, fm := range fs {
		if !fm.loose && fewWhole(fm.value) {
			continue // two codes of a record add up to any small number (a priority 3 and a status 2 make no status 5)
		}
		fm.Fields = fields
		if !yield(fm) {
			return false
		}
	}
	return true
}

// fewWhole reports whether x is a whole number below 10: a few of
// something, which arithmetic on two fields gives by coincidence.
func fewWhole(x float64) bool { return x == math.Trunc(x) && math.Abs(x) < 10 }

// acrossRows yields the difference of one field between two records of a
// table (this quarter's balance and last quarter's).
func acrossRows(t *table, yield func(Formula) bool) bool {
	for _, a := range t.fieldNames() {
		for i, r := range t.rows {
			x, ok := r.nums[a]
			if !ok {
				continue
			}
			for j := i + 1; j < len(t.rows); j++ {
				y, ok := t.rows[j].nums[a]
				if !ok || x == y || fewWhole(math.Abs(x-y)) {
					continue
				}
				how := fmt.Sprintf("the difference of %s between records %d and %d of %s", a, i+1, j+1, t.name)
				if !yield(Formula{Ops: []string{atom.DeriveDifference}, Fields: []string{a}, value: math.Abs(x - y), How: how}) {
					return false
				}
			}
		}
	}
	return true
}

// days yields the days between two dates of one record, and between a
// record's date and today.
func (ctx *Visible) days(t *table, yield func(Formula) bool) bool {
	today := ctx.Clock.Truncate(24 * time.Hour)
	for ri, r := range t.rows {
		fields := slices.Sorted(maps.Keys(r.dates))
		for i, a := range fields {
			if !ctx.Clock.IsZero() {
				d := math.Abs(math.Round(r.dates[a].Sub(today).Hours() / 24))
				how := fmt.Sprintf("the days from today (%s) to %s of record %d of %s (%s)", today.Format(time.DateOnly), a, ri+1, t.name, r.dates[a].Format(time.DateOnly))
				if !yield(Formula{Ops: []string{atom.DeriveDays}, Fields: []string{a}, value: d, How: how}) {
					return false
				}
			}
			for _, b := range fields[i+1:] {
				d := math.Abs(math.Round(r.dates[b].Sub(r.dates[a]).Hours() / 24))
				how := fmt.Sprintf("the days between %s and %s of record %d of %s", a, b, ri+1, t.name)
				if !yield(Formula{Ops: []string{atom.DeriveDays}, Fields: []string{a, b}, value: d, How: how}) {
					return false
				}
			}
		}
	}
	return true
}

// maxChangeOperands bounds the rates an amount-times-change formula pairs.
const maxChangeOperands = 256

// amountTimesChange yields an amount times the change of a rate: the
// amount and the rate it was booked at are two fields of one record, the
// rate now is a field of another record (today's rates), of like
// size (neither more than twice the other) and not equal (a foreign
// currency invoice's gain: 50,000 x (1.10 - 1.08)).
func (ctx *Visible) amountTimesChange(yield func(Formula) bool) bool {
	type reading struct {
		table, row int
		field      string
		value      float64
	}
	var rates []reading
	for ti, t := range ctx.tables {
		for ri, r := range t.rows {
			for _, k := range slices.Sorted(maps.Keys(r.nums)) {
				if x := r.nums[k]; x > 0 && len(rates) < maxChangeOperands {
					rates = append(rates, reading{ti, ri, k, x})
				}
			}
		}
	}
	for ti, t := range ctx.tables {
		for ri, r := range t.rows {
			for _, a := range slices.Sorted(maps.Keys(r.nums)) {
				for _, b := range slices.Sorted(maps.Keys(r.nums)) {
					amt, then := r.nums[a], r.nums[b]
					if a == b || then <= 0 || amt <= then {
						continue
					}
					for _, now := range rates {
						if now.table == ti && now.row == ri || now.field == b || now.value == then || max(now.value, then) > 2*min(now.value, then) {
							continue
						}
						how := fmt.Sprintf("%s x the change of %s (record %d of %s) to %s of %s: %v x (%v - %v)",
							a, b, ri+1, t.name, now.field, ctx.tables[now.table].name, amt, now.value, then)
						gain := amt * (now.value - then)
						if !yield(Formula{Ops: []string{atom.DeriveProduct, atom.DeriveDifference}, Fields: []string{a, b, now.field},
							value: math.Abs(gain), signed: gain, How: how}) {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// fromDerived yields the sum, difference and ratio of two figures the same
// write derived (net income as the difference of the two totals the same
// message states).
func (ctx *Visible) fromDerived(yield func(Formula) bool) {
	if len(ctx.Derived) > 2 {
		// The net of every figure derived so far (gains less losses).
		net := 0.0
		var fields []string
		for _, x := range ctx.Derived {
			net += x.signedValue()
			fields = append(fields, x.Fields...)
		}
		how := fmt.Sprintf("the net of the %d figures the plan derived", len(ctx.Derived))
		if !yield(Formula{Ops: []string{atom.DeriveSum}, Fields: fields, value: math.Abs(net), How: how}) {
			return
		}
	}
	for i, x := range ctx.Derived {
		for _, y := range ctx.Derived[i+1:] {
			if !pairFormulas(x.value, y.value, append(slices.Clone(x.Fields), y.Fields...), fmt.Sprintf("%v and %v, which the plan derived", x.value, y.value), yield) {
				return
			}
		}
	}
}

// covers reports whether a declaration allows a formula over fields: it
// names no field, or each field it names is one of them.
func covers(d atom.Derivation, fields []string) bool {
	for _, f := range []string{d.Field, d.With} {
		if f != "" && !slices.ContainsFunc(fields, func(x string) bool { return sameField(x, f) }) {
			return false
		}
	}
	return true
}

// sameField compares a field path with a declared field name, by its
// words: "cells.Unit Price" is "unit_price".
func sameField(path, name string) bool {
	return satisfy.Loose(path) == satisfy.Loose(name) || satisfy.Loose(LastPart(path)) == satisfy.Loose(name)
}

// LastPart is the last part of a dotted field path.
func LastPart(path string) string {
	if i := strings.LastIndex(path, "."); i >= 0 {
		return path[i+1:]
	}
	return path
}

// signedValue is the formula's value with its sign.
func (fm Formula) signedValue() float64 {
	if fm.signed != 0 {
		return fm.signed
	}
	return fm.value
}
