package ground

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// A report often covers the records a document qualifies: those whose
// date lies in a range it states ("2026-01-01 through 2026-01-31", or a
// period it names: "Q3 2026", "this quarter", periods.go) and,
// where it says a note field excludes ("check the notes column and
// exclude any deal flagged"), those with no note. Over the qualifying
// records a value may be split evenly over the items of a list field (a
// deal's touchpoints, "Webinar, Demo"): each item's total, and the total
// attributed to all of them (the deals with no item attribute nothing).

var (
	dateRangeRE = regexp.MustCompile(`(\d{4}-\d{2}-\d{2})\s*(?:through|thru|to|until|and|-|–)\s*(\d{4}-\d{2}-\d{2})`)
	sentenceRE  = regexp.MustCompile(`[^.!?\n]+`)
)

// statedRanges reads the date ranges a text states.
func statedRanges(text string) [][2]time.Time {
	var out [][2]time.Time
	for _, m := range dateRangeRE.FindAllStringSubmatch(text, -1) {
		a, ok1 := isotime.Parse(m[1])
		b, ok2 := isotime.Parse(m[2])
		if ok1 && ok2 && !b.Before(a) {
			out = append(out, [2]time.Time{a, b})
		}
	}
	return out
}

// exclusions keeps the sentences of a text that say to exclude, loose.
func exclusions(text string) []string {
	var out []string
	for _, sent := range sentenceRE.FindAllString(text, -1) {
		if w := " " + satisfy.Loose(sent) + " "; strings.Contains(w, " exclude ") {
			out = append(out, w)
		}
	}
	return out
}

// qualifying yields the totals of t's numeric fields over the records
// other documents qualify, and each numeric field split evenly over the
// items of a list field of them.
func (ctx *Visible) qualifying(t *table, yield func(Formula) bool) bool {
	rows, why := ctx.qualified(t, "")
	if len(why) == 0 || len(rows) < 2 || len(rows) == len(t.rows) {
		return true
	}
	of := fmt.Sprintf("the %d records of %s %s", len(rows), t.name, strings.Join(why, " and "))
	if !totals(t, rows, of, yield) || !averages(t, rows, of, yield) || !ctx.qualifiedCounts(t, rows, of, yield) ||
		!ctx.flagShares(t, rows, of, yield) {
		return false
	}
	for _, l := range listFields(rows) {
		for _, v := range t.fieldNames() {
			if !splitOver(rows, v, l, of, yield) {
				return false
			}
		}
	}
	return true
}

// qualified keeps t's rows whose dates lie in a range another document
// states (for a date field some rows fall outside of), and those with no
// value in a field of notes another document says excludes; why says
// which. The yes-or-no field skip, where not "", selects nothing.
func (ctx *Visible) qualified(t *table, skip string) ([]tableRow, []string) {
	rows := t.rows
	var why []string
	for i, d := range ctx.Docs {
		if i == t.doc {
			continue
		}
		var left []string
		rows, left = ctx.inRanges(t, rows, d)
		why = append(why, left...)
		if in, w, ok := pastDue(t, rows, d.text, ctx.Clock); ok {
			rows = in
			why = append(why, w)
		}
		if in, w, ok := partPaid(t, rows, d.text); ok {
			rows = in
			why = append(why, w)
		}
		if in, w, ok := olderThan(t, rows, d.text, ctx.Clock); ok {
			rows = in
			why = append(why, w)
		}
		rows, left = exceptValues(t, rows, d.text)
		why = append(why, left...)
		rows, left = endedValues(t, rows, d.text)
		why = append(why, left...)
		// the base of a share of a flag of work ended ("what share is
		// still open": is_closed false) is not narrowed by the same
		// condition on a state field (a stage that ends work)
		if skip == "" || !slices.Contains(endStates, flagWord(skip)) {
			rows, left = stillValues(t, rows, d.text)
			why = append(why, left...)
		}
		rows, left = waitingValues(t, rows, d.text)
		why = append(why, left...)
		for _, k := range flagFields(t) {
			want, ok := flagNamed(d.text, flagWord(k))
			if !ok || k == skip {
				continue
			}
			kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return r.flags[k] != want })
			if len(kept) < len(rows) && len(kept) > 0 {
				rows = kept
				why = append(why, fmt.Sprintf("whose %s is %t", k, want))
			}
		}
		rows, left = beyondAmount(t, rows, d)
		why = append(why, left...)
		for _, k := range emptyFields(t, rows) {
			if !emptyNamed(d.text, k) {
				continue
			}
			if kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { _, ok := r.words[k]; return ok }); len(kept) > 0 {
				rows = kept
				why = append(why, "with no "+k)
			}
		}
		for _, k := range noteFields(t) {
			word := strings.Join(nameWords(k), " ")
			if !slices.ContainsFunc(d.excludes, func(s string) bool {
				return strings.Contains(s, " "+word+" ") || strings.Contains(s, " "+WordBase(word)+" ")
			}) {
				continue
			}
			if kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { _, ok := r.words[k]; return ok }); len(kept) < len(rows) {
				rows = kept
				why = append(why, "with no "+k)
			}
		}
	}
	return rows, why
}

