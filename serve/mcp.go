package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/legoenv/legoenv/episode"
)

// MCP resource URIs of a session, for the client application (not the
// model): how the episode scores now, and the state it has reached.
const (
	EvaluationURI = "legoenv://session/evaluation"
	StateURI      = "legoenv://session/state"
)

// MCPOptions tune a session's MCP server.
type MCPOptions struct {
	IdleTimeout  time.Duration // an MCP client silent this long is dropped (HTTP only)
	MaxBodyBytes int64         // request body limit (HTTP only)
	Logger       *slog.Logger
	Version      string // server version announced to clients
}

// NewMCPServer returns an MCP server over a session: its tools are the
// session's tools (input schemas are the atoms' JSON Schemas), a failing
// call is a tool result with isError set, the "task" prompt holds the
// opening messages, and two resources show the evaluation and the state.
func NewMCPServer(sess *Session, o MCPOptions) *mcp.Server {
	version := o.Version
	if version == "" {
		version = "dev"
	}
	msgs := sess.Messages()
	srv := mcp.NewServer(&mcp.Implementation{Name: "legoenv", Title: "legoenv environment " + sess.Env.ID, Version: version},
		&mcp.ServerOptions{Instructions: taskText(msgs), Logger: o.Logger})
	var calls atomic.Int64
	for _, d := range sess.Defs() {
		schema, err := objectSchema(d.InputSchema)
		if err != nil {
			if o.Logger != nil {
				o.Logger.Warn("tool left out of MCP", "tool", d.Name, "err", err)
			}
			continue
		}
		name := d.Name
		srv.AddTool(&mcp.Tool{Name: name, Description: d.Description, InputSchema: schema},
			func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				n := calls.Add(1)
				obs, err := sess.Call(episode.ToolCall{ID: fmt.Sprintf("mcp_%d", n), Name: name, Args: req.Params.Arguments})
				if err != nil {
					return toolError(err.Error()), nil
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: obs.Content}}, IsError: obs.IsError}, nil
			})
	}
	srv.AddPrompt(&mcp.Prompt{Name: "task", Title: "The task", Description: "The environment's opening messages: policies and the instruction."},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{
				Description: "Task of environment " + sess.Env.ID,
				Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: taskText(msgs)}}},
			}, nil
		})
	srv.AddResource(&mcp.Resource{URI: EvaluationURI, Name: "evaluation", MIMEType: "application/json",
		Description: "How the episode scores now: reward, passed, one component per assertion."},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			ev, err := sess.Evaluate()
			if err != nil {
				return nil, err
			}
			return jsonResource(EvaluationURI, ev)
		})
	srv.AddResource(&mcp.Resource{URI: StateURI, Name: "state", MIMEType: "application/json",
		Description: "The session's current state: app -> collection -> records."},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			v, err := sess.View(false)
			if err != nil {
				return nil, err
			}
			return jsonResource(StateURI, v)
		})
	return srv
}

func toolError(msg string) *mcp.CallToolResult {
	b, _ := json.Marshal(map[string]string{"error": msg})
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}, IsError: true}
}

func jsonResource(uri string, v any) (*mcp.ReadResourceResult, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", uri, err)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(b)}}}, nil
}

// taskText joins the opening messages for clients that take one text.
func taskText(msgs []episode.Message) string {
	parts := make([]string, len(msgs))
	for i, m := range msgs {
		parts[i] = m.Content
	}
	return strings.Join(parts, "\n\n")
}

// objectSchema checks that a tool's schema is an object schema, as MCP
// requires (the SDK refuses anything else). A schema without a type gets
// "type": "object", since tool arguments are always an object.
func objectSchema(raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 {
		return json.RawMessage(`{"type":"object"}`), nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("input schema is not a JSON object: %w", err)
	}
	switch t := m["type"]; t {
	case "object":
		return raw, nil
	case nil:
		m["type"] = "object"
		b, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		return b, nil
	default:
		return nil, fmt.Errorf("input schema has type %v; MCP needs \"object\"", t)
	}
}

// mcpHandler returns the session's streamable HTTP MCP handler, made on
// first use so that sessions that never speak MCP do not pay for it.
func (s *Session) mcpHandler(o MCPOptions) (http.Handler, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	if s.mcpHTTP == nil {
		srv := NewMCPServer(s, o)
		s.mcpSrv = srv
		s.mcpHTTP = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
			&mcp.StreamableHTTPOptions{SessionTimeout: o.IdleTimeout, MaxRequestBodyBytes: o.MaxBodyBytes, Logger: o.Logger})
	}
	return s.mcpHTTP, nil
}

// mcpLive is the number of the session's MCP sessions that are open.
func (s *Session) mcpLive() int {
	s.mu.Lock()
	srv := s.mcpSrv
	s.mu.Unlock()
	if srv == nil {
		return 0
	}
	n := 0
	for range srv.Sessions() {
		n++
	}
	return n
}

// closeMCP disconnects the session's MCP clients.
func (s *Session) closeMCP() {
	s.mu.Lock()
	srv := s.mcpSrv
	s.mu.Unlock()
	if srv == nil {
		return
	}
	for ss := range srv.Sessions() {
		_ = ss.Close()
	}
}
