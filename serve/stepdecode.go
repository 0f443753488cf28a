package serve

import (
	"github.com/legoenv/legoenv/internal/fastjson"
)

// Every step decodes its body, and encoding/json's strict decoder (unknown
// fields refused) reaches StepRequest through reflection: a sixth of a
// step's CPU. readStep decodes it with go-json where that gives
// encoding/json's value (internal/fastjson, as episode reads tool
// arguments) and leaves the rest to decodeJSON, so every request decodes
// to the same value and every error reads the same.

// readStep reads a step body; ok is false for one decodeJSON must read.
// scanStep reads the bodies clients write most; go-json the others it can.
//
// The decoder's first room for a list is ten elements, most of a step's
// allocation where it sends one call, so the calls are read into room for
// two; a body whose calls come out empty (missing, null or []) is read
// again from nothing, which tells those apart.
func readStep(b []byte) (StepRequest, bool) {
	if req, ok := scanStep(b); ok {
		return req, true
	}
	return decodeStep(b)
}

// decodeStep is readStep's go-json reader, apart so that the request it
// decodes into, which escapes, is made only where it runs.
func decodeStep(b []byte) (req StepRequest, ok bool) {
	req.ToolCalls = make([]WireCall, 0, 2)
	if fastjson.Decode(b, &req, true) && len(req.ToolCalls) > 0 {
		return req, true
	}
	req = StepRequest{}
	if !fastjson.Decode(b, &req, true) {
		return StepRequest{}, false
	}
	return req, true
}
