// Package fastjson reads JSON with go-json (github.com/goccy/go-json), a
// decoder made to give encoding/json's values faster, and a strict read
// (unknown fields refused) with segmentio's (github.com/segmentio/encoding),
// where that is sure to give what encoding/json gives. What it leaves (invalid JSON, such as
// a leading zero or a control character inside a string, which go-json
// takes; text that is not UTF-8, which encoding/json mends and go-json
// keeps; anything go-json refuses) its callers read with encoding/json, so
// every value and every error stays encoding/json's. The fuzz targets of
// its callers (episode's FuzzDecodeObject, serve's FuzzReadStep) hold the
// two together.
package fastjson

import (
	"sync"
	"unicode/utf8"

	gojson "github.com/goccy/go-json"
	segjson "github.com/segmentio/encoding/json"
)

// Decode reads b, one JSON value, into v as encoding/json would; strict
// refuses fields v does not have, as a json.Decoder with
// DisallowUnknownFields does. ok is false where b is left to
// encoding/json, and v then holds nothing to use.
func Decode(b []byte, v any, strict bool) (ok bool) {
	// segmentio's validator: encoding/json's took more of a step body's
	// read than the decoding after it (FuzzValid holds the two together).
	if !segjson.Valid(b) || !utf8.Valid(b) {
		return false
	}
	if !strict {
		return gojson.Unmarshal(b, v) == nil
	}
	// go-json refuses unknown fields only in its stream decoder, which
	// makes a stream and a 512-byte buffer for every value (a third of a
	// step body's read); segmentio's decoder refuses them reading b as
	// it is.
	_, err := segjson.Parse(b, v, segjson.DisallowUnknownFields)
	return err == nil
}

// Warm readies go-json's decoder. Its first use walks the program's types
// and clears a table sized by them (about 5 MB; some milliseconds of CPU
// and a collection cycle sooner), once per process: a caller pays it where
// it builds its state, rather than on its first request.
func Warm() { warm() }

var warm = sync.OnceFunc(func() {
	var m map[string]any
	_ = gojson.Unmarshal([]byte(`{}`), &m)
})
