package evolve

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/verify"
)

// collectionFor finds the declaration of app.coll among the servers the
// group's environments compose with.
func collectionFor(req Request, app, coll string) *atom.Collection {
	for _, v := range req.Failures {
		res, _ := resolve(req.Lib, v.Recipe)
		for _, p := range res.Servers {
			se, err := req.Lib.Get(atom.KindServer, p)
			if err != nil {
				continue
			}
			s := se.MustServer()
			if s.AppName() == app {
				if c := s.Collection(coll); c != nil {
					return c
				}
			}
		}
	}
	if se := req.Lib.ServerFor(app); se != nil {
		return se.MustServer().Collection(coll)
	}
	return nil
}

func dataClock(d *atom.Data) time.Time {
	if t, err := time.Parse(time.RFC3339, d.Clock); err == nil {
		return t
	}
	return time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
}

// blamedData returns a copy of the blamed data atom, to edit.
func blamedData(req Request) (*atom.Data, error) {
	d, ok := req.Atom.Data()
	if !ok {
		return nil, noRepair("blamed atom %s is not a data atom", req.Atom.Ref())
	}
	return clone(d)
}

func repairMissingEntity(ctx context.Context, req Request) (Proposal, error) {
	nd, err := blamedData(req)
	if err != nil {
		return Proposal{}, err
	}
	var notes []string
	for _, f := range edits[*verify.AddRecord](req) {
		app, coll, key, handle := f.App, f.Collection, f.Key, f.Handle
		if app == "" || coll == "" {
			continue
		}
		c := collectionFor(req, app, coll)
		keyField := "id"
		if c != nil {
			keyField = c.KeyField()
		}
		if nd.Records == nil {
			nd.Records = map[string]map[string][]map[string]any{}
		}
		if nd.Records[app] == nil {
			nd.Records[app] = map[string][]map[string]any{}
		}
		recs := nd.Records[app][coll]
		if key == "" {
			prefix := coll[:min(3, len(coll))] + "_"
			if c != nil {
				prefix = c.Prefix()
			}
			key = fmt.Sprintf("%sr%d", prefix, len(recs)+1)
		}
		if findRecord(recs, keyField, key) >= 0 {
			continue // an earlier fix of the group added it
		}
		rec := newRecord(nd, c, app, coll, key, f.Fields)
		rec[keyField] = key
		nd.Records[app][coll] = append(recs, rec)
		notes = append(notes, fmt.Sprintf("added %s.%s %s", app, coll, key))
		if handle != "" {
			if nd.Handles == nil {
				nd.Handles = map[string]atom.Handle{}
			}
			if _, ok := nd.Handles[handle]; !ok {
				h := atom.Handle{App: app, Collection: coll, Key: key}
				if _, ok := rec["name"]; ok {
					h.Display = "name"
				}
				nd.Handles[handle] = h
				notes = append(notes, "exported handle "+handle)
			}
		}
	}
	if len(notes) == 0 {
		return Proposal{}, noRepair("no add_record fix applies to data %s", nd.ID)
	}
	return Proposal{Atom: nd, Note: strings.Join(notes, "; ")}, nil
}

func findRecord(recs []map[string]any, keyField, key string) int {
	for i, r := range recs {
		if fmt.Sprint(r[keyField]) == key {
			return i
		}
	}
	return -1
}

// newRecord builds a record with the values the fix gives and realistic
// generated values for the fields it leaves open and for the descriptive
// fields of the collection (name, email, phone, ...), from a seed of the
// data atom, so that the same repair gives the same record.
func newRecord(d *atom.Data, c *atom.Collection, app, coll, key string, given map[string]any) map[string]any {
	src := gen.New(d.Seed, "repair/"+app+"."+coll+"/"+key, dataClock(d))
	row := src.NewRow()
	rec := map[string]any{}
	var open []string
	for f, v := range given {
		if v == nil {
			open = append(open, f)
			continue
		}
		rec[f] = v
	}
	if c != nil {
		for _, f := range sortedFields(c) {
			if _, ok := given[f]; ok {
				continue
			}
			if descriptive(f) {
				open = append(open, f)
			}
		}
	}
	sort.Strings(open)
	for _, f := range open {
		var fd atom.Field
		if c != nil {
			fd = c.Fields[f]
		}
		rec[f] = generate(src, row, coll, f, fd)
	}
	return rec
}

// descriptive fields are those a record of the kind would not be without
// and that no goal is likely to test for a state (unlike status or flags).
func descriptive(f string) bool {
	switch f {
	case "name", "full_name", "first_name", "last_name", "email", "phone", "company", "company_name", "domain", "subject", "title":
		return true
	}
	return strings.HasSuffix(f, "_email") && !strings.HasPrefix(f, "owner")
}

var personCollections = []string{"contact", "user", "customer", "people", "person", "employee", "agent", "member", "lead", "candidate", "attendee", "requester"}

