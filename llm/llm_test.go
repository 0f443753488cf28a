package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
)

var testTools = []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"mail_send_message","description":"Send","parameters":{"type":"object"}}}`)}

func newClient(t *testing.T, url string, mod func(*llm.Config)) *llm.Client {
	t.Helper()
	cfg := llm.Config{BaseURL: url, Model: "scripted", MaxRetryDelay: 5 * time.Millisecond, Timeout: 5 * time.Second}
	if mod != nil {
		mod(&cfg)
	}
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func chat(t *testing.T, c *llm.Client) (*llm.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return c.Chat(ctx, llm.Request{
		Messages: []llm.Message{{Role: "system", Content: "s"}, {Role: "user", Content: "u"}},
		Tools:    testTools,
	})
}

// TestQuirks feeds the answers real servers give and checks the normalised
// message.
func TestQuirks(t *testing.T) {
	msg := func(m map[string]any) llmtest.Reply { return llmtest.Completion(m, "tool_calls", nil) }
	cases := []struct {
		name     string
		reply    llmtest.Reply
		content  string
		calls    []llm.ToolCall
		argsErr  string // substring of Function.Args' error for the first call
		finish   string
		usageTot int
	}{
		{name: "standard string arguments",
			reply: llmtest.Calls(llmtest.Call{ID: "c1", Name: "mail_send_message", Arguments: llmtest.ArgString(`{"to": "a@x.example",  "subject":"Hi"}`)}),
			calls: []llm.ToolCall{{ID: "c1", Type: "function", Function: llm.Function{Name: "mail_send_message", Arguments: `{"to":"a@x.example","subject":"Hi"}`}}}, finish: "tool_calls", usageTot: 30},
		{name: "arguments as an object",
			reply: llmtest.Calls(llmtest.Call{ID: "c1", Name: "mail_send_message", Arguments: llmtest.ArgObject(map[string]any{"to": "a@x.example"})}),
			calls: []llm.ToolCall{{ID: "c1", Type: "function", Function: llm.Function{Name: "mail_send_message", Arguments: `{"to":"a@x.example"}`}}}, finish: "tool_calls", usageTot: 30},
		{name: "arguments encoded twice",
			reply: llmtest.Calls(llmtest.Call{ID: "c1", Name: "mail_send_message", Arguments: llmtest.ArgString(`"{\"to\":\"a@x.example\"}"`)}),
			calls: []llm.ToolCall{{ID: "c1", Type: "function", Function: llm.Function{Name: "mail_send_message", Arguments: `{"to":"a@x.example"}`}}}, finish: "tool_calls", usageTot: 30},
		{name: "missing ids and arguments",
			reply: llmtest.Calls(llmtest.Call{Name: "a"}, llmtest.Call{Name: "b", Arguments: llmtest.ArgString("")}),
			calls: []llm.ToolCall{
				{ID: "call_2_1", Type: "function", Function: llm.Function{Name: "a", Arguments: `{}`}},
				{ID: "call_2_2", Type: "function", Function: llm.Function{Name: "b", Arguments: `{}`}},
			}, finish: "tool_calls", usageTot: 30},
		{name: "duplicate ids made unique",
			reply: llmtest.Calls(llmtest.Call{ID: "x", Name: "a"}, llmtest.Call{ID: "x", Name: "b"}),
			calls: []llm.ToolCall{
				{ID: "x", Type: "function", Function: llm.Function{Name: "a", Arguments: `{}`}},
				{ID: "call_2_2", Type: "function", Function: llm.Function{Name: "b", Arguments: `{}`}},
			}, finish: "tool_calls", usageTot: 30},
		{name: "malformed arguments kept as text",
			reply:   llmtest.Calls(llmtest.Call{ID: "c1", Name: "mail_send_message", Arguments: llmtest.ArgString(`{to: "a@x.example"`)}),
			calls:   []llm.ToolCall{{ID: "c1", Type: "function", Function: llm.Function{Name: "mail_send_message", Arguments: `{to: "a@x.example"`}}},
			argsErr: "arguments for mail_send_message are not valid JSON", finish: "tool_calls", usageTot: 30},
		{name: "arguments that are an array",
			reply:   llmtest.Calls(llmtest.Call{ID: "c1", Name: "t", Arguments: llmtest.ArgString(`[1]`)}),
			calls:   []llm.ToolCall{{ID: "c1", Type: "function", Function: llm.Function{Name: "t", Arguments: `[1]`}}},
			argsErr: "must be a JSON object, not an array", finish: "tool_calls", usageTot: 30},
		{name: "content as parts",
			reply:   msg(map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "All "}, map[string]any{"type": "text", "text": "done."}}}),
			content: "All done.", finish: "tool_calls"},
		{name: "legacy function_call",
			reply: msg(map[string]any{"role": "assistant", "content": nil, "function_call": map[string]any{"name": "t", "arguments": `{"a":1}`}}),
			calls: []llm.ToolCall{{ID: "call_2_1", Type: "function", Function: llm.Function{Name: "t", Arguments: `{"a":1}`}}}, finish: "tool_calls"},
		{name: "name and arguments beside function",
			reply: msg(map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{"id": "k", "name": "t", "arguments": map[string]any{"a": 2}}}}),
			calls: []llm.ToolCall{{ID: "k", Type: "function", Function: llm.Function{Name: "t", Arguments: `{"a":2}`}}}, finish: "tool_calls"},
		{name: "tool calls written in the content",
			reply:   msg(map[string]any{"role": "assistant", "content": "Let me look.\n<tool_call>\n{\"name\": \"t\", \"arguments\": {\"q\": \"x\"}}\n</tool_call>"}),
			content: "Let me look.",
			calls:   []llm.ToolCall{{ID: "call_2_1", Type: "function", Function: llm.Function{Name: "t", Arguments: `{"q":"x"}`}}}, finish: "tool_calls"},
		{name: "a tool_call block that is not a call stays text",
			reply:   msg(map[string]any{"role": "assistant", "content": "<tool_call>oops</tool_call>"}),
			content: "<tool_call>oops</tool_call>", finish: "tool_calls"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Sequence(tc.reply))
			res, err := chat(t, newClient(t, srv.URL, nil))
			if err != nil {
				t.Fatal(err)
			}
			if res.Message.Role != "assistant" || res.Message.Content != tc.content {
				t.Errorf("message = %+v, want content %q", res.Message, tc.content)
			}
			got, _ := json.Marshal(res.Message.ToolCalls)
			want, _ := json.Marshal(tc.calls)
			if string(got) != string(want) {
				t.Errorf("tool calls\n got %s\nwant %s", got, want)
			}
			if res.FinishReason != tc.finish || res.Usage.TotalTokens != tc.usageTot || res.Attempts != 1 {
				t.Errorf("finish %q usage %+v attempts %d", res.FinishReason, res.Usage, res.Attempts)
			}
			if len(tc.calls) > 0 {
				_, err := res.Message.ToolCalls[0].Function.Args()
				switch {
				case tc.argsErr == "" && err != nil:
					t.Errorf("Args: %v", err)
				case tc.argsErr != "" && (err == nil || !strings.Contains(err.Error(), tc.argsErr)):
					t.Errorf("Args error = %v, want %q", err, tc.argsErr)
				}
			}
		})
	}
}

// TestRetries checks backoff on 429/5xx and timeouts, and that other errors
// are not retried.
func TestRetries(t *testing.T) {
	ok := llmtest.Text("fine")
	cases := []struct {
		name     string
		model    llmtest.Model
		timeout  time.Duration
		retries  int
		attempts int    // requests the server sees
		err      string // substring; "" means success
		status   int
	}{
		{name: "429 twice then success", model: llmtest.Sequence(llmtest.Status(429, "slow down"), llmtest.Status(429, "slow down"), ok), attempts: 3},
		{name: "503 then success", model: llmtest.Sequence(llmtest.Status(503, "loading"), ok), attempts: 2},
		{name: "500 until retries run out", model: llmtest.Sequence(llmtest.Status(500, "boom")), retries: 2, attempts: 3, err: "HTTP 500: Internal Server Error: boom", status: 500},
		{name: "400 is not retried", model: llmtest.Sequence(llmtest.Status(400, "bad model")), attempts: 1, err: "HTTP 400: Bad Request: bad model", status: 400},
		{name: "vLLM error body", model: llmtest.Sequence(llmtest.Reply{Status: 404, Body: []byte(`{"object":"error","message":"The model x does not exist.","type":"NotFoundError","code":404}`)}), attempts: 1, err: "HTTP 404: The model x does not exist.", status: 404},
		{name: "plain-text error body", model: llmtest.Sequence(llmtest.Reply{Status: 401, Body: []byte("unauthorized"), Header: http.Header{"Content-Type": {"text/plain"}}}), attempts: 1, err: "HTTP 401: unauthorized", status: 401},
		{name: "timeout then success", model: func(r *llmtest.Request) llmtest.Reply {
			if r.N == 1 {
				rep := ok
				rep.Delay = 2 * time.Second
				return rep
			}
			return ok
		}, timeout: 100 * time.Millisecond, attempts: 2},
		{name: "timeouts until retries run out", model: func(r *llmtest.Request) llmtest.Reply {
			rep := ok
			rep.Delay = 2 * time.Second
			return rep
		}, timeout: 50 * time.Millisecond, retries: 1, attempts: 2, err: "timed out after 50ms"},
		{name: "200 that is not JSON", model: llmtest.Sequence(llmtest.Reply{Body: []byte("<html>proxy</html>"), Header: http.Header{"Content-Type": {"text/html"}}}), attempts: 1, err: "response is not a chat completion"},
		{name: "200 with an error object", model: llmtest.Sequence(llmtest.Reply{Body: []byte(`{"error":{"message":"context too long"}}`)}), attempts: 1, err: "server returned an error: context too long"},
		{name: "no choices", model: llmtest.Sequence(llmtest.Reply{Body: []byte(`{"choices":[]}`)}), attempts: 1, err: "response has no choices"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, tc.model)
			c := newClient(t, srv.URL, func(c *llm.Config) {
				if tc.timeout > 0 {
					c.Timeout = tc.timeout
				}
				if tc.retries != 0 {
					c.MaxRetries = tc.retries
				}
			})
			res, err := chat(t, c)
			if n := len(srv.Requests()); n != tc.attempts {
				t.Errorf("server saw %d requests, want %d", n, tc.attempts)
			}
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				if res.Attempts != tc.attempts || res.Message.Content != "fine" {
					t.Errorf("attempts %d content %q", res.Attempts, res.Message.Content)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error = %v, want %q", err, tc.err)
			}
			var ae *llm.APIError
			if tc.status != 0 && (!errors.As(err, &ae) || ae.Status != tc.status) {
				t.Errorf("error %v is not an APIError with status %d", err, tc.status)
			}
		})
	}
}

// TestToolChoiceUnsupported: a server that rejects tool_choice gets the
// request again without it, and no later request carries it.
func TestToolChoiceUnsupported(t *testing.T) {
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		if r.ToolChoice != nil {
			return llmtest.Status(400, `"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set`)
		}
		return llmtest.Text("ok")
	})
	c := newClient(t, srv.URL, nil)
	for i := 0; i < 2; i++ {
		res, err := chat(t, c)
		if err != nil {
			t.Fatal(err)
		}
		if res.Message.Content != "ok" {
			t.Fatalf("content %q", res.Message.Content)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3 (one rejected, two without tool_choice)", len(reqs))
	}
	if string(reqs[0].ToolChoice) != `"auto"` || reqs[1].ToolChoice != nil || reqs[2].ToolChoice != nil {
		t.Errorf("tool_choice sent: %s, %s, %s", reqs[0].ToolChoice, reqs[1].ToolChoice, reqs[2].ToolChoice)
	}
}

