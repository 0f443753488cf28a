package state

// maxWholeMemos bounds the values MemoWhole keeps for one collection, so
// that callers asking under ever new keys cannot grow a shared world.
const maxWholeMemos = 8

// wholeMemo is a value MemoWhole keeps, under its key.
type wholeMemo struct {
	key int
	v   any
}

// MemoWhole returns what build derives from the whole base collection
// under key, built on the first call and kept for every later one, by
// every session of the world: build must be a function of the
// collection's records and key alone, and what it returns must never be
// changed. A collection keeps at most maxWholeMemos keys; past them build
// runs on every call. Two sessions asking at once may both build; one
// result is kept.
func (c *Collection) MemoWhole(key int, build func() any) any {
	if v, ok := c.wholeMemo(key); ok {
		return v
	}
	v := build()
	for {
		old := c.whole.Load()
		var kept []wholeMemo
		if old != nil {
			for _, m := range *old {
				if m.key == key {
					return m.v
				}
			}
			if len(*old) >= maxWholeMemos {
				return v
			}
			kept = append(kept, *old...)
		}
		kept = append(kept, wholeMemo{key, v})
		if c.whole.CompareAndSwap(old, &kept) {
			return v
		}
	}
}

// wholeMemo finds the value kept under key.
func (c *Collection) wholeMemo(key int) (any, bool) {
	if p := c.whole.Load(); p != nil {
		for _, m := range *p {
			if m.key == key {
				return m.v, true
			}
		}
	}
	return nil, false
}

// Untouched reports whether the session has written nothing to the
// collection name since its reset: it reads the base's records as they
// are.
func (s *State) Untouched(name string) bool { return s.over[name] == nil }
