package tau2

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// Atom ids of the shared atoms.
const (
	DataID   = "tau2-retail-db"
	PolicyID = "tau2-retail-policy"
)

// IntentID is the id of task id's intent.
func IntentID(task string) string { return "tau2-retail-" + task }

// checkTaskIDs refuses task ids that do not make atom ids (an intent's id
// names its file, so "/../../x" would be written outside the library) and
// ids given twice (the second task would replace the first).
func checkTaskIDs(tasks []Task) error {
	seen := map[string]int{}
	for i, t := range tasks {
		if err := atom.CheckID(IntentID(t.ID)); err != nil {
			return fmt.Errorf("task %d: id %q: %w", i, t.ID, err)
		}
		if j, ok := seen[t.ID]; ok {
			return fmt.Errorf("task %d: id %q is also task %d's", i, t.ID, j)
		}
		seen[t.ID] = i
	}
	return nil
}

// Result is an imported library with the gold replay of every task.
type Result struct {
	Server  *atom.Server
	Data    *atom.Data
	Policy  *atom.Rule
	Intents []*atom.Intent
	Recipes []atom.Recipe
	Gold    []Gold // one per task, in tasks.json order
	Report  Report
}

// Gold is a task's gold actions replayed in legoenv.
type Gold struct {
	Task   string
	Steps  []episode.Step
	Hash   string // tau2's hash of the final database
	Errors int    // gold calls that fail (in tau2 too: a wrong email, a refused exchange)
	// Unseen lists the values of the reference plan that neither the
	// instruction nor an earlier observation shows ("tool arg=value").
	Unseen []string
	Reads  int // reads added to the reference plan to show those values
}

// Report is what `legoenv import tau2 --json` prints.
type Report struct {
	Tasks        int               `json:"tasks"`
	Imported     int               `json:"imported"`
	GoldDBSHA256 map[string]string `json:"gold_db_sha256"`
}

// Import builds the atoms and replays every task's gold actions on them.
// progress, when not nil, is told after each task how many are done.
func Import(src *Source, progress func(done, total int)) (*Result, error) {
	srv, err := Server()
	if err != nil {
		return nil, err
	}
	res := &Result{Server: srv, Data: dataAtom(src), Policy: policyAtom(src)}
	lib := atom.NewLibrary()
	for _, a := range []any{res.Server, res.Data, res.Policy} {
		if _, err := lib.Put(a, "", true); err != nil {
			return nil, err
		}
	}
	if err := checkTaskIDs(src.Tasks); err != nil {
		return nil, err
	}
	hasher := NewHasher(src.Records)
	res.Report = Report{Tasks: len(src.Tasks), GoldDBSHA256: map[string]string{}}
	for _, t := range src.Tasks {
		in := intentAtom(t)
		if _, err := lib.Put(in, "", true); err != nil {
			return nil, fmt.Errorf("task %s: %w", t.ID, err)
		}
		r := recipe(in.ID)
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			return nil, fmt.Errorf("task %s: %w", t.ID, err)
		}
		g, err := replayGold(env, t, hasher)
		if err != nil {
			return nil, fmt.Errorf("task %s: %w", t.ID, err)
		}
		// The reference plan leaves out the gold calls that fail: they
		// change nothing (every check comes before the first write) and an
		// agent is not asked to repeat the user's mistakes. It gains the
		// reads that show the values the gold actions use (ground.go).
		var plan []atom.PlanCall
		for i, st := range g.Steps {
			if !st.Observation.IsError {
				plan = append(plan, atom.PlanCall{Tool: t.Criteria.Actions[i].Name, Args: t.Criteria.Actions[i].Arguments})
			}
		}
		if in.Plan, g.Unseen, err = groundPlan(env, res.Policy.Text, plan); err != nil {
			return nil, fmt.Errorf("task %s: %w", t.ID, err)
		}
		g.Reads = len(in.Plan) - len(plan)
		res.Intents = append(res.Intents, in)
		res.Recipes = append(res.Recipes, r)
		res.Gold = append(res.Gold, g)
		res.Report.GoldDBSHA256[t.ID] = g.Hash
		res.Report.Imported++
		if progress != nil {
			progress(res.Report.Imported, len(src.Tasks))
		}
	}
	return res, nil
}

