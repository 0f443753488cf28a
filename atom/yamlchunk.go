package atom

import (
	"bytes"
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

// encodeYAML writes n as yaml.v3 would with an indent of 2.
func encodeYAML(n *yaml.Node) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeChunked(&buf, n, 0); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeChunked writes n at the given indent: in pieces when it is a large
// block collection that can be split, whole otherwise.
func writeChunked(buf *bytes.Buffer, n *yaml.Node, indent int) error {
	switch {
	case splitMapping(n):
		return writeMappingPieces(buf, n, indent)
	case splitSequence(n):
		return writeSequencePieces(buf, n, indent)
	}
	return encodeIndented(buf, n, indent, "", "")
}

// writeMappingPieces writes a block mapping a key at a time: a large value
// under its own "key:" line, the rest as one-pair mappings.
func writeMappingPieces(buf *bytes.Buffer, n *yaml.Node, indent int) error {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !splitMapping(v) && !splitSequence(v) {
			pair := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{k, v}}
			if err := encodeIndented(buf, pair, indent, "", ""); err != nil {
				return err
			}
			continue
		}
		if err := encodeIndented(buf, k, indent, "", ""); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1)
		buf.WriteString(":\n")
		if err := writeChunked(buf, v, indent+2); err != nil {
			return err
		}
	}
	return nil
}

// writeSequencePieces writes a block sequence an item at a time, each as
// "- " and its first line, the rest two spaces in.
func writeSequencePieces(buf *bytes.Buffer, n *yaml.Node, indent int) error {
	for _, item := range n.Content {
		if err := encodeIndented(buf, item, indent, "- ", "  "); err != nil {
			return err
		}
	}
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
func splitMapping(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode || n.Style&yaml.FlowStyle != 0 || len(n.Content) == 0 || nodeCount(n) <= chunkNodes {
		return false
	}
	for i := 0; i < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || k.Style != 0 || len(k.Value) > 64 || strings.ContainsAny(k.Value, "\n\r") {
			return false
		}
	}
	return true
}

// splitSequence reports whether n is a large block sequence with no
// literal block among its items (one encoded alone is indented from its
// own column, not from the dash's).
func splitSequence(n *yaml.Node) bool {
	if n.Kind != yaml.SequenceNode || n.Style&yaml.FlowStyle != 0 || len(n.Content) == 0 || nodeCount(n) <= chunkNodes {
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
