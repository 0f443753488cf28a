// Package llm is a thin client for any OpenAI-compatible chat completions
// endpoint (vLLM, SGLang, Ollama, llama.cpp, hosted APIs), tolerant of the
// ways such servers differ, with retries, backoff and timeouts.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// Config says which endpoint and model to use and how patient to be.
type Config struct {
	BaseURL string // the API root, e.g. http://127.0.0.1:8000/v1 (vLLM) or http://127.0.0.1:11434/v1 (Ollama)
	Model   string
	APIKey  string // sent as a bearer token; empty sends none (local servers need none)

	// Timeout bounds one HTTP attempt; a timed-out attempt is retried like a
	// 5xx. Zero means 2 minutes.
	Timeout time.Duration
	// MaxRetries is how many times a failed attempt (429, 408, 409, 5xx,
	// connection error, timeout) is retried with exponential backoff. Zero
	// means 4; negative means none.
	MaxRetries int
	// MaxRetryDelay caps the wait between attempts (and a server's
	// Retry-After; a longer Retry-After ends the retries). Zero keeps the
	// client library's defaults (backoff capped at 8s, Retry-After honoured
	// up to 2 minutes).
	MaxRetryDelay time.Duration
	// ToolChoice is sent with requests that carry tools: "auto" (default),
	// "required", "none", or "off" to never send it. A server that rejects
	// tool_choice gets requests without it from then on.
	ToolChoice string
	// HTTPClient replaces the transport (its Timeout is overridden by Timeout).
	HTTPClient *http.Client
}

// Request is one chat completion request.
type Request struct {
	Messages    []Message
	Tools       []json.RawMessage // OpenAI function tools ({"type":"function","function":{...}})
	Temperature *float64
	MaxTokens   int
	Seed        *int64
}

// Response is a normalised completion and what it cost to get it.
type Response struct {
	Completion
	Attempts int // HTTP attempts made, the successful one included
}

// APIError is an HTTP error answer from the server, after any retries.
type APIError struct {
	Status  int
	Message string // the server's error message, or the start of its body
}

func (e *APIError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("HTTP %d %s", e.Status, http.StatusText(e.Status))
	}
	return fmt.Sprintf("HTTP %d: %s", e.Status, e.Message)
}

// Client talks to one model on one endpoint. It is safe for concurrent use.
type Client struct {
	cfg          Config
	sdk          openai.Client
	noToolChoice atomic.Bool
}

// New checks the configuration and builds a client. It makes no request.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" {
		return nil, errors.New("llm: no base URL (e.g. http://127.0.0.1:8000/v1)")
	}
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return nil, fmt.Errorf("llm: base URL %q must start with http:// or https://", cfg.BaseURL)
	}
	if cfg.Model == "" {
		return nil, errors.New("llm: no model name")
	}
	switch cfg.ToolChoice {
	case "":
		cfg.ToolChoice = "auto"
	case "auto", "required", "none", "off":
	default:
		return nil, fmt.Errorf("llm: tool choice %q (auto, required, none or off)", cfg.ToolChoice)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = 4
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		copied := *cfg.HTTPClient
		hc = &copied
	}
	// The timeout lives in the transport so that a slow attempt fails as a
	// connection error, which the client library retries with backoff.
	hc.Timeout = cfg.Timeout
	opts := []option.RequestOption{
		option.WithBaseURL(cfg.BaseURL),
		option.WithAPIKey(cfg.APIKey),
		option.WithHTTPClient(hc),
		option.WithMaxRetries(cfg.MaxRetries),
	}
	if cfg.MaxRetryDelay > 0 {
		opts = append(opts, option.WithMaxRetryDelay(cfg.MaxRetryDelay))
	}
	return &Client{cfg: cfg, sdk: openai.NewClient(opts...)}, nil
}

// Model is the model the client asks for.
func (c *Client) Model() string { return c.cfg.Model }

