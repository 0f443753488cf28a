// Package state holds the world an environment runs on: named collections of
// JSON-like records, an immutable base shared by every session, and an
// overlay per session of the records it changed, so that neither a write nor
// a reset copies what the session left alone.
package state

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"iter"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Record is one entity: a JSON object decoded into Go values
// (string, float64, int64, bool, nil, []any, map[string]any).
type Record = map[string]any

// Collection is an ordered list of records with a key field. A Collection in a
// World is never mutated; a State records its changes beside it.
type Collection struct {
	Name    string // "app.collection"
	Key     string // key field, "id" unless the server atom says otherwise
	Records []Record

	once     sync.Once
	index    map[string]int   // key -> position of its first record
	dups     map[string][]int // key -> all its positions, for the keys held more than once
	hashOnce sync.Once        // the hash is built apart from the index: lookups do not pay for it
	hash     string
	listOnce sync.Once
	list     []any // Records as Snapshot gives them
	memoOnce sync.Once
	memo     [MemoSlots][]atomic.Pointer[any] // by slot and position, see MemoIn
	whole    atomic.Pointer[[]wholeMemo]      // see MemoWhole
	indexMu  sync.Mutex
	indexes  map[string]map[string][]int // path -> text -> positions, see Holding
}

// NewCollection builds a collection. Records are used as given and must not
// be modified afterwards by the caller.
func NewCollection(name, key string, records []Record) *Collection {
	if key == "" {
		key = "id"
	}
	return &Collection{Name: name, Key: key, Records: records}
}

func (c *Collection) build() {
	c.once.Do(func() {
		c.index = make(map[string]int, len(c.Records))
		for i, r := range c.Records {
			k, ok := KeyOf(r, c.Key)
			if !ok {
				continue
			}
			first, dup := c.index[k]
			if !dup {
				c.index[k] = i
				continue
			}
			if c.dups == nil {
				c.dups = map[string][]int{}
			}
			if c.dups[k] == nil {
				c.dups[k] = []int{first}
			}
			c.dups[k] = append(c.dups[k], i)
		}
	})
}

// MemoSlots is the number of forms MemoIn keeps of each base record.
const MemoSlots = 4

// Memo is MemoIn(0, pos, build).
func (c *Collection) Memo(pos int, build func(Record) any) any { return c.MemoIn(0, pos, build) }

// MemoIn returns what build derives from the base record at pos, built on
// the first call for that record and kept for every later one, by every
// session of the world: build must be a function of the record alone, and
// what it returns must never be changed. Each slot (below MemoSlots) keeps
// one form of the record, for callers that derive different ones. Two
// sessions asking at once may both build; one result is kept.
func (c *Collection) MemoIn(slot, pos int, build func(Record) any) any {
	c.memoOnce.Do(func() {
		for i := range c.memo {
			c.memo[i] = make([]atomic.Pointer[any], len(c.Records))
		}
	})
	m := c.memo[slot]
	if p := m[pos].Load(); p != nil {
		return *p
	}
	v := build(c.Records[pos])
	if m[pos].CompareAndSwap(nil, &v) {
		return v
	}
	return *m[pos].Load()
}

// Lookup returns the record with key k.
func (c *Collection) Lookup(k string) (Record, bool) {
	c.build()
	i, ok := c.index[k]
	if !ok {
		return nil, false
	}
	return c.Records[i], true
}

// Hash is the content hash of the collection's records, in order.
func (c *Collection) Hash() string {
	c.hashOnce.Do(func() { c.hash = hashRecords(slices.Values(c.Records)) })
	return c.hash
}

// values returns the records as a []any, built once: every CEL evaluation
// of every session reads the same list.
func (c *Collection) values() []any {
	c.listOnce.Do(func() { c.list = toValues(slices.Values(c.Records), len(c.Records)) })
	return c.list
}

func toValues(recs iter.Seq[Record], n int) []any {
	list := make([]any, 0, n)
	for r := range recs {
		list = append(list, r)
	}
	return list
}

// KeyOf renders a record's key field as a string.
func KeyOf(r Record, key string) (string, bool) {
	v, ok := r[key]
	if !ok || v == nil {
		return "", false
	}
	return Text(v), true
}