// generator picks the generator spec for a field from its name and type.
func generator(coll, f string, fd atom.Field) string {
	person := false
	for _, p := range personCollections {
		if strings.Contains(coll, p) {
			person = true
		}
	}
	lf := strings.ToLower(f)
	switch {
	case len(fd.Enum) > 0:
		var opts []string
		for _, e := range fd.Enum {
			opts = append(opts, fmt.Sprint(e))
		}
		return "oneof(" + strings.Join(opts, "|") + ")"
	case fd.Type == "boolean":
		return "bool"
	case fd.Format == "date" || strings.HasSuffix(lf, "_date") || lf == "date" && fd.Format != "date-time":
		return "date(-30d,30d)"
	case fd.Format == "date-time" || strings.HasSuffix(lf, "_at") || strings.HasSuffix(lf, "_time"):
		return "datetime(-30d,0d)"
	case fd.Format == "email" || strings.Contains(lf, "email"):
		return "person.email"
	case lf == "first_name" || lf == "first":
		return "person.first"
	case lf == "last_name" || lf == "last":
		return "person.last"
	case strings.Contains(lf, "phone"):
		return "person.phone"
	case lf == "company" || lf == "company_name" || lf == "account_name" || lf == "organization":
		return "company.name"
	case lf == "domain" || lf == "website":
		return "company.domain"
	case lf == "name" || lf == "full_name" || strings.HasSuffix(lf, "_name"):
		if person || lf == "full_name" || strings.HasSuffix(lf, "_name") && lf != "file_name" {
			return "person.name"
		}
		return "company.name"
	case lf == "title" || lf == "job_title":
		if person || lf == "job_title" {
			return "person.title"
		}
		return "sentence"
	case lf == "subject" || lf == "summary" || lf == "headline":
		return "sentence"
	case fd.Type == "number" && (strings.Contains(lf, "amount") || strings.Contains(lf, "price") || strings.Contains(lf, "total") || strings.Contains(lf, "cost")):
		return "amount(10,500)"
	case fd.Type == "number" || fd.Type == "integer":
		return "int(1,100)"
	case fd.Type == "array":
		return ""
	}
	return "text(8)"
}

func generate(src *gen.Source, row *gen.Row, coll, f string, fd atom.Field) any {
	spec := generator(coll, f, fd)
	if spec == "" {
		return []any{}
	}
	sp, err := gen.Parse(spec)
	if err != nil {
		return ""
	}
	return src.Value(sp, row)
}

func repairGoalAlreadyMet(ctx context.Context, req Request) (Proposal, error) {
	nd, err := blamedData(req)
	if err != nil {
		return Proposal{}, err
	}
	var notes []string
	var reasons []string
	for _, f := range edits[*verify.ChangeRecord](req) {
		app, coll, key, field, avoid := f.App, f.Collection, f.Key, f.Field, f.Avoid
		c := collectionFor(req, app, coll)
		keyField := "id"
		if c != nil {
			keyField = c.KeyField()
		}
		recs := nd.Records[app][coll]
		i := findRecord(recs, keyField, key)
		if i < 0 || field == "" {
			reasons = append(reasons, fmt.Sprintf("%s.%s %s is not a fixed record of the data", app, coll, key))
			continue
		}
		var fd atom.Field
		if c != nil {
			fd = c.Fields[field]
		}
		rec := make(map[string]any, len(recs[i]))
		for k, v := range recs[i] {
			rec[k] = v
		}
		nv, ok := otherValue(nd, coll, key, field, fd, rec[field], avoid)
		if !ok {
			reasons = append(reasons, fmt.Sprintf("no value of %s.%s other than %v", coll, field, avoid))
			continue
		}
		if reflect.DeepEqual(nv, rec[field]) {
			continue
		}
		rec[field] = nv
		nrecs := append([]map[string]any(nil), recs...)
		nrecs[i] = rec
		nd.Records[app][coll] = nrecs
		notes = append(notes, fmt.Sprintf("%s.%s %s: %s %v -> %v", app, coll, key, field, avoid, nv))
	}
	if len(notes) == 0 {
		if len(reasons) > 0 {
			return Proposal{}, noRepair("%s", strings.Join(reasons, "; "))
		}
		return Proposal{}, noRepair("no change_record fix applies to data %s", nd.ID)
	}
	return Proposal{Atom: nd, Note: strings.Join(notes, "; ")}, nil
}

// otherValue returns a value for a field that does not make the goal hold:
// not avoid, and for text not containing it; a list loses the avoided item.
func otherValue(d *atom.Data, coll, key, field string, fd atom.Field, cur, avoid any) (any, bool) {
	if list, ok := cur.([]any); ok {
		var out []any
		for _, e := range list {
			if !sameValue(e, avoid) {
				if al, ok := avoid.([]any); ok && containsValue(al, e) {
					continue
				}
				out = append(out, e)
			}
		}
		if out == nil {
			out = []any{}
		}
		return out, true
	}
	if b, ok := avoid.(bool); ok {
		return !b, true
	}
	if len(fd.Enum) > 0 {
		for _, e := range fd.Enum {
			if !sameValue(e, avoid) {
				return e, true
			}
		}
		return nil, false
	}
	if n, ok := avoid.(float64); ok {
		if n > 0 {
			return float64(0), true
		}
		return float64(1), true
	}
	src := gen.New(d.Seed, "repair/change/"+coll+"/"+key+"/"+field, dataClock(d))
	bad := strings.ToLower(fmt.Sprint(avoid))
	for try := 0; try < 20; try++ {
		v := generate(src, src.NewRow(), coll, field, fd)
		s := strings.ToLower(fmt.Sprint(v))
		if v != nil && !sameValue(v, avoid) && (avoid == nil || bad == "" || !strings.Contains(s, bad)) {
			return v, true
		}
	}
	return nil, false
}

func sameValue(a, b any) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

func containsValue(list []any, v any) bool {
	for _, e := range list {
		if sameValue(e, v) {
			return true
		}
	}
	return false
}
