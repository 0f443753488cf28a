package verdict

import (
	"encoding/json"
	"fmt"

	"github.com/legoenv/legoenv/assert"
)

// Action names the kind of change a Fix suggests. The verifier and the
// repairers share this vocabulary; each action has one payload type below.
type Action string

// Actions, one per Edit type.
const (
	ActionAddTool            Action = "add_tool"
	ActionAddField           Action = "add_field"
	ActionRenameField        Action = "rename_field"
	ActionAddRecord          Action = "add_record"
	ActionChangeRecord       Action = "change_record"
	ActionBindSlot           Action = "bind_slot"
	ActionRewriteAssertion   Action = "rewrite_assertion"
	ActionTightenAssertion   Action = "tighten_assertion"
	ActionAddAssertion       Action = "add_assertion"
	ActionRelaxRule          Action = "relax_rule"
	ActionFixEffect          Action = "fix_effect"
	ActionReplacePlan        Action = "replace_plan"
	ActionRewriteInstruction Action = "rewrite_instruction"
	ActionAddToToolset       Action = "add_to_toolset"
)

// Edit is the typed payload of a Fix: what to change, as fields a repairer
// reads with the compiler's help (the shape of go/analysis's TextEdit in a
// SuggestedFix). Each payload type names its action; in JSON the payload is
// the fix's "params" object.
type Edit interface {
	Action() Action
}

// newEdits maps each action to a fresh payload, for decoding stored fixes.
var newEdits = map[Action]func() Edit{
	ActionAddTool:            func() Edit { return &AddTool{} },
	ActionAddField:           func() Edit { return &AddField{} },
	ActionRenameField:        func() Edit { return &RenameField{} },
	ActionAddRecord:          func() Edit { return &AddRecord{} },
	ActionChangeRecord:       func() Edit { return &ChangeRecord{} },
	ActionBindSlot:           func() Edit { return &BindSlot{} },
	ActionRewriteAssertion:   func() Edit { return &RewriteAssertion{} },
	ActionTightenAssertion:   func() Edit { return &TightenAssertion{} },
	ActionAddAssertion:       func() Edit { return &AddAssertion{} },
	ActionRelaxRule:          func() Edit { return &RelaxRule{} },
	ActionFixEffect:          func() Edit { return &FixEffect{} },
	ActionReplacePlan:        func() Edit { return &ReplacePlan{} },
	ActionRewriteInstruction: func() Edit { return &RewriteInstruction{} },
	ActionAddToToolset:       func() Edit { return &AddToToolset{} },
}

// The payload types. Fields are declared in the alphabetical order of their
// JSON names, so that a payload encodes as the params map it replaced did.

// AddTool asks a server for a tool with an effect on a collection. Only App
// is set when the verifier knows the tool's name but not its effect.
type AddTool struct {
	App        string         `json:"app"`
	Collection string         `json:"collection,omitempty"`
	Effect     string         `json:"effect,omitempty"`
	Fields     []string       `json:"fields,omitempty"`    // the fields the tool's arguments set
	KeyField   string         `json:"key_field,omitempty"` // the record's key, for effects other than create
	Set        map[string]any `json:"set,omitempty"`       // constant fields the tool sets
}

// FieldMove makes a tool's argument From write the field To of a collection
// (From is empty when the collection lacks the field).
type FieldMove struct {
	App        string `json:"app"`
	Collection string `json:"collection"`
	From       string `json:"from"`
	To         string `json:"to"`
	Tool       string `json:"tool"`
}

// AddField declares the field a tool writes (or should write).
type AddField FieldMove

// RenameField makes a tool write its argument under the field the
// assertions read.
type RenameField FieldMove

// AddRecord adds a record to a data atom; Fields are the fields the intent
// reads (nil values for the generator to fill). Handle is the handle that
// names the record, when one does.
type AddRecord struct {
	App        string         `json:"app"`
	Collection string         `json:"collection"`
	Fields     map[string]any `json:"fields,omitzero"`
	Handle     string         `json:"handle,omitempty"`
	Key        string         `json:"key"`
}

// ChangeRecord changes a record so that goal assertion Assertion does not
// hold at the start: Field must not be Avoid.
type ChangeRecord struct {
	App        string `json:"app"`
	Assertion  int    `json:"assertion"`
	Avoid      any    `json:"avoid"`
	Collection string `json:"collection"`
	Field      string `json:"field"`
	Key        string `json:"key"`
}

// BindSlot binds an intent's slot to a handle of the data (Handle empty
// when the verifier only knows the candidates).
type BindSlot struct {
	Candidates []string `json:"candidates"`
	Handle     string   `json:"handle"`
	Slot       string   `json:"slot"`
}

// RewriteAssertion points assertion Index (reading Field of Collection) at
// Suggestion: a field when Field is set, else a collection.
type RewriteAssertion struct {
	Collection string `json:"collection"`
	Field      string `json:"field"`
	Index      int    `json:"index"`
	Suggestion string `json:"suggestion"`
}

// TightenAssertion makes goal assertion Index pin the record the task is
// about, or, when Field is set, require Field = Value.
type TightenAssertion struct {
	Field string `json:"field,omitempty"`
	Index int    `json:"index"`
	Value any    `json:"value,omitempty"`
}

