package main

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// The catalogue of an app's operations is what the product's API offers,
// of which the server atom serves a curated part. It holds every tool of
// the spec and, for each collection the app creates records in, the update
// the product's REST API has beside its create (PUT /things/{id} takes
// what POST /things takes): the spec's own update_<thing>, widened to the
// create's fields, or a new one where the spec has none. A task may ask
// for any change a catalogued operation makes; a repair adds the
// operation the server atom lacks.
func catalogue(a App, s *server) ([]*tool, error) {
	var specs []T
	have := map[string]int{}
	for _, t := range a.Tools {
		have[strings.TrimPrefix(t.Name, a.ID+"_")] = len(specs)
		specs = append(specs, t)
	}
	for _, t := range a.Tools {
		if t.Kind != "create" {
			continue
		}
		c := s.coll(t.Coll)
		if c == nil {
			continue
		}
		args, err := parseArgs(t.Args)
		if err != nil {
			return nil, err
		}
		var writes []string
		for _, x := range args {
			if x.field == c.key() || x.typ != "" {
				continue
			}
			tok := x.name
			if x.field != x.name {
				tok += "=" + x.field
			}
			writes = append(writes, tok)
		}
		if len(writes) == 0 {
			continue
		}
		name := "update_" + strings.ReplaceAll(singular(c.Name), " ", "_")
		if i, ok := have[name]; ok {
			u := specs[i]
			if u.Kind != "update" || u.Coll != c.Name {
				continue
			}
			present := map[string]bool{}
			uargs, err := parseArgs(u.Args)
			if err != nil {
				return nil, err
			}
			for _, x := range uargs {
				present[x.field] = true
			}
			for _, w := range writes {
				f := w
				if _, after, ok := strings.Cut(w, "="); ok {
					f = after
				}
				if !present[f] {
					u.Args += " " + w
					present[f] = true
				}
			}
			specs[i] = u
			continue
		}
		keyArg := strings.ReplaceAll(singular(c.Name), " ", "_") + "_id"
		for _, w := range writes {
			if strings.SplitN(w, "=", 2)[0] == keyArg {
				keyArg = "id"
			}
		}
		u := T{Name: name, Kind: "update", Coll: c.Name, Args: keyArg + "=" + c.key() + " " + strings.Join(writes, " ")}
		if c.field("updated_at") != nil && fits(c.field("updated_at"), "$now") == nil {
			u.Set = map[string]any{"updated_at": "$now"}
		}
		have[name] = len(specs)
		specs = append(specs, u)
	}
	var out []*tool
	for _, t := range specs {
		tl, err := expandTool(s, t)
		if err != nil {
			return nil, err
		}
		out = append(out, tl)
	}
	return out, nil
}

// declareRoles writes each field's role into the atom: the spec's own
// (Roles, "collection.field" -> "role" or "ref:collection") where the name
// is not enough, else the role the name, type and format say.
func declareRoles(a App, s *server) error {
	as := &atom.Server{ID: s.ID}
	for _, c := range s.Colls {
		ac := atom.Collection{Name: c.Name, Key: c.Key, Fields: map[string]atom.Field{}}
		for _, f := range c.Fields {
			ac.Fields[f.Name] = atom.Field{Type: f.Type, Items: f.Items, Format: f.Format, Enum: f.Enum}
		}
		as.Collections = append(as.Collections, ac)
	}
	for ci, c := range s.Colls {
		for _, f := range c.Fields {
			if spec, ok := a.Roles[c.Name+"."+f.Name]; ok {
				f.Role, f.Ref, _ = strings.Cut(spec, ":")
				if f.Ref != "" {
					f.Role = atom.RoleRef
				}
				continue
			}
			f.Role, f.Ref = atom.InferRole(as, &as.Collections[ci], f.Name, as.Collections[ci].Fields[f.Name])
		}
	}
	return nil
}
