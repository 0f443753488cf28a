package atom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// yaml.v3's emitter keeps every event of an encoder's life in one growing
// slice, so one encoder over a data atom of a few thousand records
// allocates about a hundred times the text it writes, and a build that
// writes 12,000 of them spent a seventh of its allocations there. The
// writer below keeps the same text but gives yaml.v3 small pieces: a large
// block mapping is written key by key and a large block sequence of
// mappings item by item, each piece by a fresh encoder, indented to where
// the whole-tree encoder would have put it. TestChunkedYAMLIsTheSame holds
// the two to the same bytes.

// chunkNodes is the size, in nodes, above which a block collection is
// written in pieces.
const chunkNodes = 256

// encodeYAML writes n as yaml.v3 would with an indent of 2, but for the
// sequences in rows (and the mappings above them): those are written an
// item at a time, and each of their items in flow style as one line of
// JSON, which YAML reads as a flow mapping (see rowsOfData).
func encodeYAML(n *yaml.Node, rows map[*yaml.Node]bool) ([]byte, error) {
	w := &chunkWriter{rows: rows, force: map[*yaml.Node]bool{}}
	for r := range rows {
		w.force[r] = true
	}
	if len(rows) > 0 {
		w.markAbove(n)
	}
	if err := w.write(n, 0); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

type chunkWriter struct {
	buf   bytes.Buffer
	rows  map[*yaml.Node]bool // sequences whose flow items are JSON lines
	force map[*yaml.Node]bool // written in pieces whatever their size
	json  *json.Encoder       // quotes strings as JSON, with no HTML escapes
	quote bytes.Buffer
}

// markAbove forces pieces on every collection above a rows sequence, so
// its items are reached one by one; it reports whether n is or holds one.
func (w *chunkWriter) markAbove(n *yaml.Node) bool {
	if w.rows[n] {
		return true
	}
	held := false
	for _, c := range n.Content {
		held = w.markAbove(c) || held
	}
	if held {
		w.force[n] = true
	}
	return held
}

// write writes n at the given indent: in pieces when it is a large (or
// forced) block collection that can be split, whole otherwise.
func (w *chunkWriter) write(n *yaml.Node, indent int) error {
	switch {
	case w.splitMapping(n):
		return w.writeMappingPieces(n, indent)
	case w.splitSequence(n):
		return w.writeSequencePieces(n, indent)
	}
	return encodeIndented(&w.buf, n, indent, "", "")
}

// writeMappingPieces writes a block mapping a key at a time: a large value
// under its own "key:" line, the rest as one-pair mappings.
func (w *chunkWriter) writeMappingPieces(n *yaml.Node, indent int) error {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !w.splitMapping(v) && !w.splitSequence(v) {
			pair := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{k, v}}
			if err := encodeIndented(&w.buf, pair, indent, "", ""); err != nil {
				return err
			}
			continue
		}
		if err := encodeIndented(&w.buf, k, indent, "", ""); err != nil {
			return err
		}
		w.buf.Truncate(w.buf.Len() - 1)
		w.buf.WriteString(":\n")
		if err := w.write(v, indent+2); err != nil {
			return err
		}
	}
	return nil
}

