package state

import "iter"

// A search for the records whose field equals a text scans the whole
// collection, reading the field's path in every record. A base collection
// keeps, for the paths searched, where each text is held, so that a search
// reads only the records that can match.

// maxIndexes bounds the paths a collection indexes: a script can search on
// any number of paths, and each index holds every record's position.
const maxIndexes = 64

// texts appends the texts v is found by: its Text, or, for a list, those
// of its elements, as deep as they go. A null value is found by none.
func texts(out []string, v any) []string {
	switch x := v.(type) {
	case nil:
		return out
	case []any:
		for _, e := range x {
			out = texts(out, e)
		}
		return out
	}
	return append(out, Text(v))
}

// textIndex returns the positions of the base records by the texts of their
// value at path, built on first use; nil when the collection already
// indexes maxIndexes paths.
func (c *Collection) textIndex(path string) map[string][]int {
	c.indexMu.Lock()
	defer c.indexMu.Unlock()
	if ix, ok := c.indexes[path]; ok {
		return ix
	}
	if len(c.indexes) >= maxIndexes {
		return nil
	}
	ix := map[string][]int{}
	var buf []string
	for i, r := range c.Records {
		v, _ := Path(r, path)
		buf = texts(buf[:0], v)
		for _, t := range buf {
			if ps := ix[t]; len(ps) == 0 || ps[len(ps)-1] != i {
				ix[t] = append(ps, i)
			}
		}
	}
	if c.indexes == nil {
		c.indexes = map[string]map[string][]int{}
	}
	c.indexes[path] = ix
	return ix
}

// Holding yields, as Placed does, every current record whose value at path
// is text or a list holding text, and records the session wrote, which it
// does not index: a caller still checks each record it gets. ok is false
// when the collection indexes too many paths already; then the caller
// scans Placed.
func (s *State) Holding(name, path, text string) (recs iter.Seq2[int, Record], ok bool) {
	c := s.base.colls[name]
	if c == nil {
		return s.Placed(name), true
	}
	ix := c.textIndex(path)
	if ix == nil {
		return nil, false
	}
	at := ix[text]
	o := s.over[name]
	if o == nil {
		return func(yield func(int, Record) bool) {
			for _, p := range at {
				if !yield(p, c.Records[p]) {
					return
				}
			}
		}, true
	}
	return func(yield func(int, Record) bool) { o.holding(at, yield) }, true
}

// holding yields the base records at positions at (ascending) that the
// session left alone and, in their places, the records it wrote.
func (o *overlay) holding(at []int, yield func(int, Record) bool) {
	e := 0
	for _, p := range at {
		for ; e < len(o.edits) && o.edits[e].pos < p; e++ {
			if r := o.edits[e].rec; r != nil && !yield(-1, r) {
				return
			}
		}
		if e < len(o.edits) && o.edits[e].pos == p {
			continue // written: yielded in its place by the loop above or below
		}
		if !yield(p, o.base.Records[p]) {
			return
		}
	}
	for ; e < len(o.edits); e++ {
		if r := o.edits[e].rec; r != nil && !yield(-1, r) {
			return
		}
	}
	for _, r := range o.tail {
		if !yield(-1, r) {
			return
		}
	}
}

// HoldsText reports whether a current record of collection name has text
// at field path: a reference by another field than the key (a Jira
// issue's key) names a record when one holds it.
func (s *State) HoldsText(name, path, text string) bool {
	recs, ok := s.Holding(name, path, text)
	if !ok {
		recs = s.Placed(name)
	}
	for _, r := range recs {
		if v, _ := Path(r, path); Text(v) == text {
			return true
		}
	}
	return false
}
