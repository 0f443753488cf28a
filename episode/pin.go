package episode

import (
	"sort"

	"github.com/legoenv/legoenv/atom"
)

// Pin returns r with every atom pinned to the version Compose would use, so
// that Pin(lib, r).Hash() is the id of r's environment without composing
// it (no worlds, tools or assertions are built: it costs a few map look-ups).
// For a recipe that does not compose it is the recipe a *ComposeError
// carries: unchanged when the intent or the data does not resolve, else
// pinned with the atoms that do not resolve left out.
func Pin(lib *atom.Library, r atom.Recipe) atom.Recipe {
	ie, err := lib.Get(atom.KindIntent, r.Intent)
	if err != nil {
		return r
	}
	de, err := lib.Get(atom.KindData, r.Data)
	if err != nil {
		return r
	}
	var servers []*atom.Entry
	served := map[string]bool{}
	for _, p := range r.Servers {
		if e, err := lib.Get(atom.KindServer, p); err == nil {
			servers = append(servers, e)
			served[e.MustServer().AppName()] = true
		}
	}
	in := ie.MustIntent()
	apps := append([]string(nil), in.Apps...)
	var steps []atom.Pin
	for _, st := range in.Steps {
		if se, err := stepEntry(lib, r, st); err == nil {
			steps = append(steps, se.Pin())
			apps = append(apps, se.MustIntent().Apps...)
		}
	}
	if len(r.Servers) == 0 {
		for _, app := range apps {
			if served[app] {
				continue
			}
			if e := lib.ServerFor(app); e != nil {
				servers = append(servers, e)
				served[app] = true
			}
		}
	}
	sort.Slice(servers, func(i, j int) bool { return servers[i].ID < servers[j].ID })
	pinned := atom.Recipe{Intent: ie.Pin(), Data: de.Pin(), Steps: steps, Bind: r.Bind, Seed: r.Seed}
	for _, s := range servers {
		pinned.Servers = append(pinned.Servers, s.Pin())
	}
	for _, p := range r.Rules {
		if e, err := lib.Get(atom.KindRule, p); err == nil {
			pinned.Rules = append(pinned.Rules, e.Pin())
		}
	}
	return pinned
}
