package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Usage counts tokens as the server reports them.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// Add sums two usages.
func (u Usage) Add(o Usage) Usage {
	return Usage{u.PromptTokens + o.PromptTokens, u.CompletionTokens + o.CompletionTokens, u.TotalTokens + o.TotalTokens}
}

// Completion is the first choice of a chat completion, normalised.
type Completion struct {
	Message      Message // role assistant; tool calls with ids and JSON-text arguments
	FinishReason string
	Usage        Usage
}

// wire types: every field that servers are known to vary is read raw.
type wireCompletion struct {
	Choices []struct {
		Message      *wireMessage `json:"message"`
		Delta        *wireMessage `json:"delta"` // a few servers answer non-streaming requests in delta form
		FinishReason *string      `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	} `json:"usage"`
	Error json.RawMessage `json:"error"`
}

type wireMessage struct {
	Role         string          `json:"role"`
	Content      json.RawMessage `json:"content"`
	ToolCalls    []wireToolCall  `json:"tool_calls"`
	FunctionCall *wireFunction   `json:"function_call"` // the legacy single-call form
}

type wireToolCall struct {
	ID       string        `json:"id"`
	Type     string        `json:"type"`
	Name     string        `json:"name"`      // some servers put the name beside "function"
	Args     *wireArgs     `json:"arguments"` // ... and the arguments too
	Function *wireFunction `json:"function"`
}

type wireFunction struct {
	Name string    `json:"name"`
	Args *wireArgs `json:"arguments"`
}

// wireArgs keeps the arguments' JSON as sent: a string or an object.
type wireArgs struct{ raw json.RawMessage }

func (a *wireArgs) UnmarshalJSON(b []byte) error {
	a.raw = append(json.RawMessage(nil), b...)
	return nil
}

// ParseCompletion reads a chat completion response body. It accepts the
// variations OpenAI-compatible servers produce: content as a string, null or
// parts; arguments as a JSON string, a doubly encoded string or an object;
// the legacy function_call; tool calls written into the content as
// <tool_call>{...}</tool_call> blocks by servers without a tool parser; and
// missing ids (idPrefix + index is used; ids are made unique). It never
// fails on malformed arguments: they are kept as text for the agent to be
// told (see Function.Args).
func ParseCompletion(body []byte, idPrefix string) (*Completion, error) {
	var w wireCompletion
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("response is not a chat completion: %v (body starts %q)", err, head(body, 120))
	}
	if len(bytes.TrimSpace(w.Error)) > 0 && !bytes.Equal(bytes.TrimSpace(w.Error), []byte("null")) {
		return nil, fmt.Errorf("server returned an error: %s", errorText(w.Error))
	}
	if len(w.Choices) == 0 {
		return nil, fmt.Errorf("response has no choices (body starts %q)", head(body, 120))
	}
	ch := w.Choices[0]
	wm := ch.Message
	if wm == nil {
		wm = ch.Delta
	}
	if wm == nil {
		return nil, fmt.Errorf("choices[0] has no message")
	}
	text, err := contentText(wm.Content)
	if err != nil {
		return nil, fmt.Errorf("choices[0].message.content: %w", err)
	}
	c := &Completion{Message: Message{Role: RoleAssistant, Content: text}}
	if ch.FinishReason != nil {
		c.FinishReason = *ch.FinishReason
	}
	if w.Usage != nil {
		c.Usage = Usage{w.Usage.PromptTokens, w.Usage.CompletionTokens, w.Usage.TotalTokens}
		if c.Usage.TotalTokens == 0 {
			c.Usage.TotalTokens = c.Usage.PromptTokens + c.Usage.CompletionTokens
		}
	}
	var calls []ToolCall
	for _, tc := range wm.ToolCalls {
		name, args := tc.Name, tc.Args
		if tc.Function != nil {
			if tc.Function.Name != "" {
				name = tc.Function.Name
			}
			if tc.Function.Args != nil {
				args = tc.Function.Args
			}
		}
		var raw json.RawMessage
		if args != nil {
			raw = args.raw
		}
		calls = append(calls, ToolCall{ID: tc.ID, Type: "function", Function: Function{Name: name, Arguments: normalizeArguments(raw)}})
	}
	if len(calls) == 0 && wm.FunctionCall != nil {
		var raw json.RawMessage
		if wm.FunctionCall.Args != nil {
			raw = wm.FunctionCall.Args.raw
		}
		calls = append(calls, ToolCall{Type: "function", Function: Function{Name: wm.FunctionCall.Name, Arguments: normalizeArguments(raw)}})
	}
	if len(calls) == 0 {
		var inline []ToolCall
		inline, c.Message.Content = inlineCalls(c.Message.Content)
		calls = inline
	}
	seen := map[string]bool{}
	for i := range calls {
		id := calls[i].ID
		if id == "" || seen[id] {
			id = fmt.Sprintf("%s%d", idPrefix, i+1)
			for n := 2; seen[id]; n++ {
				id = fmt.Sprintf("%s%d_%d", idPrefix, i+1, n)
			}
		}
		seen[id] = true
		calls[i].ID = id
	}
	c.Message.ToolCalls = calls
	return c, nil
}

var toolCallBlock = regexp.MustCompile(`(?s)<tool_call>\s*(.*?)\s*</tool_call>`)

// inlineCalls finds tool calls a model wrote into its text (the Hermes/Qwen
// form) and returns them with the remaining text.
func inlineCalls(content string) ([]ToolCall, string) {
	if !strings.Contains(content, "<tool_call>") {
		return nil, content
	}
	var calls []ToolCall
	rest := toolCallBlock.ReplaceAllStringFunc(content, func(block string) string {
		m := toolCallBlock.FindStringSubmatch(block)
		var v struct {
			Name      string    `json:"name"`
			Arguments *wireArgs `json:"arguments"`
		}
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil || v.Name == "" {
			return block // not a call: leave the text as the model wrote it
		}
		var raw json.RawMessage
		if v.Arguments != nil {
			raw = v.Arguments.raw
		}
		calls = append(calls, ToolCall{Type: "function", Function: Function{Name: v.Name, Arguments: normalizeArguments(raw)}})
		return ""
	})
	if len(calls) == 0 {
		return nil, content
	}
	return calls, strings.TrimSpace(rest)
}

// errorText renders an error object ({"message": ...}) or any JSON.
func errorText(raw json.RawMessage) string {
	var e struct {
		Message string `json:"message"`
		Type    string `json:"type"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Message != "" {
		if e.Type != "" {
			return e.Type + ": " + e.Message
		}
		return e.Message
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && s != "" {
		return s
	}
	return head(raw, 300)
}

func head(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