// Text renders a JSON-like scalar as text the way keys are rendered:
// integral numbers without a decimal point, nil as "".
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	}
	return fmt.Sprint(v)
}

// Path reads a record's field by its dotted path ("address.city"); a
// field whose own name holds the dots is found first. A field that is
// absent or null gives (nil, false).
func Path(r Record, path string) (any, bool) {
	if v, ok := r[path]; ok {
		return v, v != nil
	}
	// Cut, not Split: searches call this once per record and field.
	cur := any(r)
	for rest, more := path, true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, ".")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		cur, ok = m[seg]
		if !ok {
			return nil, false
		}
	}
	return cur, cur != nil
}

// Number reads a JSON-like number held as float64, int or int64.
func Number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// World is an immutable initial state: collections by name plus the clock.
type World struct {
	Clock time.Time
	colls map[string]*Collection
	names []string
}

// NewWorld assembles a world. Collections are owned by the world afterwards.
func NewWorld(clock time.Time, colls ...*Collection) *World {
	w := &World{Clock: clock, colls: make(map[string]*Collection, len(colls))}
	for _, c := range colls {
		if _, dup := w.colls[c.Name]; !dup {
			w.names = append(w.names, c.Name)
		}
		w.colls[c.Name] = c
	}
	sort.Strings(w.names)
	return w
}

// Names lists the world's collection names, sorted.
func (w *World) Names() []string { return w.names }

// Collection returns the base collection name, or nil.
func (w *World) Collection(name string) *Collection { return w.colls[name] }

// Len is the number of records in the world.
func (w *World) Len() int {
	n := 0
	for _, c := range w.colls {
		n += len(c.Records)
	}
	return n
}

// State is one session's view of a World. Reading an untouched collection
// reads the base; a written one reads the base through the session's overlay
// of it, which holds only the changed records, so the first write costs the
// same whatever the size of the collection.
type State struct {
	base *World
	over map[string]*overlay
	seq  map[string]int
	last map[string]string // by collection and prefix: the key NextKey gave last (keys.go)
	// watch names the collections whose writes are journaled (journal.go).
	watch   map[string]bool
	journal []Write
}

// New returns a fresh state over w.
func New(w *World) *State { return &State{base: w} }

// Base returns the world this state started from.
func (s *State) Base() *World { return s.base }

// Reset drops every change. Its cost does not depend on the world's size.
func (s *State) Reset() {
	s.over = nil
	s.seq = nil
	s.last = nil
	s.journal = s.journal[:0]
}

// Has reports whether a collection exists.
func (s *State) Has(name string) bool { return s.base.colls[name] != nil }

// Named returns the name of app's collection coll ("app.coll"), or "" when
// there is no such collection. It builds no string: a tool that names its
// collections on every call asks this instead of joining the names.
func (s *State) Named(app, coll string) string {
	var buf [64]byte
	b := append(append(append(buf[:0], app...), '.'), coll...)
	if c := s.base.colls[string(b)]; c != nil {
		return c.Name
	}
	return ""
}

// KeyField returns the key field of a collection.
func (s *State) KeyField(name string) string {
	if c := s.base.colls[name]; c != nil {
		return c.Key
	}
	return "id"
}

// Records returns the current records of a collection. The slice and the
// records must be treated as read-only. An untouched collection returns the
// base's slice; a written one builds its slice on the first call after a
// write (O(n), as reading all of it is) and keeps it until the next write.
func (s *State) Records(name string) []Record {
	if o := s.over[name]; o != nil {
		return o.merged()
	}
	if c := s.base.colls[name]; c != nil {
		return c.Records
	}
	return nil
}

// Len is the number of current records in a collection.
func (s *State) Len(name string) int {
	if o := s.over[name]; o != nil {
		return o.len()
	}
	if c := s.base.colls[name]; c != nil {
		return len(c.Records)
	}
	return 0
}

// Get returns the record with key k.
func (s *State) Get(name, k string) (Record, bool) {
	r, _, ok := s.Locate(name, k)
	return r, ok
}

