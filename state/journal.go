package state

// A session that keeps rules across records (a file is shared exactly
// where a grant names it) must know which records a call wrote, however it
// wrote them: a declared effect, a script, a native tool. A state journals
// the writes to the collections it is told to watch, and only those: a
// write to any other costs one map lookup more.

// Write is one journaled write: to the record with key Key of collection
// Name; Old is the record before it, nil for an insert.
type Write struct {
	Name, Key string
	Old       Record
}

// Watch makes the state journal the writes to the collections names holds
// (by full name). The map is only read; states may share it.
func (s *State) Watch(names map[string]bool) { s.watch = names }

// Journal is the writes journaled since the last ClearJournal, in order.
// The slice is the state's: a write journaled after the call is appended
// past its end and leaves what it holds as it was.
func (s *State) Journal() []Write { return s.journal }

// ClearJournal forgets the journaled writes.
func (s *State) ClearJournal() { s.journal = s.journal[:0] }

// note journals a write to collection name when the state watches it.
func (s *State) note(name, k string, old Record) {
	if s.watch[name] {
		s.journal = append(s.journal, Write{Name: name, Key: k, Old: old})
	}
}