// inRanges keeps t's rows whose dates lie in a range document d states
// or a period it names, for a date field some rows fall outside of; why
// says which.
func (ctx *Visible) inRanges(t *table, rows []tableRow, d ContextDoc) ([]tableRow, []string) {
	var why []string
	for _, rg := range append(slices.Clone(d.ranges), namedPeriods(d.text, ctx.Clock)...) {
		for _, k := range dateFields(t) {
			in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool {
				x, ok := r.dates[k]
				return !ok || x.Before(rg[0]) || x.After(rg[1])
			})
			if len(in) < len(rows) && len(in) > 0 {
				rows = in
				why = append(why, fmt.Sprintf("whose %s is %s to %s", k, rg[0].Format(time.DateOnly), rg[1].Format(time.DateOnly)))
			}
		}
	}
	return rows, why
}

// flagShares yields, for each yes-or-no field that narrows the rows a
// document qualifies, their share among the rows every other condition
// qualifies: "of the opportunities that closed this month, what share did
// we win" is the won ones among this month's closed ones; "what share of
// this month's cases is closed" the closed ones among this month's.
func (ctx *Visible) flagShares(t *table, rows []tableRow, of string, yield func(Formula) bool) bool {
	for _, k := range flagFields(t) {
		base, why := ctx.qualified(t, k)
		if len(base) <= len(rows) || len(why) == 0 {
			continue
		}
		how := fmt.Sprintf("the share of %s among the %d records of %s %s", of, len(base), t.name, strings.Join(why, " and "))
		if !yield(Formula{Ops: []string{atom.DeriveRatio}, Fields: []string{k}, value: float64(len(rows)) / float64(len(base)), How: how, loose: true, rate: ctx.namesRate(flagWord(k), t.doc)}) {
			return false
		}
	}
	return true
}

// averages yields each numeric field's total over rows divided by their
// count (the average amount of the deals won this quarter).
func averages(t *table, rows []tableRow, of string, yield func(Formula) bool) bool {
	for _, a := range t.fieldNames() {
		sum, ok := total(rows, func(r tableRow) (float64, bool) { x, ok := r.nums[a]; return x, ok })
		how := fmt.Sprintf("the average of %s over %s", a, of)
		if ok && !yield(Formula{Ops: []string{atom.DeriveSum, atom.DeriveCount}, Fields: []string{a}, value: sum / float64(len(rows)), How: how}) {
			return false
		}
	}
	return true
}