// Locate is Get that also gives the record's position in the base
// collection, or -1 for a record the session wrote (see Collection.Memo).
func (s *State) Locate(name, k string) (Record, int, bool) {
	if o := s.over[name]; o != nil {
		sl, ok := o.locate(k)
		if !ok {
			return nil, -1, false
		}
		r, pos := o.at(sl)
		return r, pos, true
	}
	if c := s.base.colls[name]; c != nil {
		c.build()
		if i, ok := c.index[k]; ok {
			return c.Records[i], i, true
		}
	}
	return nil, -1, false
}

// Placed yields the current records of a collection in order, each with
// its position in the base collection, or -1 for a record the session
// wrote (see Collection.Memo).
func (s *State) Placed(name string) iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		if o := s.over[name]; o != nil {
			o.placed(yield)
			return
		}
		if c := s.base.colls[name]; c != nil {
			for i, r := range c.Records {
				if !yield(i, r) {
					return
				}
			}
		}
	}
}

// Dirty returns the keys written in a collection since reset, or nil when
// the collection is untouched.
func (s *State) Dirty(name string) map[string]struct{} {
	if o := s.over[name]; o != nil {
		return o.dirty
	}
	return nil
}

// write returns the overlay of a collection, made on the first write.
func (s *State) write(name string) (*overlay, error) {
	if o := s.over[name]; o != nil {
		o.changed()
		return o, nil
	}
	c := s.base.colls[name]
	if c == nil {
		return nil, fmt.Errorf("no collection %q", name)
	}
	c.build()
	o := &overlay{base: c, dirty: map[string]struct{}{}}
	if s.over == nil {
		s.over = map[string]*overlay{}
	}
	s.over[name] = o
	return o, nil
}

// NextKey returns a fresh deterministic key for a collection. Where the
// collection holds a key that starts with prefix and has digits after it,
// the new key is of that key's form (keyLike): a product numbers its new
// records as it numbered the others, and a nine-digit Slack message id is
// not followed by "17123". Otherwise it is prefix plus a counter that
// starts past the collection's size and skips used keys.
func (s *State) NextKey(name, prefix string) string {
	if k, ok := s.keyLike(name, prefix); ok {
		return k
	}
	if s.seq == nil {
		s.seq = map[string]int{}
	}
	n, ok := s.seq[name]
	if !ok {
		n = s.Len(name)
	}
	for {
		n++
		k := prefix + strconv.Itoa(n)
		if _, used := s.Get(name, k); !used {
			s.seq[name] = n
			return k
		}
	}
}

// Insert adds a record after the others; its key must be set and unused.
func (s *State) Insert(name string, r Record) error {
	key := s.KeyField(name)
	k, ok := KeyOf(r, key)
	if !ok {
		return fmt.Errorf("%s: record has no %q", name, key)
	}
	if _, dup := s.Get(name, k); dup {
		return fmt.Errorf("%s: %s %q already exists", name, key, k)
	}
	o, err := s.write(name)
	if err != nil {
		return err
	}
	o.insert(k, r)
	o.dirty[k] = struct{}{}
	s.note(name, k, nil)
	return nil
}

// Replace swaps the record with key k for r (same key), in its place.
func (s *State) Replace(name, k string, r Record) error {
	if r == nil {
		return fmt.Errorf("%s: no record to put in place of %q", name, k)
	}
	o, sl, err := s.writeAt(name, k)
	if err != nil {
		return err
	}
	if s.watch != nil {
		old, _ := o.at(sl)
		s.note(name, k, old)
	}
	o.set(sl, r)
	return nil
}

// Delete removes the record with key k.
func (s *State) Delete(name, k string) error {
	o, sl, err := s.writeAt(name, k)
	if err != nil {
		return err
	}
	if s.watch != nil {
		old, _ := o.at(sl)
		s.note(name, k, old)
	}
	o.remove(sl)
	return nil
}

// writeAt returns the overlay of a collection and the slot of its record
// with key k, which must exist, marking the record as written.
func (s *State) writeAt(name, k string) (*overlay, slot, error) {
	if _, ok := s.Get(name, k); !ok {
		return nil, slot{}, fmt.Errorf("%s: no record %q", name, k)
	}
	o, err := s.write(name)
	if err != nil {
		return nil, slot{}, err
	}
	sl, _ := o.locate(k)
	o.dirty[k] = struct{}{}
	return o, sl, nil
}

