package tau2

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/legoenv/legoenv/atom"
)

// Write writes the library into dir: servers/tau2-retail.yaml,
// data/tau2-retail-db.yaml, rules/tau2-retail-policy.yaml,
// intents/tau2-retail-<task>.yaml and environments.yaml. Files of the same
// names are replaced; nothing else in dir is touched.
func (r *Result) Write(dir string) error {
	put := func(sub, name string, b []byte, err error) error {
		if err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return fmt.Errorf("write library: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dir, sub, name), b, 0o644); err != nil {
			return fmt.Errorf("write library: %w", err)
		}
		return nil
	}
	b, err := atom.Marshal(r.Server)
	if err := put("servers", r.Server.ID+".yaml", b, err); err != nil {
		return err
	}
	b, err = atom.Marshal(r.Data)
	if err := put("data", r.Data.ID+".yaml", b, err); err != nil {
		return err
	}
	b, err = atom.Marshal(r.Policy)
	if err := put("rules", r.Policy.ID+".yaml", b, err); err != nil {
		return err
	}
	for _, in := range r.Intents {
		b, err = atom.Marshal(in)
		if err := put("intents", in.ID+".yaml", b, err); err != nil {
			return err
		}
	}
	b, err = atom.MarshalRecipes(r.Recipes)
	return put(".", "environments.yaml", b, err)
}
