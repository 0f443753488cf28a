package ground

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/verify/satisfy"
)

// A field left empty is named by its word denied: the "unassigned"
// conversations, those with "nobody assigned" or "without an assignee",
// are the records whose assignee holds nothing. The word is the field's
// first ("assignee" of assignee_id, "assigned" of assigned_to), in any of
// its forms; it is denied by "un" before it or by "no", "nobody",
// "not" or "without" within two words before it.

// emptyDenials are the words that, before a field's word, say it holds
// nothing.
var emptyDenials = []string{"no", "nobody", "not", "without", "none", "noone"}

// personEndings are the endings that make a word of an act into the
// word of its doer, its object or its past (assignee, assigned, owner).
var personEndings = []string{"ees", "ee", "ers", "er", "ed", "s"}

// actRoot strips one of personEndings, keeping four letters or more.
func actRoot(w string) string {
	for _, e := range personEndings {
		if len(w)-len(e) >= 4 && strings.HasSuffix(w, e) {
			return w[:len(w)-len(e)]
		}
	}
	return w
}

// emptyNamed reports whether a loose text names the records whose field
// k holds nothing, by the field's first word denied.
func emptyNamed(text, k string) bool {
	fw := satisfy.FieldWords(k)
	if len(fw) == 0 {
		return false
	}
	root := actRoot(fw[0])
	if len(root) < 4 {
		return false
	}
	toks := strings.Fields(text)
	for i, t := range toks {
		if un, ok := strings.CutPrefix(t, "un"); ok && actRoot(un) == root {
			return true
		}
		if actRoot(t) != root {
			continue
		}
		if slices.ContainsFunc(toks[max(0, i-2):i], func(p string) bool { return slices.Contains(emptyDenials, p) }) {
			return true
		}
	}
	return false
}

// emptyFields lists the text fields some of rows hold and some do not.
func emptyFields(t *table, rows []tableRow) []string {
	var out []string
	for _, k := range slices.Sorted(slices.Values(textFieldNames(t))) {
		n := 0
		for _, r := range rows {
			if _, ok := r.words[k]; ok {
				n++
			}
		}
		if n > 0 && n < len(rows) {
			out = append(out, k)
		}
	}
	return out
}

// textFieldNames lists the text fields any row of t holds.
func textFieldNames(t *table) []string {
	seen := map[string]bool{}
	for _, r := range t.rows {
		for k := range r.words {
			seen[k] = true
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	return out
}