func TestRequestShape(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text("ok")))
	temp := 0.0
	c := newClient(t, srv.URL, func(c *llm.Config) { c.APIKey = "sk-test"; c.ToolChoice = "required" })
	_, err := c.Chat(context.Background(), llm.Request{
		Messages: []llm.Message{
			{Role: "user", Content: "u"},
			{Role: "assistant", ToolCalls: []llm.ToolCall{{ID: "c1", Type: "function", Function: llm.Function{Name: "t", Arguments: "{}"}}}},
			{Role: "tool", ToolCallID: "c1", Content: "{}"},
		},
		Tools:       testTools,
		Temperature: &temp,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	if r.Authorization != "Bearer sk-test" || r.Model != "scripted" || string(r.ToolChoice) != `"required"` || r.Temperature == nil || *r.Temperature != 0 {
		t.Errorf("request: auth %q model %q tool_choice %s temperature %v", r.Authorization, r.Model, r.ToolChoice, r.Temperature)
	}
	var raw struct {
		Messages []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal(r.Body, &raw); err != nil {
		t.Fatal(err)
	}
	if c, ok := raw.Messages[1]["content"]; !ok || c != nil {
		t.Errorf("assistant tool-call message content = %v (present %v), want null", c, ok)
	}
	if raw.Messages[2]["tool_call_id"] != "c1" {
		t.Errorf("tool message %v", raw.Messages[2])
	}

	// No key: no Authorization header, whatever the environment says.
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	srv2 := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text("ok")))
	if _, err := chat(t, newClient(t, srv2.URL, nil)); err != nil {
		t.Fatal(err)
	}
	if a := srv2.Requests()[0].Authorization; a != "" {
		t.Errorf("Authorization %q sent without a key", a)
	}
}

