package automationbench

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// Task is one AutomationBench task as read from its JSON file.
type Task struct {
	File      string
	ExampleID string
	Name      string // "<domain>.<name>"
	System    string
	User      string
	Tools     []string                  // info.zapier_tools
	State     map[string]map[string]any // info.initial_state: app -> that app's state
	StateApps []string                  // apps of the initial state, in file order
	Checks    []map[string]any          // info.assertions, each with its "type"
	CheckAt   []string                  // the JSON path of each check
}

// Error is a problem with the input: the file, the JSON path in it and what
// is wrong.
type Error struct {
	File    string `json:"file"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error renders "file: path: message".
func (e *Error) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%s: %s", e.File, e.Message)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Path, e.Message)
}

// MaxTaskBytes bounds one task file.
const MaxTaskBytes = 32 << 20

// ParseTask reads one task file. A task that cannot be used at all returns
// nil and the errors; a usable task can still come with errors (an
// assertion that is not an object), each naming its JSON path.
func ParseTask(file string, data []byte) (*Task, []*Error) {
	p := &taskParser{t: &Task{File: file}}
	fail := func(path, format string, args ...any) (*Task, []*Error) {
		return nil, append(p.errs, &Error{File: file, Path: path, Message: fmt.Sprintf(format, args...)})
	}
	if len(data) > MaxTaskBytes {
		return fail("", "file larger than %d bytes", MaxTaskBytes)
	}
	v, err := decodeOrdered(data)
	if err != nil {
		return fail("", "not JSON: %v", err)
	}
	root, ok := v.(*object)
	if !ok {
		return fail("", "a task must be a JSON object")
	}
	p.header(root)
	p.prompt(root)
	if p.t.User == "" {
		return fail("prompt", "no user message: the task has no instruction")
	}
	info := root.obj("info")
	if info == nil {
		p.errs = nil // the task is unusable: say why alone
		if root.get("info") == nil {
			return fail("info", "missing: a task needs info {zapier_tools, initial_state, assertions}")
		}
		return fail("info", "want an object {zapier_tools, initial_state, assertions}")
	}
	if !p.tools(info) {
		return fail("info.zapier_tools", "missing or not a list of tool names")
	}
	p.state(info)
	if !p.checks(info) {
		return fail("info.assertions", "missing or not a list of assertions")
	}
	return p.t, p.errs
}

// taskParser reads the parts of one task, collecting the errors of those
// that can be skipped.
type taskParser struct {
	t    *Task
	errs []*Error
}

func (p *taskParser) add(path, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.t.File, Path: path, Message: fmt.Sprintf(format, args...)})
}

// header reads the example id and the task's name (the file's when none).
func (p *taskParser) header(root *object) {
	t := p.t
	switch x := root.get("example_id").(type) {
	case string:
		t.ExampleID = x
	case float64:
		t.ExampleID = fmt.Sprint(int64(x))
	}
	t.Name, _ = root.get("task").(string)
	if t.Name == "" {
		t.Name = strings.TrimSuffix(filepath.Base(t.File), filepath.Ext(t.File))
	}
}

// prompt reads the system and user messages.
func (p *taskParser) prompt(root *object) {
	prompt, ok := root.get("prompt").([]any)
	if !ok {
		if root.get("prompt") != nil {
			p.add("prompt", "want a list of messages")
		}
		return
	}
	for i, m := range prompt {
		mo, ok := m.(*object)
		if !ok {
			p.add(fmt.Sprintf("prompt[%d]", i), "a message must be an object {role, content}")
			continue
		}
		content, ok := mo.get("content").(string)
		if !ok {
			p.add(fmt.Sprintf("prompt[%d].content", i), "want a string")
			continue
		}
		switch mo.str("role") {
		case "system":
			p.t.System = joinText(p.t.System, content)
		case "user":
			p.t.User = joinText(p.t.User, content)
		default:
			p.add(fmt.Sprintf("prompt[%d].role", i), "want system or user, not %q", mo.str("role"))
		}
	}
}

// tools reads info.zapier_tools, once each; false when it is no list.
func (p *taskParser) tools(info *object) bool {
	tools, ok := info.get("zapier_tools").([]any)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for i, x := range tools {
		s, ok := x.(string)
		if !ok || s == "" {
			p.add(fmt.Sprintf("info.zapier_tools[%d]", i), "want a tool name")
			continue
		}
		if !seen[s] {
			seen[s] = true
			p.t.Tools = append(p.t.Tools, s)
		}
	}
	return true
}

// state reads info.initial_state, app by app in file order.
func (p *taskParser) state(info *object) {
	t := p.t
	t.State = map[string]map[string]any{}
	switch st := info.get("initial_state").(type) {
	case *object:
		for _, app := range st.keys {
			ao, ok := st.vals[app].(*object)
			if !ok {
				p.add("info.initial_state."+app, "an app's state must be an object")
				continue
			}
			t.StateApps = append(t.StateApps, app)
			t.State[app] = plain(ao).(map[string]any)
		}
	case nil:
		if _, present := info.vals["initial_state"]; present {
			p.add("info.initial_state", "null; want an object of app -> state")
		}
	default:
		p.add("info.initial_state", "want an object of app -> state")
	}
}

// checks reads info.assertions, each with its JSON path; false when it is
// no list.
func (p *taskParser) checks(info *object) bool {
	checks, ok := info.get("assertions").([]any)
	if !ok {
		return false
	}
	for i, c := range checks {
		at := fmt.Sprintf("info.assertions[%d]", i)
		co, ok := c.(*object)
		if !ok {
			p.add(at, "an assertion must be an object {type, ...parameters}")
			continue
		}
		typ, ok := co.get("type").(string)
		if !ok || typ == "" {
			p.add(at+".type", "missing: an assertion needs a type <app>_<entity>_<predicate>")
			continue
		}
		p.t.Checks = append(p.t.Checks, plain(co).(map[string]any))
		p.t.CheckAt = append(p.t.CheckAt, at)
	}
	return true
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n\n" + b
}

// plain converts ordered objects to maps.
func plain(v any) any {
	switch x := v.(type) {
	case *object:
		m := make(map[string]any, len(x.keys))
		for _, k := range x.keys {
			m[k] = plain(x.vals[k])
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	}
	return v
}

// Apps lists every app the task touches: its tools, its state and its
// assertions (meta excluded), sorted.
func (t *Task) Apps(s *Schemas) []string {
	set := map[string]bool{}
	for _, n := range t.Tools {
		if a, _, ok := s.AppOf(n); ok {
			set[a] = true
		}
	}
	for _, a := range t.StateApps {
		set[a] = true
	}
	for _, c := range t.Checks {
		if a, _, ok := s.AppOf(c["type"].(string)); ok {
			set[a] = true
		}
	}
	delete(set, metaApp)
	out := slices.Sorted(maps.Keys(set))
	return out
}

const metaApp = "meta"
