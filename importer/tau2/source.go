// Package tau2 imports tau2-bench's retail domain (Sierra, MIT) as legoenv
// atoms: one server atom with the 16 retail tools as Starlark effects, a
// frozen data atom from db.json, the policy as a rule atom the agent sees,
// and one frozen intent per task whose goal is that the final state equals
// the state the task's gold actions produce. Hash computes tau2's own
// database hash, so replays can be checked against tau2's gold states.
package tau2

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Source is tau2's retail domain as read from its files.
type Source struct {
	// Records holds products, users and orders in db.json's order, each a
	// record of the collection of that name.
	Records map[string][]map[string]any
	Tasks   []Task
	Policy  string
	Splits  map[string][]string // split name -> task ids
}

// Task is one tau2 task, the parts the importer reads.
type Task struct {
	ID           string       `json:"id"`
	UserScenario UserScenario `json:"user_scenario"`
	Criteria     Criteria     `json:"evaluation_criteria"`
}

// UserScenario is what tau2's simulated user is told.
type UserScenario struct {
	Persona      *string      `json:"persona"`
	Instructions Instructions `json:"instructions"`
}

// Instructions are the parts of a user scenario.
type Instructions struct {
	TaskInstructions string `json:"task_instructions"`
	Domain           string `json:"domain"`
	ReasonForCall    string `json:"reason_for_call"`
	KnownInfo        string `json:"known_info"`
	UnknownInfo      string `json:"unknown_info"`
}

// Criteria is a task's evaluation_criteria.
type Criteria struct {
	Actions         []Action `json:"actions"`
	CommunicateInfo []string `json:"communicate_info"`
	NLAssertions    []string `json:"nl_assertions"`
	RewardBasis     []string `json:"reward_basis"`
}

// Action is one gold action.
type Action struct {
	ActionID  string         `json:"action_id"`
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

// The collections of db.json, in the order the hash writes them.
var collections = []string{"orders", "products", "users"}

// keyFields names each collection's key field.
var keyFields = map[string]string{"orders": "order_id", "products": "product_id", "users": "user_id"}

// orderOptional are the Order fields db.json leaves out and tau2's model
// fills with null.
var orderOptional = []string{"cancel_reason", "exchange_items", "exchange_new_items", "exchange_payment_method_id",
	"exchange_price_difference", "return_items", "return_payment_method_id"}

// Load reads DIR/retail/{db.json,tasks.json,policy.md,split_tasks.json}
// (DIR may also be the retail folder itself).
func Load(dir string) (*Source, error) {
	if _, err := os.Stat(filepath.Join(dir, "retail", "db.json")); err == nil {
		dir = filepath.Join(dir, "retail")
	}
	read := func(name string) ([]byte, error) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("tau2 data: %w", err)
		}
		return b, nil
	}
	src := &Source{}
	b, err := read("db.json")
	if err != nil {
		return nil, err
	}
	if src.Records, err = decodeDB(b); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "db.json"), err)
	}
	if b, err = read("tasks.json"); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &src.Tasks); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "tasks.json"), err)
	}
	for i, t := range src.Tasks {
		if t.ID == "" {
			return nil, fmt.Errorf("%s: task [%d] has no id", filepath.Join(dir, "tasks.json"), i)
		}
	}
	if err := checkTaskIDs(src.Tasks); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "tasks.json"), err)
	}
	if b, err = read("policy.md"); err != nil {
		return nil, err
	}
	src.Policy = string(b)
	if b, err = read("split_tasks.json"); err == nil {
		if err := json.Unmarshal(b, &src.Splits); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "split_tasks.json"), err)
		}
	}
	return src, nil
}

// decodeDB reads db.json keeping each top-level map's insertion order
// (first-match scans and tau2's responses depend on it) and gives every
// order tau2's null optional fields.
func decodeDB(b []byte) (map[string][]map[string]any, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, err
	}
	out := map[string][]map[string]any{}
	for _, name := range collections {
		raw, ok := top[name]
		if !ok {
			return nil, fmt.Errorf("no %q map", name)
		}
		recs, err := orderedRecords(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		key := keyFields[name]
		for _, r := range recs {
			if _, ok := r.val[key].(string); !ok || r.val[key] != r.key {
				return nil, fmt.Errorf("%s[%q]: %s must equal the key", name, r.key, key)
			}
			if err := checkInvariants(name, r); err != nil {
				return nil, err
			}
			if name == "orders" {
				for _, f := range orderOptional {
					if _, ok := r.val[f]; !ok {
						r.val[f] = nil
					}
				}
			}
			out[name] = append(out[name], r.val)
		}
	}
	return out, nil
}

// checkInvariants checks what the tools' fast paths rely on: a variant is
// keyed by its own item id (get_item_details searches on that path) and an
// email is stored in lower case (find_user_id_by_email searches for it).
func checkInvariants(name string, r keyed) error {
	switch name {
	case "products":
		vs, _ := r.val["variants"].(map[string]any)
		for k, v := range vs {
			if m, _ := v.(map[string]any); m == nil || m["item_id"] != k {
				return fmt.Errorf("products[%q].variants[%q]: item_id must equal the key", r.key, k)
			}
		}
	case "users":
		if e, _ := r.val["email"].(string); e != strings.ToLower(e) {
			return fmt.Errorf("users[%q].email %q: must be in lower case", r.key, e)
		}
	}
	return nil
}

type keyed struct {
	key string
	val map[string]any
}

func orderedRecords(raw json.RawMessage) ([]keyed, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("must be an object of id -> record")
	}
	var out []keyed
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v map[string]any
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%q: %w", k, err)
		}
		out = append(out, keyed{k, v})
	}
	return out, nil
}