// flagFields lists the yes-or-no fields of t's rows whose name ends in a
// word of three letters or more (is_won: "won").
func flagFields(t *table) []string {
	seen := map[string]bool{}
	for _, r := range t.rows {
		for k := range r.flags {
			if len(flagWord(k)) >= 3 {
				seen[k] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// flagWord is the last word of a yes-or-no field's name, loose.
func flagWord(k string) string {
	w := satisfy.FieldWords(k)
	if len(w) == 0 {
		return ""
	}
	return w[len(w)-1]
}

// openWords name work not ended: the records whose flag of an ended
// state (is_closed, completed) is false.
var openWords = []string{"open", "outstanding", "unresolved", "unfinished", "incomplete"}

// flagNamed reads which records a loose text names by a yes-or-no field's
// word w: those holding it where the text writes w ("won" for is_won);
// those not holding it where the text writes its negation ("unverified",
// "inactive", "not verified", "never sent") or, for a word of ended work,
// a word of work not ended ("outstanding" tasks: is_closed false), or a
// phrase of the word's sense (state_senses.go). ok is false where the
// text names none.
func flagNamed(text, w string) (want, ok bool) {
	has := func(p string) bool { return strings.Contains(" "+text+" ", " "+p+" ") }
	if has("un"+w) || has("in"+w) || has("non"+w) || deniedWord(text, w) {
		return false, true
	}
	if has(w) {
		return true, true
	}
	if slices.Contains(endStates, w) && slices.ContainsFunc(openWords, has) {
		return false, true
	}
	return senseFlag(text, w)
}

// denyingAuxiliaries may stand between a negation and the state it
// denies: "haven't been archived", "not yet paid", "no longer active",
// "still aren't starred".
var denyingAuxiliaries = []string{"yet", "been", "be", "being", "ever", "longer", "got", "gotten"}

// deniedWord reports whether a loose text denies the state w: a negation
// (not, never, no, the n't of "hasn't") just before w, or before it with
// only auxiliaries between ("hasn't been archived", "not yet paid").
func deniedWord(text, w string) bool {
	toks := strings.Fields(text)
	for i, t := range toks {
		if t != w {
			continue
		}
		j := i - 1
		for j >= 0 && slices.Contains(denyingAuxiliaries, toks[j]) {
			j--
		}
		if j >= 0 && slices.Contains([]string{"not", "never", "no", "t"}, toks[j]) {
			return true
		}
	}
	return false
}

// dateFields lists the date fields of t's rows.
func dateFields(t *table) []string {
	seen := map[string]bool{}
	for _, r := range t.rows {
		for k := range r.dates {
			seen[k] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// noteFields lists the text fields that hold prose (three words or more)
// in some rows and nothing in others.
func noteFields(t *table) []string {
	var out []string
	for k, vals := range textFields(t) {
		holders := 0
		prose := false
		for _, r := range t.rows {
			if _, ok := r.words[k]; ok {
				holders++
			}
		}
		for _, v := range vals {
			prose = prose || strings.Count(v, " ") >= 2
		}
		if prose && holders < len(t.rows) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// listFields lists the text fields some row of which holds a list of two
// items or more ("Webinar, Demo").
func listFields(rows []tableRow) []string {
	seen := map[string]bool{}
	for _, r := range rows {
		for k, raw := range r.lists {
			if len(raw) >= 2 {
				seen[k] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// splitOver yields v's total split evenly over the items of list field l:
// each item's share summed over the rows, and the total over the rows
// with an item.
func splitOver(rows []tableRow, v, l, of string, yield func(Formula) bool) bool {
	shares := map[string]float64{}
	all := 0.0
	for _, r := range rows {
		x, ok := r.nums[v]
		items := r.lists[l]
		if w, one := r.words[l]; one && items == nil {
			items = []string{w} // a list of one item
		}
		if !ok || len(items) == 0 {
			continue
		}
		all += x
		for _, it := range items {
			shares[it] += x / float64(len(items))
		}
	}
	fields := []string{v, l}
	how := fmt.Sprintf("the total of %s split evenly over the items of %s, over %s", v, l, of)
	if !yield(Formula{Ops: []string{atom.DeriveSum}, Fields: fields, value: all, How: how, stated: true}) {
		return false
	}
	for _, it := range slices.Sorted(maps.Keys(shares)) {
		if !yield(Formula{Ops: []string{atom.DeriveSum}, Fields: fields, value: shares[it], How: fmt.Sprintf("%q's share of %s", it, how), stated: true}) {
			return false
		}
	}
	return true
}
