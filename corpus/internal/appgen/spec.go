package main

// App is the compact spec of one application. Collections come from Colls
// and, for an AutomationBench app (AB), first from that app's state schema.
type App struct {
	ID     string
	Family string
	Desc   string
	// AB marks an app of AutomationBench: its collections and field names are
	// read from testdata/automationbench/schemas/<ID>.json.
	AB bool
	// Prefix sets the id prefix of AB collections (collection -> prefix).
	Prefix map[string]string
	// Extra adds fields (field DSL) to AB collections, for the collections
	// the schema leaves open (items of any shape).
	Extra map[string]string
	// Key sets the key field of AB collections where the name does not say it.
	Key map[string]string
	// Roles declares field roles the names do not say: "collection.field"
	// -> a role, or "ref:collection" for a reference.
	Roles map[string]string
	Colls []C
	Tools []T
}

// C is a collection: Fields is a list of field tokens separated by spaces,
// each name[:type][=v1|v2|...]; types: s (default), i, n, b, date, dt,
// email, url, [] (list of strings), [i], [n], [o], o, any. Docs describes
// fields by name.
type C struct {
	Name   string
	Desc   string
	Key    string
	Prefix string
	Fields string
	Docs   map[string]string
}

// T is a tool. Args is a list of argument tokens separated by spaces, each
// name[=field][@op][*][:type]: =field when the argument writes or matches a
// field of another name, @op a search operator, * required, :type for an
// argument that is not a field (only limit, for a search's result limit).
// For get, update, delete and append the first argument names the record.
// Name is prefixed with the app id unless it already is.
type T struct {
	Name string
	Kind string
	Coll string
	Args string
	Desc string
	Set  map[string]any
}

// Helpers that keep the tables short.

func search(name, coll, args, desc string) T {
	return T{Name: name, Kind: "search", Coll: coll, Args: args, Desc: desc}
}
func get(name, coll, args, desc string) T {
	return T{Name: name, Kind: "get", Coll: coll, Args: args, Desc: desc}
}
func create(name, coll, args, desc string, set ...any) T {
	return T{Name: name, Kind: "create", Coll: coll, Args: args, Desc: desc, Set: kv(set)}
}
func update(name, coll, args, desc string, set ...any) T {
	return T{Name: name, Kind: "update", Coll: coll, Args: args, Desc: desc, Set: kv(set)}
}
func del(name, coll, args, desc string) T {
	return T{Name: name, Kind: "delete", Coll: coll, Args: args, Desc: desc}
}

// push appends to a list field: args is "record_arg value_arg=list_field".
func push(name, coll, args, desc string) T {
	return T{Name: name, Kind: "append", Coll: coll, Args: args, Desc: desc}
}

func kv(xs []any) map[string]any {
	if len(xs) == 0 {
		return nil
	}
	m := map[string]any{}
	for i := 0; i+1 < len(xs); i += 2 {
		m[xs[i].(string)] = xs[i+1]
	}
	return m
}

// registry holds every app spec; family files add to it in init.
var registry []App

func add(apps ...App) { registry = append(registry, apps...) }
