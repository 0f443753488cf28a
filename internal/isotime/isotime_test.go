package isotime

import (
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // RFC 3339 in UTC; "" when Parse refuses
	}{
		{"2024-03-05T10:20:30Z", "2024-03-05T10:20:30Z"},
		{"2024-03-05T10:20:30.5+02:00", "2024-03-05T08:20:30Z"},
		{"2024-03-05T10:20:30", "2024-03-05T10:20:30Z"},
		{"2024-03-05T10:20", "2024-03-05T10:20:00Z"},
		{"2024-03-05 10:20:30", "2024-03-05T10:20:30Z"},
		{"2024-03-05", "2024-03-05T00:00:00Z"},
		{"2024-13-05", ""},
		{"05/03/2024", ""},
		{" 2024-03-05", ""},
		{"", ""},
	} {
		got, ok := Parse(c.in)
		if c.want == "" {
			if ok {
				t.Errorf("Parse(%q) = %v, want a refusal", c.in, got)
			}
			continue
		}
		if !ok || got.UTC().Format(time.RFC3339) != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.in, got, ok, c.want)
		}
	}
}
