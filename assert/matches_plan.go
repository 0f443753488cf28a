package assert

import (
	"fmt"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// MatchesPlan is the whole-state assertion: the final state of the
// collections in scope equals the state the environment's reference plan
// produces from the same initial state, ignoring the declared volatile
// fields. It catches over-action (a write the goal does not name) without
// listing every record that must stay as it is.
//
// In YAML the target is the scope, "*" for every collection, an app name
// or one collection:
//
//	goal:
//	  - matches_plan: retail
//	    ignore: [retail.orders.updated_at]
//
// An intent without a plan has the empty plan: the state must then stay as
// it was. Ignore entries are "app.collection.field" (dotted into nested objects) or
// "app.collection" for a whole collection. Records are compared by key,
// whatever their order. Scoring needs nothing special: when the plan changes
// nothing in scope the assertion is already true at the start, so it is not
// counted unless the agent changes something, which fails it.
const MatchesPlan = "matches_plan"

// Scope "*" compares every collection.
const scopeAll = "*"

func compileMatchesPlan(a Assertion) (*Program, error) {
	if a.Target == "" {
		return nil, &CompileError{a, `needs a scope: "*", an app or app.collection`}
	}
	if len(a.Where) > 0 {
		return nil, &CompileError{a, "takes no where: it compares whole records (use ignore for volatile fields)"}
	}
	for i, ig := range a.Ignore {
		if app, rest := state.Split(ig); app == "" || rest == "" {
			return nil, &CompileError{a, fmt.Sprintf("ignore[%d] %q must be app.collection or app.collection.field", i, ig)}
		}
	}
	return &Program{Assertion: a, Source: MatchesPlan + " " + a.Target}, nil
}

// inScope reports whether collection name ("app.collection") is compared.
func inScope(scope, name string) bool {
	if scope == scopeAll || scope == name {
		return true
	}
	app, _ := state.Split(name)
	return scope == app
}

// ignoredFields splits the ignore list into whole collections skipped and,
// per collection, the field paths dropped before comparing.
func ignoredFields(ignore []string) (skip map[string]bool, fields map[string][]string) {
	skip, fields = map[string]bool{}, map[string][]string{}
	for _, ig := range ignore {
		parts := strings.SplitN(ig, ".", 3)
		coll := parts[0] + "." + parts[1]
		if len(parts) == 2 {
			skip[coll] = true
			continue
		}
		fields[coll] = append(fields[coll], parts[2])
	}
	return skip, fields
}

func evalMatchesPlan(a Assertion, in Input) Outcome {
	ref := in.Reference
	if ref == nil {
		return Outcome{false, "no reference state to compare with"}
	}
	if in.State.Base() != ref.Base() {
		return Outcome{false, "the reference state starts from another world"}
	}
	skip, fields := ignoredFields(a.Ignore)
	seen := 0
	var diffs []string
	total := 0
	for _, name := range in.State.Base().Names() {
		if !inScope(a.Target, name) {
			continue
		}
		seen++
		if skip[name] {
			continue
		}
		for _, k := range changedKeys(in.State, ref, name) {
			got, gok := in.State.Get(name, k)
			want, wok := ref.Get(name, k)
			var d string
			switch {
			case gok && !wok:
				d = fmt.Sprintf("%s %s exists; the plan leaves none", name, k)
			case !gok && wok:
				d = fmt.Sprintf("%s %s is missing; the plan keeps it", name, k)
			case gok && wok:
				if p, ok := firstDiff(got, want, fields[name]); ok {
					d = fmt.Sprintf("%s %s: %s differs from the plan's", name, k, p)
				}
			}
			if d != "" {
				total++
				if len(diffs) < 3 {
					diffs = append(diffs, d)
				}
			}
		}
	}
	if seen == 0 {
		return Outcome{false, fmt.Sprintf("no collection in scope %q", a.Target)}
	}
	if total == 0 {
		return Outcome{true, "the state equals the reference plan's"}
	}
	msg := strings.Join(diffs, "; ")
	if total > len(diffs) {
		msg += fmt.Sprintf("; %d more", total-len(diffs))
	}
	return Outcome{false, fmt.Sprintf("%d records differ from the reference plan's: %s", total, msg)}
}

// changedKeys lists, sorted, the keys either state wrote in a collection:
// both share a base, so every other record is the base's in both.
func changedKeys(a, b *state.State, name string) []string {
	return unionKeys(a.Dirty(name), b.Dirty(name))
}

// unionKeys lists, sorted, the keys of a and b together.
func unionKeys[A, B any](a map[string]A, b map[string]B) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, dup := a[k]; !dup {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// firstDiff returns the first field path (sorted) where two records differ,
// leaving out the ignored paths.
func firstDiff(got, want map[string]any, ignore []string) (string, bool) {
	return diffValue("", got, want, ignore)
}

func diffValue(path string, got, want any, ignore []string) (string, bool) {
	for _, ig := range ignore {
		if ig == path {
			return "", false
		}
	}
	gm, gok := got.(map[string]any)
	wm, wok := want.(map[string]any)
	if gok && wok {
		for _, k := range unionKeys(gm, wm) {
			sub := k
			if path != "" {
				sub = path + "." + k
			}
			if p, d := diffValue(sub, gm[k], wm[k], ignore); d {
				return p, true
			}
		}
		return "", false
	}
	gl, gok := got.([]any)
	wl, wok := want.([]any)
	if gok && wok {
		if len(gl) != len(wl) {
			return path, true
		}
		for i := range gl {
			if _, d := diffValue(path, gl[i], wl[i], nil); d {
				return path, true
			}
		}
		return "", false
	}
	if gn, ok := state.Number(got); ok {
		wn, ok := state.Number(want)
		return path, !ok || gn != wn
	}
	return path, got != want
}
