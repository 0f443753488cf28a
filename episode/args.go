package episode

import (
	"github.com/legoenv/legoenv/internal/fastjson"
)

// Every call decodes its arguments, and encoding/json reaches a
// map[string]any through reflection and a scanner that looks at each byte
// twice: about a tenth of a native tool step went there. decodeObject
// reads them with go-json where that gives encoding/json's values
// (internal/fastjson); json.Unmarshal reads the rest.

// decodeObject reads b, a JSON object alone, as json.Unmarshal into a
// map[string]any reads it; ok is false where it leaves b to json.Unmarshal.
func decodeObject(b []byte) (map[string]any, bool) {
	var m map[string]any
	if !fastjson.Decode(b, &m, false) || m == nil {
		return nil, false
	}
	return m, true
}
