package episode

import (
	"github.com/legoenv/legoenv/internal/fastjson"
)

// Every call decodes its arguments, and encoding/json reaches a
// map[string]any through reflection and a scanner that looks at each byte
// twice: about a tenth of a native tool step went there. decodeObject
// reads them with scanObject where it can, then with go-json where that
// gives encoding/json's values (internal/fastjson); json.Unmarshal reads
// the rest.

// decodeObject reads b, a JSON object alone, as json.Unmarshal into a
// map[string]any reads it, with the strings of names (which may be nil)
// for keys equal to them; ok is false where it leaves b to json.Unmarshal.
func decodeObject(b []byte, names map[string]string) (map[string]any, bool) {
	if m, ok := scanObject(b, names); ok {
		return m, true
	}
	var m map[string]any
	if !fastjson.Decode(b, &m, false) || m == nil {
		return nil, false
	}
	return m, true
}
