package automationbench

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/legoenv/legoenv/internal/jsontree"
)

// object is a JSON object that remembers the order of its keys: schema
// property order decides which of two similar fields wins ("body_plain"
// before "body_html") and keeps written atoms readable.
type object struct {
	keys []string
	vals map[string]any
}

func (o *object) get(k string) any {
	if o == nil {
		return nil
	}
	return o.vals[k]
}

func (o *object) obj(k string) *object {
	v, _ := o.get(k).(*object)
	return v
}

func (o *object) str(k string) string {
	s, _ := o.get(k).(string)
	return s
}

const maxJSONDepth = 128

// decodeOrdered parses JSON into *object, []any, string, float64, bool and nil.
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	v, err := orderedTree.Read(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("data after the JSON value")
	}
	return v, nil
}

// orderedTree builds *object for objects (a repeated key keeps its first
// place and its last value) and []any for arrays.
var orderedTree = jsontree.Builder[any]{
	Object: func(keys []string, vals []any) (any, error) {
		o := &object{vals: map[string]any{}}
		for i, k := range keys {
			if _, dup := o.vals[k]; !dup {
				o.keys = append(o.keys, k)
			}
			o.vals[k] = vals[i]
		}
		return o, nil
	},
	Array:    func(items []any) (any, error) { return append([]any{}, items...), nil },
	Scalar:   func(tok json.Token) (any, error) { return tok, nil },
	MaxDepth: maxJSONDepth,
}
