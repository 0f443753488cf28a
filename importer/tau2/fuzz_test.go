package tau2

import (
	"strings"
	"testing"
)

// FuzzDecodeDB: any input is decoded or refused with an error, never a
// panic, and what decodes has every record keyed by its own id.
func FuzzDecodeDB(f *testing.F) {
	f.Add([]byte(`{"products": {}, "users": {}, "orders": {}}`))
	f.Add([]byte(`{"products": {"1": {"product_id": "1", "name": "A", "variants": {"2": {"item_id": "2", "options": {}, "available": true, "price": 1.5}}}}, "users": {"u": {"user_id": "u", "email": "a@b.c"}}, "orders": {"#W1": {"order_id": "#W1"}}}`))
	f.Add([]byte(`{"products": {"1": {"product_id": "2"}}, "users": {}, "orders": {}}`))
	f.Add([]byte(`{"products": [], "users": {}, "orders": {}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		recs, err := decodeDB(b)
		if err != nil {
			return
		}
		for _, name := range collections {
			for _, r := range recs[name] {
				if _, ok := r[keyFields[name]].(string); !ok {
					t.Fatalf("%s record without a string key: %v", name, r)
				}
			}
		}
		// Whatever decodes can be hashed.
		if h := NewHasher(recs); h == nil {
			t.Fatal("no hasher")
		}
		_ = Canonical(recs["users"])
	})
}

// FuzzCanonical: the canonical form of any string is ASCII.
func FuzzCanonical(f *testing.F) {
	f.Add("plain")
	f.Add("é\u2028\U0001F600\x00\x7f\"\\")
	f.Fuzz(func(t *testing.T, s string) {
		c := Canonical(s)
		for i := 0; i < len(c); i++ {
			if c[i] < 0x20 || c[i] > 0x7e {
				t.Fatalf("non-ASCII byte %#x in %q", c[i], c)
			}
		}
		if !strings.HasPrefix(c, `"`) || !strings.HasSuffix(c, `"`) {
			t.Fatalf("not a JSON string: %s", c)
		}
	})
}
