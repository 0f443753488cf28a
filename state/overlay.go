package state

import (
	"maps"
	"slices"
	"sort"
)

// overlay is a session's changes to one collection, kept beside the base
// records instead of a copy of them: base positions replaced or deleted,
// and the records inserted since, which follow the base ones. The merged
// order is the base order with the replacements in place and the deletions
// left out, then the inserted records in the order they came: the order a
// copied slice edited in place would have.
type overlay struct {
	base    *Collection
	edits   []edit         // by base position, ascending
	deleted int            // edits that delete
	tail    []Record       // inserted records, in order
	tailKey map[string]int // key -> position in tail
	dirty   map[string]struct{}

	records []Record // merged view as Records gives it; nil when stale
	hash    string   // "" when stale
}

// edit is a change to the base record at pos; a nil rec deletes it.
type edit struct {
	pos int
	rec Record
}

// slot is where a current record lives: a base position, or an index in
// the tail.
type slot struct {
	tail bool
	i    int
}

// changed drops what was derived from the records before a write.
func (o *overlay) changed() {
	o.records = nil
	o.hash = ""
}

// edit returns the index in edits of the edit at base position pos, or
// where it would go.
func (o *overlay) edit(pos int) (int, bool) {
	i := sort.Search(len(o.edits), func(i int) bool { return o.edits[i].pos >= pos })
	return i, i < len(o.edits) && o.edits[i].pos == pos
}

// locate finds the first current record with key k.
func (o *overlay) locate(k string) (slot, bool) {
	if first, ok := o.base.index[k]; ok {
		if o.live(first) {
			return slot{i: first}, true
		}
		// The first is deleted; the key may be held again further on.
		for _, p := range o.base.dups[k] {
			if o.live(p) {
				return slot{i: p}, true
			}
		}
	}
	if i, ok := o.tailKey[k]; ok {
		return slot{tail: true, i: i}, true
	}
	return slot{}, false
}

// live reports whether the base record at pos is still there.
func (o *overlay) live(pos int) bool {
	i, ok := o.edit(pos)
	return !ok || o.edits[i].rec != nil
}

// at returns the current record in a slot and its base position, -1 for
// a record the session wrote.
func (o *overlay) at(sl slot) (Record, int) {
	if sl.tail {
		return o.tail[sl.i], -1
	}
	if i, ok := o.edit(sl.i); ok {
		return o.edits[i].rec, -1
	}
	return o.base.Records[sl.i], sl.i
}

// set puts r in a slot.
func (o *overlay) set(sl slot, r Record) {
	if sl.tail {
		o.tail[sl.i] = r
		return
	}
	i, ok := o.edit(sl.i)
	if ok {
		o.edits[i].rec = r
		return
	}
	o.edits = slices.Insert(o.edits, i, edit{pos: sl.i, rec: r})
}

// insert adds r, with key k, after every other record.
func (o *overlay) insert(k string, r Record) {
	if o.tailKey == nil {
		o.tailKey = map[string]int{}
	}
	o.tailKey[k] = len(o.tail)
	o.tail = append(o.tail, r)
}

// remove deletes the record in a slot.
func (o *overlay) remove(sl slot) {
	if !sl.tail {
		o.set(sl, nil)
		o.deleted++
		return
	}
	o.tail = slices.Delete(o.tail, sl.i, sl.i+1)
	// Keys after the removed record move down by one.
	for k, i := range o.tailKey {
		switch {
		case i == sl.i:
			delete(o.tailKey, k)
		case i > sl.i:
			o.tailKey[k] = i - 1
		}
	}
}

// len is the number of current records.
func (o *overlay) len() int { return len(o.base.Records) - o.deleted + len(o.tail) }

// all yields the current records in order.
func (o *overlay) all(yield func(Record) bool) {
	o.placed(func(_ int, r Record) bool { return yield(r) })
}

// placed yields the current records in order, each with its base
// position, or -1 for a record the session wrote.
func (o *overlay) placed(yield func(int, Record) bool) {
	recs := o.base.Records
	from := 0
	for _, e := range o.edits {
		for i := from; i < e.pos; i++ {
			if !yield(i, recs[i]) {
				return
			}
		}
		if e.rec != nil && !yield(-1, e.rec) {
			return
		}
		from = e.pos + 1
	}
	for i := from; i < len(recs); i++ {
		if !yield(i, recs[i]) {
			return
		}
	}
	for _, r := range o.tail {
		if !yield(-1, r) {
			return
		}
	}
}

// merged returns the current records as a slice, built once per write. The
// slice is never changed afterwards, so one a caller holds stays as it was.
func (o *overlay) merged() []Record {
	if o.records == nil {
		o.records = make([]Record, 0, o.len())
		for r := range o.all {
			o.records = append(o.records, r)
		}
	}
	return o.records
}

// clone copies the overlay's own slices and maps; the merged view and the
// hash are kept, as they describe the same records until the next write.
func (o *overlay) clone() *overlay {
	return &overlay{
		base:    o.base,
		edits:   slices.Clone(o.edits),
		deleted: o.deleted,
		tail:    slices.Clone(o.tail),
		tailKey: maps.Clone(o.tailKey),
		dirty:   maps.Clone(o.dirty),
		records: o.records,
		hash:    o.hash,
	}
}
