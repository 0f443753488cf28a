package tau2

import (
	"fmt"
	"path/filepath"

	"github.com/legoenv/legoenv/atom"
)

// Write writes the library into dir: servers/tau2-retail.yaml,
// data/tau2-retail-db.yaml, rules/tau2-retail-policy.yaml,
// intents/tau2-retail-<task>.yaml and environments.yaml. Files of the same
// names are replaced; nothing else in dir is touched, and nothing outside
// it: every file is named by a checked atom id and written through an
// os.Root.
func (r *Result) Write(dir string) error {
	put := func(sub, id string, b []byte, err error) error {
		if err != nil {
			return fmt.Errorf("write %s: %w", id, err)
		}
		if sub != "." {
			if err := atom.CheckID(id); err != nil {
				return fmt.Errorf("write %s: %w", sub, err)
			}
		}
		return atom.WriteFileIn(dir, filepath.Join(sub, id+".yaml"), b)
	}
	b, err := atom.Marshal(r.Server)
	if err := put("servers", r.Server.ID, b, err); err != nil {
		return err
	}
	b, err = atom.Marshal(r.Data)
	if err := put("data", r.Data.ID, b, err); err != nil {
		return err
	}
	b, err = atom.Marshal(r.Policy)
	if err := put("rules", r.Policy.ID, b, err); err != nil {
		return err
	}
	for _, in := range r.Intents {
		b, err = atom.Marshal(in)
		if err := put("intents", in.ID, b, err); err != nil {
			return err
		}
	}
	b, err = atom.MarshalRecipes(r.Recipes)
	return put(".", "environments", b, err)
}
