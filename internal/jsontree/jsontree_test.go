package jsontree

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// text renders a tree as a string that shows key order and repeats.
var text = Builder[string]{
	Object: func(keys []string, vals []string) (string, error) {
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + "=" + vals[i]
		}
		return "{" + strings.Join(parts, ",") + "}", nil
	},
	Array:    func(items []string) (string, error) { return "[" + strings.Join(items, ",") + "]", nil },
	Scalar:   func(tok json.Token) (string, error) { return fmt.Sprint(tok), nil },
	MaxDepth: 3,
}

func TestRead(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{`{"b": 1, "a": [true, null, "x"], "b": 2}`, "{b=1,a=[true,<nil>,x],b=2}", ""},
		{`[]`, "[]", ""},
		{`"s"`, "s", ""},
		{`[[[[1]]]]`, "", "nesting deeper than 3"},
		{`{"a": }`, "", "invalid character"},
		{`}`, "", "invalid character"},
	} {
		got, err := text.Read(json.NewDecoder(strings.NewReader(c.in)))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
