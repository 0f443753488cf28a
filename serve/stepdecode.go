package serve

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	gojson "github.com/goccy/go-json"
)

// Every step decodes its body, and encoding/json's strict decoder (unknown
// fields refused) reaches StepRequest through reflection: a sixth of a
// step's CPU. readStep decodes it with go-json (github.com/goccy/go-json,
// as episode reads tool arguments) once encoding/json's scanner has found
// it valid JSON; a body go-json refuses, or text that is not UTF-8, it
// leaves to decodeJSON, so every request decodes to the same value and
// every error reads the same (FuzzReadStep holds the two together).

// readStep reads a step body; ok is false for one decodeJSON must read.
func readStep(b []byte) (req StepRequest, ok bool) {
	if !json.Valid(b) || !utf8.Valid(b) {
		return req, false
	}
	dec := gojson.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return StepRequest{}, false
	}
	return req, true
}
