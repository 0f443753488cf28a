package ground

import (
	"maps"
	"slices"
)

// maxParentGroups bounds the parents one field splits a listing into: a
// listing is read one parent's records at a time (a person's
// conversations), not one per record.
const maxParentGroups = 16

// ByParent returns a collection's records whole, and split by each field
// that names a parent record (a worksheet's rows by worksheet_id, a
// conversation's assignee by assignee_id): an agent lists one parent's
// records at a time, or reads them so from a listing of them all. A
// field that splits them into more than maxGroups parents is not read so
// (maxGroups 0: any number).
func ByParent(recs []map[string]any, maxGroups int) [][]map[string]any {
	out := [][]map[string]any{recs}
	fields := map[string]bool{}
	for _, r := range recs {
		for k, v := range r {
			if _, ok := v.(string); ok && k != "id" && IDField(k) {
				fields[k] = true
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		groups := map[string][]map[string]any{}
		for _, r := range recs {
			if v, ok := r[k].(string); ok {
				groups[v] = append(groups[v], r)
			}
		}
		if len(groups) < 2 || len(groups) == len(recs) || maxGroups > 0 && len(groups) > maxGroups {
			continue
		}
		for _, v := range slices.Sorted(maps.Keys(groups)) {
			out = append(out, groups[v])
		}
	}
	return out
}