// Hash is the content hash of the whole state. Untouched collections reuse
// the base's cached hash, so the cost scales with what the session changed.
func (s *State) Hash() string {
	h := sha256.New()
	for _, name := range s.base.names {
		var ch string
		if o := s.over[name]; o != nil {
			if o.hash == "" {
				o.hash = hashRecords(o.all)
			}
			ch = o.hash
		} else {
			ch = s.base.colls[name].Hash()
		}
		h.Write([]byte(name))
		h.Write([]byte{0})
		h.Write([]byte(ch))
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// World returns the state as a world of its own, at the base's clock:
// an untouched collection is the base's, a written one is made anew of
// the records the state holds, in their order.
func (s *State) World() *World {
	colls := make([]*Collection, 0, len(s.base.names))
	for _, name := range s.base.names {
		c := s.base.colls[name]
		if s.over[name] != nil {
			c = NewCollection(name, c.Key, s.Records(name))
		}
		colls = append(colls, c)
	}
	return NewWorld(s.base.Clock, colls...)
}

// Snapshot returns the state as nested maps: app -> collection -> records.
// Names without a dot go under the app "" . It must be treated as
// read-only: the lists of untouched collections are shared.
func (s *State) Snapshot() map[string]any {
	out := map[string]any{}
	for _, name := range s.base.names {
		app, coll := Split(name)
		m, _ := out[app].(map[string]any)
		if m == nil {
			m = map[string]any{}
			out[app] = m
		}
		if o := s.over[name]; o != nil {
			m[coll] = toValues(o.all, o.len())
		} else {
			m[coll] = s.base.colls[name].values()
		}
	}
	return out
}

// Split cuts "app.collection" into its parts.
func Split(name string) (app, coll string) {
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return name[:i], name[i+1:]
		}
	}
	return "", name
}

func hashRecords(recs iter.Seq[Record]) string {
	h := sha256.New()
	var buf [9]byte
	for r := range recs {
		WriteValue(h, r, &buf)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// WriteValue writes a canonical, type-tagged encoding of the JSON-like
// value v to h: map keys sorted, integers and integral floats alike. buf is
// scratch space, passed in so that hashing many values allocates it once.
func WriteValue(h io.Writer, v any, buf *[9]byte) {
	switch x := v.(type) {
	case nil:
		buf[0] = 'n'
		h.Write(buf[:1])
	case bool:
		buf[0] = 'f'
		if x {
			buf[0] = 't'
		}
		h.Write(buf[:1])
	case string:
		writeTagged(h, buf, 's', uint64(len(x)))
		h.Write([]byte(x))
	case float64:
		writeTagged(h, buf, 'd', math.Float64bits(x))
	case int64:
		WriteValue(h, float64(x), buf)
	case int:
		WriteValue(h, float64(x), buf)
	case []any:
		writeTagged(h, buf, 'l', uint64(len(x)))
		for _, e := range x {
			WriteValue(h, e, buf)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		writeTagged(h, buf, 'm', uint64(len(keys)))
		for _, k := range keys {
			WriteValue(h, k, buf)
			WriteValue(h, x[k], buf)
		}
	default:
		WriteValue(h, fmt.Sprint(x), buf)
	}
}

// writeTagged writes a tag byte and a little-endian uint64.
func writeTagged(h io.Writer, buf *[9]byte, tag byte, n uint64) {
	buf[0] = tag
	binary.LittleEndian.PutUint64(buf[1:], n)
	h.Write(buf[:])
}

// HashValue is the canonical hash of any JSON-like value.
func HashValue(v any) string {
	h := sha256.New()
	var buf [9]byte
	WriteValue(h, v, &buf)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Clone returns an independent copy of s over the same world: writes to
// either leave the other as it was. The cost is that of the changes s
// holds, not of the world; records are shared, as they are never changed
// in place.
func (s *State) Clone() *State {
	c := &State{base: s.base, watch: s.watch}
	if s.over != nil {
		c.over = make(map[string]*overlay, len(s.over))
		for name, o := range s.over {
			c.over[name] = o.clone()
		}
	}
	if s.seq != nil {
		c.seq = maps.Clone(s.seq)
	}
	if s.last != nil {
		c.last = maps.Clone(s.last)
	}
	return c
}
