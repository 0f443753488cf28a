package episode

import (
	"encoding/json"
	"sync"
	"unicode/utf8"

	gojson "github.com/goccy/go-json"
)

// Every call decodes its arguments, and encoding/json reaches a
// map[string]any through reflection and a scanner that looks at each byte
// twice: about a tenth of a native tool step went there. decodeObject
// reads them with go-json (github.com/goccy/go-json), a decoder made to
// give encoding/json's values faster; what it leaves (text that is not
// UTF-8, which encoding/json mends and go-json keeps; any control
// character, which go-json takes inside a string; anything go-json refuses) goes to json.Unmarshal, so the values and every error stay
// encoding/json's. FuzzDecodeObject holds the two together.

// decodeObject reads b, a JSON object alone, as json.Unmarshal into a
// map[string]any reads it; ok is false where it leaves b to json.Unmarshal.
func decodeObject(b []byte) (map[string]any, bool) {
	if !json.Valid(b) || !utf8.Valid(b) {
		return nil, false
	}
	var m map[string]any
	if err := gojson.Unmarshal(b, &m); err != nil || m == nil {
		return nil, false
	}
	return m, true
}

// warmDecoder readies go-json's decoder. Its first use walks the program's
// types and clears a table sized by them (about 5 MB; some milliseconds of
// CPU and a collection cycle sooner), once per process: NewSession pays it,
// with the world it builds, rather than the session's first call.
var warmDecoder = sync.OnceFunc(func() {
	var m map[string]any
	_ = gojson.Unmarshal([]byte(`{}`), &m)
})