func TestConfigErrors(t *testing.T) {
	cases := []struct {
		cfg  llm.Config
		want string
	}{
		{llm.Config{Model: "m"}, "no base URL"},
		{llm.Config{BaseURL: "localhost:8000", Model: "m"}, "must start with http"},
		{llm.Config{BaseURL: "http://127.0.0.1:1/v1"}, "no model"},
		{llm.Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m", ToolChoice: "always"}, "tool choice"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			if _, err := llm.New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestContextCancel(t *testing.T) {
	srv := llmtest.NewServer(t, func(*llmtest.Request) llmtest.Reply { return llmtest.Reply{Delay: 5 * time.Second} })
	c := newClient(t, srv.URL, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Chat(ctx, llm.Request{Messages: []llm.Message{{Role: "user", Content: "u"}}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want deadline exceeded", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("cancel took %v", time.Since(start))
	}
}

func TestMessageJSON(t *testing.T) {
	cases := []struct{ in, out string }{
		{`{"role":"user","content":"hi"}`, `{"role":"user","content":"hi"}`},
		{`{"role":"assistant","content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"t","arguments":"{}"}}]}`, `{"role":"assistant","content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"t","arguments":"{}"}}]}`},
		{`{"role":"assistant","content":[{"type":"text","text":"x"}]}`, `{"role":"assistant","content":"x"}`},
		{`{"role":"tool","tool_call_id":"a","content":"r"}`, `{"role":"tool","content":"r","tool_call_id":"a"}`},
	}
	for _, tc := range cases {
		var m llm.Message
		if err := json.Unmarshal([]byte(tc.in), &m); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		b, _ := json.Marshal(m)
		if string(b) != tc.out {
			t.Errorf("%s\n got %s\nwant %s", tc.in, b, tc.out)
		}
	}
	var m llm.Message
	if err := json.Unmarshal([]byte(`{"role":"user","content":5}`), &m); err == nil {
		t.Error("numeric content accepted")
	}
}

func FuzzParseCompletion(f *testing.F) {
	f.Add([]byte(`{"choices":[{"message":{"role":"assistant","content":"hi"}}]}`))
	f.Add([]byte(`{"choices":[{"message":{"tool_calls":[{"function":{"name":"t","arguments":"{\"a\":1}"}}]}}]}`))
	f.Add([]byte(`{"choices":[{"message":{"tool_calls":[{"function":{"name":"t","arguments":{"a":[1,2]}}}]}}],"usage":{"prompt_tokens":3}}`))
	f.Add([]byte(`{"choices":[{"message":{"content":"<tool_call>{\"name\":\"x\",\"arguments\":\"\\\"{}\\\"\"}</tool_call>"}}]}`))
	f.Add([]byte(`{"error":"x"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := llm.ParseCompletion(body, "call_")
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, tc := range c.Message.ToolCalls {
			if tc.ID == "" || seen[tc.ID] {
				t.Fatalf("tool call id %q empty or repeated", tc.ID)
			}
			seen[tc.ID] = true
			if args, err := tc.Function.Args(); err == nil && !json.Valid(args) {
				t.Fatalf("Args returned invalid JSON %q", args)
			}
		}
		if _, err := json.Marshal(c.Message); err != nil {
			t.Fatalf("message does not encode: %v", err)
		}
	})
}
