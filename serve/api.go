package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// apiError is an error with the HTTP status and code it answers with.
type apiError struct {
	status int
	code   string
	msg    string
}

func (e *apiError) Error() string { return e.msg }

// errorBody is the JSON of every error response.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (s *Server) fail(w http.ResponseWriter, status int, code, msg string) {
	s.met.httpError(status)
	var b errorBody
	b.Error.Code, b.Error.Message = code, msg
	writeJSON(w, status, b)
}

func (s *Server) failErr(w http.ResponseWriter, err error) {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		s.fail(w, ae.status, ae.code, ae.msg)
	case errors.Is(err, ErrClosed):
		s.fail(w, http.StatusConflict, "session_closed", err.Error())
	default:
		s.fail(w, http.StatusInternalServerError, "internal", err.Error())
	}
}

// reply writes v with 200 OK, or, when err is set, the failure it stands for.
func (s *Server) reply(w http.ResponseWriter, v any, err error) {
	if err != nil {
		s.failErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeJSON answers v with a Content-Length, so keep-alive clients need no
// chunked decoding.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		buf.Reset()
		status = http.StatusInternalServerError
		fmt.Fprintf(buf, `{"error":{"code":"internal","message":%q}}`+"\n", "encode response: "+err.Error())
	}
	writeBytes(w, status, buf.Bytes())
}

var jsonType = []string{"application/json"}

// writeBytes answers a JSON body as it is.
func writeBytes(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	// Canonical keys, set directly: this runs for every step.
	h["Content-Type"] = jsonType
	h["Content-Length"] = []string{strconv.Itoa(len(b))}
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// readBody reads a request's body into buf, within the size limit;
// errors are answered (400 or 413) and reported false.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, buf *bytes.Buffer) bool {
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes))
	if err == nil {
		return true
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		s.fail(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("request body is larger than %d bytes", mbe.Limit))
		return false
	}
	s.fail(w, http.StatusBadRequest, "bad_request", "read body: "+err.Error())
	return false
}

// decodeBody reads a JSON object body into dst. An empty body is allowed
// when empty is true. Errors are answered (400 or 413) and reported false.
func (s *Server) decodeBody(w http.ResponseWriter, r *http.Request, dst any, empty bool) bool {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if !s.readBody(w, r, buf) {
		return false
	}
	if err := decodeJSON(buf.Bytes(), dst, empty); err != nil {
		s.fail(w, http.StatusBadRequest, "bad_request", err.Error())
		return false
	}
	return true
}

// readStepBody is decodeBody for a step: readStep where it can, else
// decodeJSON.
func (s *Server) readStepBody(w http.ResponseWriter, r *http.Request) (StepRequest, bool) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if !s.readBody(w, r, buf) {
		return StepRequest{}, false
	}
	if fast, ok := readStep(buf.Bytes()); ok {
		return fast, true
	}
	return s.decodeStepBody(w, buf.Bytes())
}

// decodeStepBody reads a step body readStep left, with encoding/json's
// values and errors; apart from readStepBody so that the request it
// decodes into, which escapes, is made only where it runs.
func (s *Server) decodeStepBody(w http.ResponseWriter, b []byte) (StepRequest, bool) {
	var req StepRequest
	if err := decodeJSON(b, &req, false); err != nil {
		s.fail(w, http.StatusBadRequest, "bad_request", err.Error())
		return req, false
	}
	return req, true
}

