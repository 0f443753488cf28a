// Package llmtest runs a scripted OpenAI-compatible chat completions server
// on 127.0.0.1 for tests: a Model function decides every answer, including
// the quirks real servers have (errors, delays, odd argument encodings).
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/legoenv/legoenv/llm"
)

// MaxRequests bounds how many requests one server answers; later requests
// get HTTP 400, so a client that loops forever stops by itself.
const MaxRequests = 500

// Request is one chat completion request as the server received it.
type Request struct {
	N             int // 1-based position among the server's requests
	Model         string
	Messages      []llm.Message
	Tools         []json.RawMessage
	ToolChoice    json.RawMessage // absent: nil
	Temperature   *float64
	Authorization string
	Body          []byte
}

// Turn is the number of assistant messages already in the conversation.
func (r *Request) Turn() int {
	n := 0
	for _, m := range r.Messages {
		if m.Role == llm.RoleAssistant {
			n++
		}
	}
	return n
}

// ToolResults returns the tool messages after the last assistant message.
func (r *Request) ToolResults() []llm.Message {
	var out []llm.Message
	for i := len(r.Messages) - 1; i >= 0 && r.Messages[i].Role == llm.RoleTool; i-- {
		out = append([]llm.Message{r.Messages[i]}, out...)
	}
	return out
}

// ToolNames lists the function names of the request's tools.
func (r *Request) ToolNames() []string {
	var out []string
	for _, t := range r.Tools {
		var v struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		if json.Unmarshal(t, &v) == nil {
			out = append(out, v.Function.Name)
		}
	}
	return out
}

// Reply is the server's answer to one request.
type Reply struct {
	Status int         // default 200
	Body   []byte      // the response body
	Header http.Header // extra headers
	Delay  time.Duration
}

// Model decides the answer to each request. It may be called concurrently.
type Model func(r *Request) Reply

// Call is a tool call to put in a reply. Arguments is the raw JSON of the
// "arguments" field as the server sends it (see ArgString, ArgObject);
// an empty ID leaves the id out.
type Call struct {
	ID        string
	Name      string
	Arguments json.RawMessage
}

// ArgString encodes text as a JSON string: the standard form.
func ArgString(text string) json.RawMessage {
	b, _ := json.Marshal(text)
	return b
}

// ArgObject encodes v as a JSON object: the form some servers send.
func ArgObject(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// Text answers with an assistant message that calls no tool.
func Text(content string) Reply {
	return Completion(map[string]any{"role": "assistant", "content": content}, "stop", usage(10, 5))
}

// Calls answers with an assistant message calling tools.
func Calls(calls ...Call) Reply {
	list := make([]map[string]any, len(calls))
	for i, c := range calls {
		fn := map[string]any{"name": c.Name}
		if c.Arguments != nil {
			fn["arguments"] = c.Arguments
		}
		tc := map[string]any{"type": "function", "function": fn}
		if c.ID != "" {
			tc["id"] = c.ID
		}
		list[i] = tc
	}
	return Completion(map[string]any{"role": "assistant", "content": nil, "tool_calls": list}, "tool_calls", usage(20, 10))
}

func usage(prompt, completion int) map[string]any {
	return map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
}

// Completion answers with any message object (written as given), so tests
// can send exactly the JSON a quirky server sends.
func Completion(message map[string]any, finish string, usage map[string]any) Reply {
	body := map[string]any{
		"id":      "chatcmpl-test",
		"object":  "chat.completion",
		"created": 1767225600,
		"model":   "scripted",
		"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}},
	}
	if usage != nil {
		body["usage"] = usage
	}
	b, _ := json.Marshal(body)
	return Reply{Body: b}
}

// Status answers with an HTTP error and an OpenAI-style error body.
func Status(code int, message string) Reply {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": message, "type": http.StatusText(code)}})
	return Reply{Status: code, Body: b}
}

// Sequence answers the n-th request with replies[n-1], and the last reply
// after that.
func Sequence(replies ...Reply) Model {
	return func(r *Request) Reply {
		if r.N <= len(replies) {
			return replies[r.N-1]
		}
		return replies[len(replies)-1]
	}
}

// Server is a running scripted server.
type Server struct {
	// URL is the API root to give a client (ends in /v1).
	URL string

	model Model
	srv   *httptest.Server
	mu    sync.Mutex
	reqs  []*Request
}

// NewServer starts a server on 127.0.0.1; it stops when the test ends.
func NewServer(t testing.TB, m Model) *Server {
	s := &Server{model: m}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL + "/v1"
	t.Cleanup(s.srv.Close)
	return s
}

// Requests returns every request received so far.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.reqs...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 16<<20))
	if err != nil {
		writeReply(w, Status(http.StatusBadRequest, fmt.Sprintf("read body: %v", err)))
		return
	}
	var wire struct {
		Model       string            `json:"model"`
		Messages    []llm.Message     `json:"messages"`
		Tools       []json.RawMessage `json:"tools"`
		ToolChoice  json.RawMessage   `json:"tool_choice"`
		Temperature *float64          `json:"temperature"`
	}
	if err := json.Unmarshal(body, &wire); err != nil {
		writeReply(w, Status(http.StatusBadRequest, fmt.Sprintf("bad request body: %v", err)))
		return
	}
	s.mu.Lock()
	req := &Request{N: len(s.reqs) + 1, Model: wire.Model, Messages: wire.Messages, Tools: wire.Tools, ToolChoice: wire.ToolChoice,
		Temperature: wire.Temperature, Authorization: r.Header.Get("Authorization"), Body: body}
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
	if req.N > MaxRequests {
		writeReply(w, Status(http.StatusBadRequest, "request budget of the scripted server exhausted"))
		return
	}
	rep := s.model(req)
	if rep.Delay > 0 {
		t := time.NewTimer(rep.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
	}
	writeReply(w, rep)
}

func writeReply(w http.ResponseWriter, rep Reply) {
	for k, vs := range rep.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	if rep.Status == 0 {
		rep.Status = http.StatusOK
	}
	w.WriteHeader(rep.Status)
	_, _ = w.Write(rep.Body)
}
