package automationbench

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/legoenv/legoenv/atom"
)

// Write writes the library into dir: servers/<app>.yaml, data/<task>.yaml,
// intents/<task>.yaml and environments.yaml. Files of the same names are
// replaced; nothing else in dir is touched, and nothing outside it: every
// file is named by an atom id, checked, given once, and written through an
// os.Root.
func (r *Result) Write(dir string) error {
	for _, sub := range []string{"servers", "data", "intents"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return fmt.Errorf("write library: %w", err)
		}
	}
	seen := map[string]bool{}
	put := func(sub, id string, v any) error {
		path := filepath.Join(sub, id+".yaml")
		if sub != "." {
			if err := atom.CheckID(id); err != nil {
				return fmt.Errorf("write %s: %w", sub, err)
			}
		}
		if seen[path] {
			return fmt.Errorf("write %s: two atoms have the id %q", path, id)
		}
		seen[path] = true
		b, err := MarshalYAML(v)
		if err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return atom.WriteFileIn(dir, path, b)
	}
	for _, s := range r.Servers {
		if err := put("servers", s.ID, s); err != nil {
			return err
		}
	}
	for _, d := range r.Data {
		if err := put("data", d.ID, d); err != nil {
			return err
		}
	}
	for _, in := range r.Intents {
		if err := put("intents", in.ID, in); err != nil {
			return err
		}
	}
	envs := struct {
		Kind    string        `json:"kind"`
		Recipes []atom.Recipe `json:"recipes"`
	}{Kind: "environments", Recipes: r.Recipes}
	if envs.Recipes == nil {
		envs.Recipes = []atom.Recipe{}
	}
	return put(".", "environments", envs)
}

// MarshalYAML writes a value as YAML in the order its JSON form has
// (struct fields in declaration order, map keys sorted), with multi-line
// text as literal blocks.
func MarshalYAML(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	ov, err := decodeOrdered(b)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	enc := yaml.NewEncoder(&sb)
	enc.SetIndent(2)
	if err := enc.Encode(yamlNode(ov)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return []byte(sb.String()), nil
}

func yamlNode(v any) *yaml.Node {
	switch x := v.(type) {
	case *object:
		n := &yaml.Node{Kind: yaml.MappingNode}
		for _, k := range x.keys {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, yamlNode(x.vals[k]))
		}
		return n
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode}
		for _, e := range x {
			n.Content = append(n.Content, yamlNode(e))
		}
		if len(x) == 0 {
			n.Style = yaml.FlowStyle
		}
		return n
	case string:
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: x}
		if strings.Contains(x, "\n") && !strings.ContainsAny(x, "\t\r") && printable(x) {
			n.Style = yaml.LiteralStyle
		}
		return n
	case float64:
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if math.Abs(x) >= 1e21 || (x != 0 && math.Abs(x) < 1e-6) {
			s = strconv.FormatFloat(x, 'g', -1, 64)
		}
		tag := "!!float"
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			tag = "!!int"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(x)}
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: fmt.Sprint(v)}
}

// printable: literal blocks cannot hold trailing spaces on a line or
// control characters faithfully.
func printable(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if strings.HasSuffix(line, " ") {
			return false
		}
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f || r == 0xfeff {
			return false
		}
	}
	return true
}