type wireRequest struct {
	Model       string            `json:"model"`
	Messages    []Message         `json:"messages"`
	Tools       []json.RawMessage `json:"tools,omitempty"`
	ToolChoice  string            `json:"tool_choice,omitempty"`
	Temperature *float64          `json:"temperature,omitempty"`
	MaxTokens   int               `json:"max_tokens,omitempty"`
	Seed        *int64            `json:"seed,omitempty"`
}

// Chat asks for one completion. Tool calls in the answer have ids (made up
// where the server sent none) and arguments as JSON text; arguments that are
// not valid JSON are kept as sent (Function.Args reports them).
func (c *Client) Chat(ctx context.Context, req Request) (*Response, error) {
	w := wireRequest{Model: c.cfg.Model, Messages: req.Messages, Tools: req.Tools, Temperature: req.Temperature, MaxTokens: req.MaxTokens, Seed: req.Seed}
	if len(req.Tools) > 0 && c.cfg.ToolChoice != "off" && !c.noToolChoice.Load() {
		w.ToolChoice = c.cfg.ToolChoice
	}
	body, attempts, err := c.post(ctx, w)
	if err != nil && w.ToolChoice != "" && rejectsToolChoice(err) {
		c.noToolChoice.Store(true)
		w.ToolChoice = ""
		var n int
		body, n, err = c.post(ctx, w)
		attempts += n
	}
	if err != nil {
		return nil, fmt.Errorf("chat completion (model %s at %s, %d attempts): %w", c.cfg.Model, c.cfg.BaseURL, attempts, err)
	}
	comp, err := ParseCompletion(body, fmt.Sprintf("call_%d_", len(req.Messages)))
	if err != nil {
		return nil, fmt.Errorf("chat completion (model %s at %s): %w", c.cfg.Model, c.cfg.BaseURL, err)
	}
	return &Response{Completion: *comp, Attempts: attempts}, nil
}

// post sends one request (with the library's retries) and returns the body
// of the answer and the number of attempts.
func (c *Client) post(ctx context.Context, w wireRequest) ([]byte, int, error) {
	payload, err := json.Marshal(w)
	if err != nil {
		return nil, 0, fmt.Errorf("encode request: %w", err)
	}
	var (
		attempts int
		body     []byte
		last     *http.Response
	)
	count := option.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		attempts++
		return next(r)
	})
	err = c.sdk.Post(ctx, "chat/completions", payload, &body, count, option.WithResponseInto(&last))
	if err == nil {
		return body, attempts, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, attempts, ctxErr
	}
	if last != nil && last.StatusCode >= 400 {
		return nil, attempts, apiError(last)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return nil, attempts, fmt.Errorf("timed out after %v: %w", c.cfg.Timeout, err)
	}
	return nil, attempts, err
}

// apiError reads the server's error message from the final answer; servers
// write it as {"error": {"message"}}, {"message"}, {"detail"} or plain text.
func apiError(res *http.Response) *APIError {
	e := &APIError{Status: res.StatusCode}
	if res.Body == nil {
		return e
	}
	b, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	b = bytes.TrimSpace(b)
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	switch {
	case json.Unmarshal(b, &v) != nil:
		e.Message = head(b, 300)
	case len(v.Error) > 0:
		e.Message = errorText(v.Error)
	case v.Message != "":
		e.Message = v.Message
	case len(v.Detail) > 0:
		e.Message = errorText(v.Detail)
	default:
		e.Message = head(b, 300)
	}
	return e
}

// rejectsToolChoice recognises a server refusing the tool_choice parameter
// (vLLM without --enable-auto-tool-choice, some llama.cpp builds).
func rejectsToolChoice(err error) bool {
	var ae *APIError
	if !errors.As(err, &ae) || (ae.Status != http.StatusBadRequest && ae.Status != http.StatusUnprocessableEntity && ae.Status != http.StatusNotImplemented) {
		return false
	}
	m := strings.ToLower(ae.Message)
	return strings.Contains(m, "tool_choice") || strings.Contains(m, "tool choice")
}
