package atom

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// checkEffectFields checks that a declarative effect names fields its
// collection has (an argument mapped onto a field, a constant of set, a
// filter's field) and that each constant fits its field. A server atom
// written by hand has no generator to catch a typo ("stage: closed" where
// the enum says open, won, lost; "$now" into an amount), and the executor
// writes what it is given. A constant its field cannot hold is an error; a
// field the collection does not declare is a warning, since a library may
// declare fewer fields than its records carry. A collection that declares
// no fields takes any.
func checkEffectFields(e *Entry, c *Collection, t Tool, at string) Diagnostics {
	if len(c.Fields) == 0 {
		return nil
	}
	var ds Diagnostics
	has := func(f string) bool {
		_, ok := c.Fields[f]
		return ok || f == c.KeyField() || f == "id"
	}
	for _, arg := range slices.Sorted(maps.Keys(t.Effect.Fields)) {
		if f := t.Effect.Fields[arg]; !has(f) {
			ds = append(ds, e.Diag(Warning, at+".fields."+arg, "argument %q writes field %q, which collection %s does not have", arg, f, c.Name))
		}
	}
	for i, f := range t.Effect.Filters {
		if f.Field != "" && !has(f.Field) {
			ds = append(ds, e.Diag(Warning, fmt.Sprintf("%s.filters[%d].field", at, i), "no field %q in collection %s", f.Field, c.Name))
		}
	}
	written := map[string]string{} // field -> the argument that writes it
	for arg := range InputProperties(t.Input) {
		if arg == t.Effect.Key {
			continue
		}
		if f, ok := t.Effect.Fields[arg]; ok {
			written[f] = arg
		} else if has(arg) {
			written[arg] = arg
		}
	}
	for _, f := range slices.Sorted(maps.Keys(t.Effect.Set)) {
		fd, ok := c.Fields[f]
		if !ok {
			ds = append(ds, e.Diag(Warning, at+".set."+f, "no field %q in collection %s", f, c.Name))
			continue
		}
		if err := constantFits(fd, t.Effect.Set[f]); err != nil {
			ds = append(ds, e.Diag(Error, at+".set."+f, "%v", err))
		}
		if arg, ok := written[f]; ok && (t.Effect.Kind == "create" || t.Effect.Kind == "update") {
			ds = append(ds, e.Diag(Warning, at+".set."+f, "argument %q writes field %q too; the constant wins", arg, f))
		}
	}
	return ds
}

// constantFits says why a constant of an effect's set cannot be a value of
// field f, or nil when it can. "$now" is the clock as an RFC 3339 string,
// or a count since the epoch in a field of an epoch unit (Field.Now);
// "$settings.<field>" a setting of the app (SettingRef), a string.
func constantFits(f Field, v any) error {
	if s, ok := v.(string); ok && s == "$now" {
		if f.IsEpoch() {
			return nil
		}
		if (f.Type != "string" && f.Type != "") || (f.Format != "date-time" && f.Format != "") {
			return fmt.Errorf("$now is a date-time string; the field is %s", strings.TrimSpace(f.Type+" "+f.Format))
		}
		return nil
	}
	if _, ok := SettingRef(v); ok {
		if f.Type != "string" && f.Type != "" {
			return fmt.Errorf("%v names a setting, a string; the field is %s", v, f.Type)
		}
		return nil
	}
	if len(f.Enum) > 0 && v != nil {
		if !slices.ContainsFunc(f.Enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
			return fmt.Errorf("%v is not one of the field's values %v", v, f.Enum)
		}
		return nil
	}
	var kind string
	switch v.(type) {
	case nil:
		return nil
	case string:
		kind = "string"
	case bool:
		kind = "boolean"
	case int, int64, float64:
		kind = "number"
	case []any:
		kind = "array"
	case map[string]any:
		kind = "object"
	}
	switch {
	case f.Type == "", kind == f.Type:
		return nil
	case kind == "number" && f.Type == "integer":
		return nil
	}
	return fmt.Errorf("a constant %v (%s) for a field of type %s", v, kind, f.Type)
}
