// Package jsontree reads one JSON value from a decoder's tokens into a tree
// the caller builds, keeping the order of an object's keys (which
// encoding/json's maps lose).
package jsontree

import (
	"encoding/json"
	"fmt"
)

// Builder makes the nodes of a tree of type T. Object gets an object's
// keys and values in the order written, a repeated key as often as it is
// written; Array gets an array's items; Scalar gets a string, a number
// (float64, or json.Number when the decoder uses numbers), a bool or nil.
// MaxDepth, when positive, refuses objects and arrays nested deeper.
type Builder[T any] struct {
	Object   func(keys []string, vals []T) (T, error)
	Array    func(items []T) (T, error)
	Scalar   func(tok json.Token) (T, error)
	MaxDepth int
}

// Read reads the next JSON value of dec.
func (b Builder[T]) Read(dec *json.Decoder) (T, error) { return b.read(dec, 0) }

func (b Builder[T]) read(dec *json.Decoder, depth int) (T, error) {
	var zero T
	if b.MaxDepth > 0 && depth > b.MaxDepth {
		return zero, fmt.Errorf("nesting deeper than %d", b.MaxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return zero, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return b.Scalar(tok)
	}
	if d != '{' && d != '[' {
		return zero, fmt.Errorf("unexpected %v", d)
	}
	var keys []string
	var vals []T
	for dec.More() {
		if d == '{' {
			kt, err := dec.Token()
			if err != nil {
				return zero, err
			}
			k, _ := kt.(string)
			keys = append(keys, k)
		}
		v, err := b.read(dec, depth+1)
		if err != nil {
			return zero, err
		}
		vals = append(vals, v)
	}
	if _, err := dec.Token(); err != nil {
		return zero, err
	}
	if d == '{' {
		return b.Object(keys, vals)
	}
	return b.Array(vals)
}