// AddAssertion adds a (negative) assertion to the goal.
type AddAssertion struct {
	// Also are further assertions the same failure needs: an environment
	// where over-actions on several collections keep full reward needs
	// one unchanged assertion for each.
	Also      []assert.Assertion `json:"also,omitempty"`
	Assertion assert.Assertion   `json:"assertion"`
}

// RelaxRule relaxes check Check of a rule.
type RelaxRule struct {
	Check int `json:"check"`
}

// FixEffect asks for a tool that succeeds on valid arguments, or depends
// only on them, the state and the clock; Error is what went wrong.
type FixEffect struct {
	App   string `json:"app"`
	Error string `json:"error"`
	Tool  string `json:"tool"`
}

// ReplacePlan replaces an intent's reference plan.
type ReplacePlan struct {
	Plan []PlanStep `json:"plan"`
}

// PlanStep is one call of a suggested plan: an atom.PlanCall whose JSON
// keeps the key order fixes have always had (args before tool).
type PlanStep struct {
	Args map[string]any `json:"args"`
	Tool string         `json:"tool"`
}

// RewriteInstruction makes the instruction reveal something: a slot's
// field (Slot set), or the Value goal assertion Index checks on Field.
type RewriteInstruction struct {
	Field string `json:"field"`
	Index *int   `json:"index,omitempty"`
	Slot  string `json:"slot,omitempty"`
	Value any    `json:"value,omitempty"`
}

// AddToToolset adds tools to an intent's own tool list.
type AddToToolset struct {
	Tools []string `json:"tools"`
}

// Action implements Edit.
func (*AddTool) Action() Action { return ActionAddTool }

// Action implements Edit.
func (*AddField) Action() Action { return ActionAddField }

// Action implements Edit.
func (*RenameField) Action() Action { return ActionRenameField }

// Action implements Edit.
func (*AddRecord) Action() Action { return ActionAddRecord }

// Action implements Edit.
func (*ChangeRecord) Action() Action { return ActionChangeRecord }

// Action implements Edit.
func (*BindSlot) Action() Action { return ActionBindSlot }

// Action implements Edit.
func (*RewriteAssertion) Action() Action { return ActionRewriteAssertion }

// Action implements Edit.
func (*TightenAssertion) Action() Action { return ActionTightenAssertion }

// Action implements Edit.
func (*AddAssertion) Action() Action { return ActionAddAssertion }

// Action implements Edit.
func (*RelaxRule) Action() Action { return ActionRelaxRule }

// Action implements Edit.
func (*FixEffect) Action() Action { return ActionFixEffect }

// Action implements Edit.
func (*ReplacePlan) Action() Action { return ActionReplacePlan }

// Action implements Edit.
func (*RewriteInstruction) Action() Action { return ActionRewriteInstruction }

// Action implements Edit.
func (*AddToToolset) Action() Action { return ActionAddToToolset }

// Fix is a suggested change to an atom, as data a repairer can apply.
// In JSON it reads {"action", "atom", "description", "params"}, params
// being the Edit.
type Fix struct {
	Atom        AtomRef
	Description string
	Edit        Edit
}

// Action returns the action of the fix's payload ("" when it has none).
func (f *Fix) Action() Action {
	if f == nil || f.Edit == nil {
		return ""
	}
	return f.Edit.Action()
}

// fixJSON is the wire form of a Fix.
type fixJSON struct {
	Action      Action          `json:"action"`
	Atom        AtomRef         `json:"atom"`
	Description string          `json:"description"`
	Params      json.RawMessage `json:"params,omitempty"`
}

// MarshalJSON writes the fix with its payload as "params".
func (f Fix) MarshalJSON() ([]byte, error) {
	w := fixJSON{Action: f.Action(), Atom: f.Atom, Description: f.Description}
	if f.Edit != nil {
		b, err := json.Marshal(f.Edit)
		if err != nil {
			return nil, fmt.Errorf("fix %s: %w", w.Action, err)
		}
		w.Params = b
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a fix, decoding "params" into the payload type of its
// action.
func (f *Fix) UnmarshalJSON(b []byte) error {
	var w fixJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*f = Fix{Atom: w.Atom, Description: w.Description}
	if w.Action == "" {
		return nil
	}
	mk, ok := newEdits[w.Action]
	if !ok {
		return fmt.Errorf("fix: unknown action %q", w.Action)
	}
	e := mk()
	if len(w.Params) > 0 && string(w.Params) != "null" {
		if err := json.Unmarshal(w.Params, e); err != nil {
			return fmt.Errorf("fix %s params: %w", w.Action, err)
		}
	}
	f.Edit = e
	return nil
}

// Blame starts a root cause: code, the atom at fault and the evidence.
func Blame(code Code, at AtomRef, ev Evidence) RootCause {
	return RootCause{Code: code, Atom: at, Evidence: ev}
}

// Suggest returns c with a suggested fix to the blamed atom, described by
// fmt.Sprintf(format, args...).
func (c RootCause) Suggest(e Edit, format string, args ...any) RootCause {
	c.SuggestedFix = &Fix{Atom: c.Atom, Description: fmt.Sprintf(format, args...), Edit: e}
	return c
}
