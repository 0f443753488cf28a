package evolve

import (
	"encoding/json"
	"sort"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// resolve pins every atom a recipe composes with to the version composition
// would take, the way episode.Compose resolves it: empty versions to the
// heads, and without explicit servers one server per app of the intent.
// ok is false when a pin does not resolve (the recipe cannot compose).
func resolve(lib *atom.Library, r atom.Recipe) (out atom.Recipe, ok bool) {
	out = atom.Recipe{Bind: r.Bind, Seed: r.Seed}
	ok = true
	pin := func(k atom.Kind, p atom.Pin) atom.Pin {
		e, err := lib.Get(k, p)
		if err != nil {
			ok = false
			return p
		}
		return e.Pin()
	}
	out.Intent = pin(atom.KindIntent, r.Intent)
	out.Data = pin(atom.KindData, r.Data)
	if len(r.Servers) > 0 {
		for _, p := range r.Servers {
			out.Servers = append(out.Servers, pin(atom.KindServer, p))
		}
	} else if ie, err := lib.Get(atom.KindIntent, r.Intent); err == nil {
		for _, app := range workflowApps(lib, r, ie.MustIntent()) {
			if se := lib.ServerFor(app); se != nil {
				out.Servers = append(out.Servers, se.Pin())
			} else {
				ok = false
			}
		}
	}
	sort.Slice(out.Servers, func(i, j int) bool { return out.Servers[i].ID < out.Servers[j].ID })
	for _, p := range r.Rules {
		out.Rules = append(out.Rules, pin(atom.KindRule, p))
	}
	out.Steps = stepPins(lib, r, pin)
	return out, ok
}

// stepPins resolves the step intents of a workflow recipe the way
// composition does: as the recipe pins them, else their heads.
func stepPins(lib *atom.Library, r atom.Recipe, pin func(atom.Kind, atom.Pin) atom.Pin) []atom.Pin {
	ie, err := lib.Get(atom.KindIntent, r.Intent)
	if err != nil {
		return nil
	}
	pinned := map[string]atom.Pin{}
	for _, p := range r.Steps {
		pinned[p.ID] = p
	}
	var out []atom.Pin
	for _, st := range ie.MustIntent().Steps {
		p, ok := pinned[st.Intent]
		if !ok {
			p = atom.Pin{ID: st.Intent}
		}
		out = append(out, pin(atom.KindIntent, p))
	}
	return out
}

// workflowApps is the intent's apps and its steps' apps.
func workflowApps(lib *atom.Library, r atom.Recipe, in *atom.Intent) []string {
	apps := append([]string(nil), in.Apps...)
	seen := map[string]bool{}
	for _, a := range apps {
		seen[a] = true
	}
	for _, p := range stepPins(lib, r, func(_ atom.Kind, p atom.Pin) atom.Pin { return p }) {
		se, err := lib.Get(atom.KindIntent, p)
		if err != nil {
			continue
		}
		for _, a := range se.MustIntent().Apps {
			if !seen[a] {
				seen[a] = true
				apps = append(apps, a)
			}
		}
	}
	return apps
}

// contentKey identifies what a recipe composes to: two recipes with one key
// verify alike, so a verdict is cached under it.
func contentKey(lib *atom.Library, r atom.Recipe) string {
	res, ok := resolve(lib, r)
	if ok {
		return res.Hash()
	}
	b, _ := json.Marshal(struct {
		R atom.Recipe
		X string
	}{r, "unresolved"})
	return atom.Recipe{Intent: atom.Pin{ID: string(b)}}.Hash()
}

// refOf names an atom version the way verdicts do.
func refOf(k atom.Kind, p atom.Pin) verify.AtomRef {
	return verify.AtomRef{Kind: k, ID: p.ID, Version: p.Version}
}

// uses lists the atom versions a recipe composes with.
func uses(lib *atom.Library, r atom.Recipe) []verify.AtomRef {
	res, _ := resolve(lib, r)
	out := []verify.AtomRef{refOf(atom.KindIntent, res.Intent), refOf(atom.KindData, res.Data)}
	for _, p := range res.Steps {
		out = append(out, refOf(atom.KindIntent, p))
	}
	for _, p := range res.Servers {
		out = append(out, refOf(atom.KindServer, p))
	}
	for _, p := range res.Rules {
		out = append(out, refOf(atom.KindRule, p))
	}
	return out
}

// usersOf returns the indices of the recipes that compose with version
// ver of atom kind/id.
func usersOf(lib *atom.Library, rs []atom.Recipe, k atom.Kind, id, ver string) []int {
	var out []int
	for i, r := range rs {
		for _, u := range uses(lib, r) {
			if u.Kind == k && u.ID == id && u.Version == ver {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// movePins returns r with every explicit pin of kind/id@from moved to to.
// Pins without a version follow the head and need no move.
func movePins(r atom.Recipe, k atom.Kind, id, from, to string) atom.Recipe {
	return r.WithPins(k, func(p atom.Pin) atom.Pin {
		if p.ID == id && p.Version == from {
			p.Version = to
		}
		return p
	})
}