// writeSequencePieces writes a block sequence an item at a time, each as
// "- " and its first line, the rest two spaces in.
func (w *chunkWriter) writeSequencePieces(n *yaml.Node, indent int) error {
	for _, item := range n.Content {
		var err error
		if w.rows[n] {
			err = w.writeRow(item, indent)
		} else {
			err = encodeIndented(&w.buf, item, indent, "- ", "  ")
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeRow writes an item of a rows sequence: a flow mapping as one line
// of JSON, anything else as yaml.v3 writes it.
func (w *chunkWriter) writeRow(item *yaml.Node, indent int) error {
	if item.Kind != yaml.MappingNode || item.Style&yaml.FlowStyle == 0 {
		return encodeIndented(&w.buf, item, indent, "- ", "  ")
	}
	w.buf.WriteString(strings.Repeat(" ", indent))
	w.buf.WriteString("- ")
	if err := w.writeJSON(item); err != nil {
		return err
	}
	w.buf.WriteByte('\n')
	return nil
}

// writeJSON writes a node as JSON: mappings and sequences as objects and
// arrays, strings quoted, numbers, booleans and null as yaml.v3 resolved
// them from the JSON they came from.
func (w *chunkWriter) writeJSON(n *yaml.Node) error {
	switch n.Kind {
	case yaml.MappingNode, yaml.SequenceNode:
		open, shut := byte('['), byte(']')
		if n.Kind == yaml.MappingNode {
			open, shut = '{', '}'
		}
		w.buf.WriteByte(open)
		for i, c := range n.Content {
			switch {
			case n.Kind == yaml.MappingNode && i%2 == 1:
				w.buf.WriteString(": ")
			case i > 0:
				w.buf.WriteString(", ")
			}
			if err := w.writeJSON(c); err != nil {
				return err
			}
		}
		w.buf.WriteByte(shut)
		return nil
	case yaml.ScalarNode:
		if n.Tag != "!!str" {
			w.buf.WriteString(n.Value)
			return nil
		}
		return w.writeString(n.Value)
	}
	return fmt.Errorf("a %v node in a row", n.Kind)
}

// writeString writes s as a JSON string, leaving <, > and & as they are.
func (w *chunkWriter) writeString(s string) error {
	if w.json == nil {
		w.json = json.NewEncoder(&w.quote)
		w.json.SetEscapeHTML(false)
	}
	w.quote.Reset()
	if err := w.json.Encode(s); err != nil {
		return err
	}
	w.buf.Write(bytes.TrimSuffix(w.quote.Bytes(), []byte("\n")))
	return nil
}

// encodeIndented encodes n with a fresh encoder and writes its lines
// indent spaces in, the first after first and the others after rest.
// Empty lines (inside a literal block) stay empty, as yaml.v3 writes them.
func encodeIndented(buf *bytes.Buffer, n *yaml.Node, indent int, first, rest string) error {
	var piece bytes.Buffer
	enc := yaml.NewEncoder(&piece)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	pad := strings.Repeat(" ", indent)
	for i, line := range strings.SplitAfter(piece.String(), "\n") {
		if line == "" {
			continue
		}
		if line == "\n" && i > 0 {
			buf.WriteString(line)
			continue
		}
		lead := rest
		if i == 0 {
			lead = first
		}
		buf.WriteString(pad)
		buf.WriteString(lead)
		buf.WriteString(line)
	}
	return nil
}

// splitMapping reports whether n is a large block mapping whose keys are
// plain one-line strings short enough to stay simple keys.
func (w *chunkWriter) splitMapping(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode || n.Style&yaml.FlowStyle != 0 || len(n.Content) == 0 || !w.force[n] && nodeCount(n) <= chunkNodes {
		return false
	}
	for i := 0; i < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || k.Style != 0 || !plainKey(k.Value) {
			return false
		}
	}
	return true
}

// splitSequence reports whether n is a large block sequence with no
// literal block among its items (one encoded alone is indented from its
// own column, not from the dash's).
func (w *chunkWriter) splitSequence(n *yaml.Node) bool {
	if n.Kind != yaml.SequenceNode || n.Style&yaml.FlowStyle != 0 || len(n.Content) == 0 || !w.force[n] && nodeCount(n) <= chunkNodes {
		return false
	}
	for _, item := range n.Content {
		if item.Kind == yaml.ScalarNode && item.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			return false
		}
	}
	return true
}

// nodeCount counts n and the nodes under it, stopping once past
// chunkNodes.
func nodeCount(n *yaml.Node) int {
	c := 1
	for _, k := range n.Content {
		if c > chunkNodes {
			break
		}
		c += nodeCount(k)
	}
	return c
}
