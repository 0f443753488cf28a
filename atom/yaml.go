package atom

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// pos is a line and column in a file.
type pos struct{ Line, Col int }

// positions maps JSON paths ("tools[2].effect") to where they are written.
type positions map[string]pos

// lookup finds the position of path or of its nearest written ancestor.
func (p positions) lookup(path string) pos {
	for {
		if q, ok := p[path]; ok {
			return q
		}
		if path == "" {
			return pos{}
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			path = ""
		} else {
			path = path[:i]
		}
	}
}

func joinKey(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

const maxYAMLDepth = 64

// MinYAMLNodes is the node budget of a library file whatever its size; a
// larger file gets one more node per byte. A file without aliases never
// comes near it (every node takes at least two bytes), so the budget only
// stops aliases that expand to far more than the file holds ("billion
// laughs": nine levels of nine aliases are 387 million nodes).
const MinYAMLNodes = 100_000

// nodeBudget counts the nodes of one file after alias expansion.
type nodeBudget struct{ left, max int }

// newNodeBudget gives a file of size bytes its node budget.
func newNodeBudget(size int) *nodeBudget {
	n := min(MinYAMLNodes+size, MaxFileNodes)
	return &nodeBudget{left: n, max: n}
}

// nodeValue converts a YAML node to JSON-like Go values (map[string]any,
// []any, string, float64, bool, nil), recording each path's position.
// Every node, including each expansion of an alias, is charged to budget.
func nodeValue(n *yaml.Node, path string, ps positions, depth int, budget *nodeBudget) (any, error) {
	if depth > maxYAMLDepth {
		return nil, fmt.Errorf("line %d: nesting deeper than %d", n.Line, maxYAMLDepth)
	}
	if budget.left--; budget.left < 0 {
		return nil, fmt.Errorf("line %d: more than %d YAML nodes once aliases are expanded (the limit for a file of this size)", n.Line, budget.max)
	}
	ps[path] = pos{n.Line, n.Column}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return nodeValue(n.Content[0], path, ps, depth+1, budget)
	case yaml.AliasNode:
		return nodeValue(n.Alias, path, ps, depth+1, budget)
	case yaml.MappingNode:
		return mappingValue(n, path, ps, depth, budget)
	case yaml.SequenceNode:
		list := make([]any, len(n.Content))
		for i, c := range n.Content {
			val, err := nodeValue(c, fmt.Sprintf("%s[%d]", path, i), ps, depth+1, budget)
			if err != nil {
				return nil, err
			}
			list[i] = val
		}
		return list, nil
	case yaml.ScalarNode:
		return scalarValue(n)
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

// mappingValue is nodeValue of a mapping: keys plain scalars, each once.
func mappingValue(n *yaml.Node, path string, ps positions, depth int, budget *nodeBudget) (any, error) {
	m := make(map[string]any, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			return nil, fmt.Errorf("line %d: merge keys (<<) are not supported", k.Line)
		}
		if k.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("line %d: mapping keys must be scalars", k.Line)
		}
		if _, dup := m[k.Value]; dup {
			return nil, fmt.Errorf("line %d: duplicate key %q", k.Line, k.Value)
		}
		val, err := nodeValue(v, joinKey(path, k.Value), ps, depth+1, budget)
		if err != nil {
			return nil, err
		}
		m[k.Value] = val
	}
	return m, nil
}

// scalarValue is nodeValue of a scalar: null, a bool, a JSON number
// (float64) or a string.
func scalarValue(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		b, err := strconv.ParseBool(strings.ToLower(n.Value))
		if err != nil {
			return nil, fmt.Errorf("line %d: bad boolean %q", n.Line, n.Value)
		}
		return b, nil
	case "!!int":
		i, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: bad integer %q", n.Line, n.Value)
		}
		return float64(i), nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return nil, fmt.Errorf("line %d: bad number %q", n.Line, n.Value)
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("line %d: %q is not a JSON number", n.Line, n.Value)
		}
		return f, nil
	}
	return n.Value, nil // !!str, !!timestamp, !!binary and any other tag
}
