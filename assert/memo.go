package assert

import "reflect"

// Memo remembers whether a record matched a program's predicate, for
// sessions that share their records: a verifier's wrong plans continue
// forks of one session, so the records the shared steps wrote are the same
// values in every fork, and each is matched once instead of once per plan.
// Records are never changed in place (a write puts a new record), so a
// record's identity stands for its content; the memo keeps every record it
// has seen, so an identity is never reused while the memo lives. A Memo is
// for one goroutine.
type Memo struct {
	seen map[memoKey]bool
	keep []map[string]any
}

type memoKey struct {
	p *Program
	r uintptr
}

// NewMemo returns an empty memo.
func NewMemo() *Memo { return &Memo{seen: map[memoKey]bool{}} }

// match is p.MatchRecord(r), remembered in m (nil: not remembered).
func (m *Memo) match(p *Program, r map[string]any) bool {
	if m == nil || r == nil {
		return p.MatchRecord(r)
	}
	k := memoKey{p, uintptr(reflect.ValueOf(r).UnsafePointer())}
	if v, ok := m.seen[k]; ok {
		return v
	}
	v := p.MatchRecord(r)
	m.seen[k] = v
	m.keep = append(m.keep, r)
	return v
}
