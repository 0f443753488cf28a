package state

import (
	"testing"
	"time"
)

// TestNextKeyOfTheCollectionsForm: a new key takes the form of the
// collection's keys with its prefix (a nine-digit id after nine-digit
// ids, a zero-padded number at its width, a number inside a key raised
// where it stands), is never one in use nor one given before though its
// record was deleted, and is the counter where no key has digits.
func TestNextKeyOfTheCollectionsForm(t *testing.T) {
	for _, c := range []struct {
		name, prefix string
		keys         []string
		want         []string
	}{
		{"long numbers", "", []string{"318204551", "318204577"}, []string{"318204578", "318204579"}},
		{"padded", "msg_", []string{"msg_0041", "msg_0007"}, []string{"msg_0008", "msg_0009"}},
		{"inside", "", []string{"<20260101.4821@mail>"}, []string{"<20260101.4822@mail>"}},
		{"skips used", "T", []string{"T0046023", "T0046022"}, []string{"T0046024", "T0046025"}},
		{"no digits", "c_", []string{"alpha", "beta"}, []string{"c_3", "c_4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var recs []Record
			for _, k := range c.keys {
				recs = append(recs, Record{"id": k})
			}
			s := New(NewWorld(time.Time{}, NewCollection("a.x", "id", recs)))
			for i, want := range c.want {
				k := s.NextKey("a.x", c.prefix)
				if k != want {
					t.Errorf("key %d: %q, want %q", i, k, want)
				}
				if err := s.Insert("a.x", Record{"id": k}); err != nil {
					t.Fatal(err)
				}
				if i == 0 {
					_ = s.Delete("a.x", k) // a deleted key is not given again
				}
			}
		})
	}
}
