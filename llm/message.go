package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Roles of chat messages.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// Message is one chat message in the OpenAI chat format. Tool-call arguments
// are always a string: the JSON text the model produced.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

// MarshalJSON writes an assistant message that only calls tools with
// "content": null, as the OpenAI API returns it; every other message keeps its
// string content.
func (m Message) MarshalJSON() ([]byte, error) {
	type plain Message
	if m.Role == RoleAssistant && m.Content == "" && len(m.ToolCalls) > 0 {
		return json.Marshal(struct {
			Role      string     `json:"role"`
			Content   *string    `json:"content"`
			ToolCalls []ToolCall `json:"tool_calls"`
		}{m.Role, nil, m.ToolCalls})
	}
	return json.Marshal(plain(m))
}

// UnmarshalJSON reads a message whose content is a string, null, or a list of
// text parts (the form some servers and trainers use).
func (m *Message) UnmarshalJSON(data []byte) error {
	var w struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCalls  []ToolCall      `json:"tool_calls"`
		ToolCallID string          `json:"tool_call_id"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	text, err := contentText(w.Content)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	*m = Message{Role: w.Role, Content: text, ToolCalls: w.ToolCalls, ToolCallID: w.ToolCallID}
	return nil
}

// contentText reads message content: a string, null, or [{type, text}, ...].
func contentText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case '[':
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", err
		}
		var b bytes.Buffer
		for _, p := range parts {
			if p.Type == "" || p.Type == "text" || p.Type == "output_text" {
				b.WriteString(p.Text)
			}
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("must be a string, null or a list of text parts")
}

// ToolCall is a function call an assistant message makes.
type ToolCall struct {
	ID       string   `json:"id"`
	Type     string   `json:"type"`
	Function Function `json:"function"`
}

// Function names the tool and carries its arguments as JSON text.
type Function struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// Args returns the arguments as a JSON object, or an error an agent can act
// on when the model's text is not one.
func (f Function) Args() (json.RawMessage, error) {
	raw := bytes.TrimSpace([]byte(f.Arguments))
	if len(raw) == 0 {
		return json.RawMessage("{}"), nil
	}
	if !json.Valid(raw) {
		var v any
		err := json.Unmarshal(raw, &v)
		return nil, fmt.Errorf("arguments for %s are not valid JSON (%v); send one JSON object", f.Name, err)
	}
	if raw[0] != '{' {
		return nil, fmt.Errorf("arguments for %s must be a JSON object, not %s", f.Name, jsonKind(raw[0]))
	}
	return json.RawMessage(raw), nil
}

func jsonKind(c byte) string {
	switch c {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// normalizeArguments turns what a server sent as "arguments" into JSON text:
// a string holding JSON is compacted (a string holding a JSON string is
// unwrapped, as some servers encode twice), an object is written as text,
// and anything that is not JSON is kept as sent so the agent can be told.
func normalizeArguments(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "{}"
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return string(raw)
		}
		return normalizeText(s, 0)
	}
	return compact(raw)
}

func normalizeText(s string, depth int) string {
	t := bytes.TrimSpace([]byte(s))
	if len(t) == 0 {
		return "{}"
	}
	if !json.Valid(t) {
		return s
	}
	if t[0] == '"' && depth < 2 {
		var inner string
		if err := json.Unmarshal(t, &inner); err == nil {
			return normalizeText(inner, depth+1)
		}
	}
	return compact(t)
}

func compact(raw []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}