// ReplayGold runs task t's gold actions in a fresh session of env, as tau2
// does: every call in order, failures included, and hashes the result.
func replayGold(env *episode.Env, t Task, h *Hasher) (Gold, error) {
	calls := make([]episode.ToolCall, len(t.Criteria.Actions))
	for i, a := range t.Criteria.Actions {
		args := a.Arguments
		if args == nil {
			args = map[string]any{}
		}
		b, err := json.Marshal(args)
		if err != nil {
			return Gold{}, fmt.Errorf("action %s: %w", a.ActionID, err)
		}
		calls[i] = episode.ToolCall{ID: a.ActionID, Name: a.Name, Args: b}
	}
	s, err := episode.Replay(env, episode.SessionOptions{}, calls)
	if err != nil {
		return Gold{}, err
	}
	g := Gold{Task: t.ID, Steps: s.Trajectory(), Hash: h.Sum(s.State())}
	for _, st := range g.Steps {
		if st.Observation.IsError {
			g.Errors++
		}
	}
	return g, nil
}

func recipe(intent string) atom.Recipe {
	return atom.Recipe{
		Intent:  atom.Pin{ID: intent},
		Data:    atom.Pin{ID: DataID},
		Servers: []atom.Pin{{ID: ServerID}},
		Rules:   []atom.Pin{{ID: PolicyID}},
	}
}

func dataAtom(src *Source) *atom.Data {
	recs := map[string][]map[string]any{}
	for _, name := range collections {
		recs[name] = src.Records[name]
	}
	return &atom.Data{
		Kind:        atom.KindData,
		ID:          DataID,
		Description: fmt.Sprintf("tau2-bench retail db.json: %d products, %d users, %d orders", len(recs["products"]), len(recs["users"]), len(recs["orders"])),
		Records:     map[string]map[string][]map[string]any{App: recs},
		Frozen:      true,
	}
}

func policyAtom(src *Source) *atom.Rule {
	return &atom.Rule{
		Kind:        atom.KindRule,
		ID:          PolicyID,
		Description: "tau2-bench retail agent policy (the agent's system prompt there)",
		Text:        strings.TrimSpace(src.Policy),
		Placement:   "prompt",
		Apps:        []string{App},
		// One rule of the policy a program can check: a pending order's
		// items are modified at most once. The tool enforces it too (the
		// status it leaves refuses a second call), so the check never
		// changes a reward tau2 would give; it guards later versions of
		// the server, and it reads only the calls, so it costs little.
		Checks: []assert.Assertion{{
			Type:     assert.CEL,
			Expr:     `cel.bind(ids, calls.filter(c, !c.error && c.name == "modify_pending_order_items").map(c, c.arguments.order_id), ids.all(x, ids.filter(y, y == x).size() == 1))`,
			Negative: true,
			Label:    "a pending order's items are modified at most once",
		}},
	}
}

// intentAtom turns a task into an intent; the plan is filled in by Import.
func intentAtom(t Task) *atom.Intent {
	return &atom.Intent{
		Kind:        atom.KindIntent,
		ID:          IntentID(t.ID),
		Description: fmt.Sprintf("tau2-bench retail task %s", t.ID),
		Family:      "customer_service",
		Apps:        []string{App},
		Instruction: Instruction(t.UserScenario),
		Goal: []assert.Assertion{{
			Type:   assert.MatchesPlan,
			Target: App,
			Label:  "the final database equals the one the gold actions produce",
		}},
		Frozen: true,
	}
}

// Instruction renders a user scenario as the customer's request. tau2's
// user simulator is told the scenario in the second person; here the agent
// reads it as what the customer says about themselves.
func Instruction(us UserScenario) string {
	in := us.Instructions
	var parts []string
	add := func(label, text string) {
		if text = strings.TrimSpace(text); text != "" {
			parts = append(parts, label+" "+text)
		}
	}
	if us.Persona != nil {
		add("Customer persona:", *us.Persona)
	}
	add("Why the customer writes:", in.ReasonForCall)
	add("What the customer knows:", in.KnownInfo)
	add("What the customer does not know:", in.UnknownInfo)
	add("How the customer behaves:", in.TaskInstructions)
	return "A customer contacts the store. In the customer's own words (\"you\" is the customer):\n\n" + strings.Join(parts, "\n\n")
}

// Library returns the imported atoms and recipes as an in-memory library.
func (r *Result) Library() (*atom.Library, error) {
	lib := atom.NewLibrary()
	atoms := []any{r.Server, r.Data, r.Policy}
	for _, in := range r.Intents {
		atoms = append(atoms, in)
	}
	for _, a := range atoms {
		if _, err := lib.Put(a, "", true); err != nil {
			return nil, err
		}
	}
	lib.SetRecipes(r.Recipes)
	return lib, nil
}