// decodeJSON decodes one JSON object strictly (unknown fields are errors)
// and says where a problem is.
func decodeJSON(b []byte, dst any, empty bool) error {
	if len(bytes.TrimSpace(b)) == 0 {
		if empty {
			return nil
		}
		return errors.New("body: empty; want a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("body: %s", describeJSON(b, err))
	}
	if dec.More() {
		return errors.New("body: more than one JSON value")
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("body: trailing data after the JSON object")
	}
	return nil
}

func describeJSON(b []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := position(b, se.Offset)
		return fmt.Sprintf("invalid JSON at line %d, column %d: %v", line, col, se)
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Sprintf("want a JSON object, got %s", te.Value)
		}
		return fmt.Sprintf("field %s: want %s, got %s", te.Field, te.Type, te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "invalid JSON: unexpected end of input"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func position(b []byte, off int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < off-1 && i < int64(len(b)); i++ {
		if b[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	if s.stopping.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "stopping"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "environments": s.cat.Len(), "sessions_open": s.OpenSessions()})
}

// EnvSummary is an environment in a listing.
type EnvSummary struct {
	ID       string   `json:"id"`
	Intent   string   `json:"intent"`
	Data     string   `json:"data"`
	Apps     []string `json:"apps"`
	Rules    []string `json:"rules"`
	Tools    int      `json:"tools"`
	Verified *bool    `json:"verified,omitempty"`
}

// EnvDetail is one environment in full.
type EnvDetail struct {
	EnvSummary
	Recipe   atom.Recipe       `json:"recipe"`
	Messages []episode.Message `json:"messages"`
	ToolDefs []episode.Def     `json:"tool_defs"`
	Limits   episode.Limits    `json:"limits"`
}

func summary(in *EnvInfo) EnvSummary {
	e := in.Env
	s := EnvSummary{ID: e.ID, Intent: e.Intent.ID, Data: e.Data.ID, Apps: e.Apps, Rules: []string{}, Tools: len(e.Tools()), Verified: in.Verified}
	if s.Apps == nil {
		s.Apps = []string{}
	}
	for _, r := range e.Rules {
		s.Rules = append(s.Rules, r.ID)
	}
	return s
}

// EnvList is a page of environments.
type EnvList struct {
	Envs       []EnvSummary `json:"envs"`
	Total      int          `json:"total"` // matching the filter
	Offset     int          `json:"offset"`
	Limit      int          `json:"limit"`
	NextOffset *int         `json:"next_offset,omitempty"` // absent on the last page
}

func (s *Server) listEnvs(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := Filter{App: q.Get("app"), Intent: q.Get("intent")}
	switch v := q.Get("verified"); v {
	case "":
	case "true", "false":
		b := v == "true"
		f.Verified = &b
	default:
		s.fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("query parameter verified=%q: want true or false", v))
		return
	}
	limit, err := queryInt(r, "limit", 50, 1000)
	if err != nil {
		s.fail(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	offset, err := queryInt(r, "offset", 0, 0)
	if err != nil {
		s.fail(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if limit == 0 {
		limit = 50
	}
	all := s.cat.FindIDs(f)
	out := EnvList{Envs: []EnvSummary{}, Total: len(all), Offset: offset, Limit: limit}
	// offset+limit would overflow for an offset near MaxInt.
	start := min(offset, len(all))
	end := start + min(limit, len(all)-start)
	for _, id := range all[start:end] {
		sum, err := s.cat.summary(id)
		if err != nil {
			s.fail(w, http.StatusInternalServerError, "internal", err.Error())
			return
		}
		out.Envs = append(out.Envs, sum)
	}
	if end < len(all) {
		out.NextOffset = &end
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) getEnv(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	in, err := s.cat.Lookup(id)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	if in == nil {
		s.fail(w, http.StatusNotFound, "not_found", fmt.Sprintf("unknown environment %q", id))
		return
	}
	e := in.Env
	d := EnvDetail{EnvSummary: summary(in), Recipe: e.Recipe, Messages: e.Messages(), Limits: e.Limits}
	for _, t := range e.Tools() {
		d.ToolDefs = append(d.ToolDefs, t.Def())
	}
	writeJSON(w, http.StatusOK, d)
}

// CreateRequest is the body of POST /v1/sessions.
type CreateRequest struct {
	EnvID   string `json:"env_id"`
	Seed    int64  `json:"seed,omitempty"`
	Toolset string `json:"toolset,omitempty"`
}

// SessionStart is the answer to creating (or resetting) a session: what an
// agent needs to begin.
type SessionStart struct {
	SessionID string            `json:"session_id"`
	EnvID     string            `json:"env_id"`
	Toolset   string            `json:"toolset"`
	Seed      int64             `json:"seed"`
	MaxSteps  int               `json:"max_steps"`
	Messages  []episode.Message `json:"messages"`
	Tools     json.RawMessage   `json:"tools"` // OpenAI function list
	MCP       string            `json:"mcp"`   // path of the session's MCP endpoint
}

// maxStarts bounds a server's cache of encoded session starts.
const maxStarts = 1 << 16

// startParts are what an environment and a toolset fix of a session's
// start, encoded once by the server: the OpenAI tool list, and the text
// writeStart puts around the session's own fields.
type startParts struct {
	tools json.RawMessage
	// head follows the session id: `,"env_id":…,"toolset":…,"seed":`;
	// tail follows max_steps: `,"messages":[…],"tools":[…],"mcp":`. Both
	// are nil where encoding/json fails on them, and writeStart then
	// leaves the answer to writeJSON.
	head, tail []byte
}

// starts returns the session's startParts.
func (s *Server) starts(sess *Session) *startParts {
	return s.startCache.Get(sess.Env.ID+"/"+sess.Toolset, func() *startParts {
		p := &startParts{}
		var err error
		if p.tools, err = json.Marshal(episode.OpenAITools(sess.Defs())); err != nil {
			p.tools = json.RawMessage("[]")
		}
		// Each piece as encoding/json writes it inside a SessionStart: a
		// RawMessage field is compacted and its HTML characters escaped,
		// which marshalling it again does.
		envID, err1 := json.Marshal(sess.Env.ID)
		toolset, err2 := json.Marshal(sess.Toolset)
		msgs, err3 := json.Marshal(sess.Messages())
		tools, err4 := json.Marshal(p.tools)
		if err := errors.Join(err1, err2, err3, err4); err != nil {
			return p
		}
		p.head = fmt.Appendf(nil, `,"env_id":%s,"toolset":%s,"seed":`, envID, toolset)
		p.tail = fmt.Appendf(nil, `,"messages":%s,"tools":%s,"mcp":`, msgs, tools)
		return p
	})
}

func (s *Server) start(sess *Session) SessionStart {
	return SessionStart{
		SessionID: sess.ID, EnvID: sess.Env.ID, Toolset: sess.Toolset, Seed: sess.Seed,
		MaxSteps: sess.Env.Limits.MaxSteps, Messages: sess.Messages(), Tools: s.starts(sess).tools,
		MCP: "/v1/sessions/" + sess.ID + "/mcp",
	}
}

// writeStart answers the session's start, byte for byte what writeJSON
// writes of s.start(sess), without reflection: a trainer resets a session
// after every episode, and encoding/json compacted the whole tool list
// again each time, a step's worth of work.
func (s *Server) writeStart(w http.ResponseWriter, status int, sess *Session) {
	p := s.starts(sess)
	if p.head == nil {
		writeJSON(w, status, s.start(sess))
		return
	}
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	b := appendJSONText(append(buf.AvailableBuffer(), `{"session_id":`...), sess.ID)
	b = strconv.AppendInt(append(b, p.head...), sess.Seed, 10)
	b = strconv.AppendInt(append(b, `,"max_steps":`...), int64(sess.Env.Limits.MaxSteps), 10)
	b = appendJSONText(append(b, p.tail...), "/v1/sessions/"+sess.ID+"/mcp")
	sendPooled(w, status, buf, append(b, "}\n"...))
}

// appendJSONText appends s as a JSON string, as encoding/json writes it.
// A session's id and paths are printable ASCII without the characters it
// escapes, and are written as they are.
func appendJSONText(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

func (s *Server) createSession(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if !s.decodeBody(w, r, &req, false) {
		return
	}
	if req.EnvID == "" {
		s.fail(w, http.StatusBadRequest, "bad_request", `body: field env_id: missing (GET /v1/envs lists the ids)`)
		return
	}
	switch req.Toolset {
	case "", episode.ToolsetNamed, episode.ToolsetMeta:
	default:
		s.fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("body: field toolset: %q is not a toolset (named or meta)", req.Toolset))
		return
	}
	sess, err := s.newSession(clientOf(r), req.EnvID, episode.SessionOptions{Seed: req.Seed, Toolset: req.Toolset})
	if err != nil {
		s.failErr(w, err)
		return
	}
	w.Header().Set("Location", "/v1/sessions/"+sess.ID)
	s.writeStart(w, http.StatusCreated, sess)
}

func (s *Server) getSession(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	in, err := sess.Info()
	s.reply(w, in, err)
}

func (s *Server) deleteSession(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	if !s.CloseSession(sess.ID) {
		s.fail(w, http.StatusConflict, "session_closed", fmt.Sprintf("session %s is already closed", sess.ID))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"session_id": sess.ID, "closed": true})
}

func (s *Server) reset(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	if err := sess.Reset(); err != nil {
		s.failErr(w, err)
		return
	}
	s.writeStart(w, http.StatusOK, sess)
}

// StepRequest is the body of a step.
type StepRequest struct {
	ToolCalls []WireCall `json:"tool_calls"`
}

// WireCall is a tool call as clients send it: flat ({"id", "name",
// "arguments"}) or in the OpenAI chat form ({"id", "type": "function",
// "function": {"name", "arguments"}}). Arguments are a JSON object or a
// JSON string holding one.
type WireCall struct {
	ID        string          `json:"id,omitempty"`
	Type      string          `json:"type,omitempty"`
	Name      string          `json:"name,omitempty"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
	Function  *struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments,omitempty"`
	} `json:"function,omitempty"`
}

// Calls checks the request's shape and returns the tool calls. What the
// arguments hold is the tools' business: bad arguments become observations
// the agent sees, not request errors.
func (r StepRequest) Calls() ([]episode.ToolCall, error) { return r.appendCalls(nil) }

// appendCalls is Calls appending to dst, so that a step can read its calls
// into room of its own.
func (r StepRequest) appendCalls(dst []episode.ToolCall) ([]episode.ToolCall, error) {
	if r.ToolCalls == nil {
		return nil, errors.New(`body: field tool_calls: missing (want [{"id", "name", "arguments"}])`)
	}
	if len(r.ToolCalls) == 0 {
		return nil, errors.New("body: field tool_calls: empty")
	}
	out := slices.Grow(dst, len(r.ToolCalls))
	for i, c := range r.ToolCalls {
		name, args := c.Name, c.Arguments
		if c.Function != nil {
			if name != "" && c.Function.Name != "" && name != c.Function.Name {
				return nil, fmt.Errorf("body: tool_calls[%d]: name %q and function.name %q differ", i, name, c.Function.Name)
			}
			if name == "" {
				name = c.Function.Name
			}
			if len(args) == 0 {
				args = c.Function.Arguments
			}
		}
		if c.Type != "" && c.Type != "function" {
			return nil, fmt.Errorf("body: tool_calls[%d].type: %q (want \"function\")", i, c.Type)
		}
		if name == "" {
			return nil, fmt.Errorf("body: tool_calls[%d].name: missing", i)
		}
		out = append(out, episode.ToolCall{ID: c.ID, Name: name, Args: args})
	}
	return out, nil
}

func (s *Server) step(w http.ResponseWriter, r *http.Request) {
	s.stepSession(w, r, r.PathValue("id"))
}

// stepSession answers a step of the session id.
func (s *Server) stepSession(w http.ResponseWriter, r *http.Request, id string) {
	sess := s.lookupID(w, id)
	if sess == nil {
		return
	}
	req, ok := s.readStepBody(w, r)
	if !ok {
		return
	}
	// Most steps send one call or two: their calls and observations are
	// kept in room on the stack (the session keeps copies of them).
	var room [2]episode.ToolCall
	calls, err := req.appendCalls(room[:0])
	if err != nil {
		s.fail(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	var obs [2]episode.Observation
	res, err := sess.stepInto(obs[:0], calls)
	if err != nil {
		s.failErr(w, err)
		return
	}
	// The reply is written in the pooled buffer's room and sent from
	// there, not copied into the buffer after.
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	sendPooled(w, http.StatusOK, buf, res.AppendJSON(buf.AvailableBuffer()))
}

// sendPooled answers b, written in the room of buf, a pooled buffer, and
// puts buf back; a larger array b grew into becomes the pooled buffer's.
func sendPooled(w http.ResponseWriter, status int, buf *bytes.Buffer, b []byte) {
	writeBytes(w, status, b)
	if cap(b) > buf.Cap() {
		*buf = *bytes.NewBuffer(b[:0])
	}
	bufPool.Put(buf)
}

func (s *Server) evaluate(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	if r.Method == http.MethodPost {
		var none struct{}
		if !s.decodeBody(w, r, &none, true) {
			return
		}
	}
	ev, err := sess.Evaluate()
	s.reply(w, ev, err)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	traj := false
	switch v := r.URL.Query().Get("trajectory"); v {
	case "", "false", "0":
	case "true", "1":
		traj = true
	default:
		s.fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("query parameter trajectory=%q: want true or false", v))
		return
	}
	v, err := sess.View(traj)
	s.reply(w, v, err)
}

func (s *Server) mcp(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	h, err := sess.mcpHandler(MCPOptions{IdleTimeout: s.opts.IdleTimeout, MaxBodyBytes: s.opts.MaxBodyBytes, Logger: s.opts.Logger})
	if err != nil {
		s.failErr(w, err)
		return
	}
	// A POST without a session id that initializes opens a new MCP
	// session: it takes a slot. (Other messages without an id are served
	// on a session of their own that ends with the request.)
	if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" && initializes(r, s.opts.MaxBodyBytes) {
		if err := s.sessions.addMCP(sess, sess.mcpLive()); err != nil {
			s.failErr(w, s.limitError(err))
			return
		}
	}
	if r.Method == http.MethodGet {
		// The event stream lives as long as the MCP session, which has its
		// own idle timeout; the connection's timeouts would cut it.
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Time{})
		_ = rc.SetWriteDeadline(time.Time{})
	}
	sess.touch(s.now())
	h.ServeHTTP(w, r)
}

// initializes reports whether a JSON-RPC body (one message or a batch)
// holds an initialize request; the body is left for the handler to read.
// A body over max is left to the handler to refuse.
func initializes(r *http.Request, max int64) bool {
	buf, err := io.ReadAll(io.LimitReader(r.Body, max+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(buf), r.Body), r.Body}
	if err != nil || int64(len(buf)) > max {
		return true
	}
	type message struct {
		Method string `json:"method"`
	}
	var one message
	if json.Unmarshal(buf, &one) == nil {
		return one.Method == "initialize"
	}
	var batch []message
	if json.Unmarshal(buf, &batch) == nil {
		for _, m := range batch {
			if m.Method == "initialize" {
				return true
			}
		}
	}
	return false
}

// clientOf is the remote address of a request without its port: the
// client the per-client session quota counts.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
