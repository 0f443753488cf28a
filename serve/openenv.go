package serve

// OpenEnv's HTTP API beside /v1, so that trainers built on OpenEnv reach
// legoenv's sessions with the request and response shapes they already
// speak. The shapes follow openenv-core 0.2.3 (github.com/meta-pytorch/OpenEnv
// at 685de411, src/openenv/core/env_server/types.py, http_server.py and
// mcp_types.py):
//
//	POST /reset  ResetRequest {seed?, episode_id?, ...extra}  -> ResetResponse {observation, reward, done}
//	POST /step   StepRequest {action, timeout_s?, request_id?, ...extra} -> StepResponse {observation, reward, done}
//	GET  /state  State {episode_id, step_count, ...extra}
//	GET  /health HealthResponse {status: "healthy"}
//	GET  /ws     the WebSocket sessions of its EnvClient (openenv_ws.go)
//
// Actions are OpenEnv's MCP actions: {"type": "call_tool", "tool_name",
// "arguments"} (observation CallToolObservation {tool_name, result,
// error}) and {"type": "list_tools"} (ListToolsObservation {tools: [{name,
// description, input_schema}]}).
//
// OpenEnv's own HTTP routes build a fresh environment per request (its
// sessions ride on a WebSocket); a legoenv episode spans many requests, so
// the episode travels in the requests' extra fields, which OpenEnv's
// request models allow: reset answers "episode_id" in its observation, and
// step and state take it back (in the body, or ?episode_id= on state).
// The environment is named by the path (/openenv/envs/{env}/reset, so an
// OpenEnv client's base URL names it) or by "env_id" in the reset body.
// The reward of every step is the session's current evaluation (partial
// credit, as /v1/sessions/{id}/evaluate gives it); done is the step limit.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/legoenv/legoenv/episode"
)

// openEnvVersion is the openenv-core release whose shapes these routes follow.
const openEnvVersion = "0.2.3"

// OpenEnvResetRequest is OpenEnv's ResetRequest with legoenv's extra fields.
type OpenEnvResetRequest struct {
	Seed      *int64 `json:"seed,omitempty"`
	EpisodeID string `json:"episode_id,omitempty"` // an open episode to reset; absent: open one
	EnvID     string `json:"env_id,omitempty"`     // when the path does not name the environment
	Toolset   string `json:"toolset,omitempty"`
}

// OpenEnvAction is an OpenEnv MCP action: call_tool or list_tools.
type OpenEnvAction struct {
	Type      string          `json:"type"`
	ToolName  string          `json:"tool_name,omitempty"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
	Metadata  map[string]any  `json:"metadata,omitempty"`
}

// OpenEnvStepRequest is OpenEnv's StepRequest with the episode it acts on.
type OpenEnvStepRequest struct {
	Action    *OpenEnvAction `json:"action"`
	TimeoutS  *float64       `json:"timeout_s,omitempty"`
	RequestID string         `json:"request_id,omitempty"`
	EpisodeID string         `json:"episode_id"`
}

// OpenEnvResult is OpenEnv's ResetResponse and StepResponse.
type OpenEnvResult struct {
	Observation any      `json:"observation"`
	Reward      *float64 `json:"reward"`
	Done        bool     `json:"done"`
}

// OpenEnvTool is OpenEnv's Tool (its MCP tool specification).
type OpenEnvTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// OpenEnvStart is the observation of a reset: the episode and what an
// agent needs to begin.
type OpenEnvStart struct {
	EpisodeID string            `json:"episode_id"`
	EnvID     string            `json:"env_id"`
	Messages  []episode.Message `json:"messages"`
	Tools     []OpenEnvTool     `json:"tools"`
	MaxSteps  int               `json:"max_steps"`
}

// OpenEnvToolError is OpenEnv's ToolError.
type OpenEnvToolError struct {
	ErrorType string `json:"error_type"`
	Message   string `json:"message"`
}

// OpenEnvCallResult is OpenEnv's CallToolObservation without reward and
// done, which OpenEnv lifts into the step response.
type OpenEnvCallResult struct {
	ToolName string            `json:"tool_name"`
	Result   any               `json:"result"`
	Error    *OpenEnvToolError `json:"error"`
}

// OpenEnvState is OpenEnv's State with legoenv's extra fields.
type OpenEnvState struct {
	EpisodeID string  `json:"episode_id"`
	StepCount int     `json:"step_count"`
	EnvID     string  `json:"env_id"`
	Done      bool    `json:"done"`
	Reward    float64 `json:"reward"`
	Passed    bool    `json:"passed"`
	StateHash string  `json:"state_hash"`
}

// openEnvRoutes mounts OpenEnv's API under /openenv and /openenv/envs/{env}.
func (s *Server) openEnvRoutes() {
	for _, p := range []string{"/openenv", "/openenv/envs/{env}"} {
		s.route(p+"/reset", methods{"POST": s.openEnv(s.openEnvReset)})
		s.route(p+"/step", methods{"POST": s.openEnv(s.openEnvStep)})
		s.route(p+"/state", methods{"GET": s.openEnv(s.openEnvState)})
		s.route(p+"/health", methods{"GET": s.openEnvHealth})
		s.route(p+"/ws", methods{"GET": s.openEnvWS})
	}
}

// openEnv answers what h returns: 200 with the value, or the error.
func (s *Server) openEnv(h func(w http.ResponseWriter, r *http.Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := h(w, r)
		if err != nil {
			s.openEnvFail(w, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// openEnvFail answers an error with FastAPI's "detail" (what OpenEnv
// clients read) beside legoenv's error object.
func (s *Server) openEnvFail(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{status: http.StatusInternalServerError, code: "internal", msg: err.Error()}
		if errors.Is(err, ErrClosed) {
			ae = &apiError{status: http.StatusConflict, code: "session_closed", msg: err.Error()}
		}
	}
	s.met.httpError(ae.status)
	writeJSON(w, ae.status, map[string]any{"detail": ae.msg, "error": map[string]string{"code": ae.code, "message": ae.msg}})
}

func badOpenEnv(status int, format string, a ...any) *apiError {
	code := "bad_request"
	if status == http.StatusUnprocessableEntity {
		code = "validation_error"
	}
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, a...)}
}

// openEnvDecode reads a JSON body into dst. Unknown fields are allowed, as
// OpenEnv's request models allow them; an empty body leaves dst as it is.
func (s *Server) openEnvDecode(w http.ResponseWriter, r *http.Request, dst any) error {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &apiError{status: http.StatusRequestEntityTooLarge, code: "too_large", msg: fmt.Sprintf("request body is larger than %d bytes", mbe.Limit)}
		}
		return badOpenEnv(http.StatusBadRequest, "read body: %v", err)
	}
	if strings.TrimSpace(string(b)) == "" {
		return nil
	}
	if err := json.Unmarshal(b, dst); err != nil {
		return badOpenEnv(http.StatusUnprocessableEntity, "body: %s", describeJSON(b, err))
	}
	return nil
}

func (s *Server) openEnvHealth(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "healthy", "openenv": openEnvVersion})
}

// openEnvSession finds the open episode a request names; env, when set,
// is the environment the path names, which the episode must be of.
func (s *Server) openEnvSession(id, env string) (*Session, error) {
	if id == "" {
		return nil, badOpenEnv(http.StatusUnprocessableEntity, "episode_id: missing (reset answers it in observation.episode_id)")
	}
	sess, st := s.sessions.get(id)
	switch {
	case st == gone:
		return nil, &apiError{status: http.StatusConflict, code: "session_closed", msg: fmt.Sprintf("episode %s is closed (deleted or idle for more than %s)", id, s.opts.IdleTimeout)}
	case st != found:
		return nil, &apiError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("unknown episode %q (reset without episode_id opens one)", id)}
	case env != "" && sess.Env.ID != env:
		return nil, badOpenEnv(http.StatusUnprocessableEntity, "episode %s is of environment %s, not %s", id, sess.Env.ID, env)
	}
	return sess, nil
}

func (s *Server) openEnvReset(w http.ResponseWriter, r *http.Request) (any, error) {
	var req OpenEnvResetRequest
	if err := s.openEnvDecode(w, r, &req); err != nil {
		return nil, err
	}
	sess, err := s.openEnvOpen(r, req)
	if err != nil {
		return nil, err
	}
	start := OpenEnvStart{EpisodeID: sess.ID, EnvID: sess.Env.ID, Messages: sess.Messages(), MaxSteps: sess.Env.Limits.MaxSteps, Tools: openEnvTools(sess.Defs())}
	return OpenEnvResult{Observation: start}, nil
}

// openEnvOpen resets the episode a reset names, or opens a new one.
func (s *Server) openEnvOpen(r *http.Request, req OpenEnvResetRequest) (*Session, error) {
	env := r.PathValue("env")
	if req.EnvID != "" && env != "" && req.EnvID != env {
		return nil, badOpenEnv(http.StatusUnprocessableEntity, "env_id %q and the path's environment %q differ", req.EnvID, env)
	}
	if env == "" {
		env = req.EnvID
	}
	if req.EpisodeID != "" {
		sess, err := s.openEnvSession(req.EpisodeID, env)
		if err != nil {
			return nil, err
		}
		return sess, sess.Reset()
	}
	if env == "" {
		return nil, badOpenEnv(http.StatusUnprocessableEntity, "env_id: missing; name the environment in the body or the path (/openenv/envs/{env}/reset; GET /v1/envs lists them)")
	}
	opts := episode.SessionOptions{Toolset: req.Toolset}
	if req.Seed != nil {
		if *req.Seed < 0 {
			return nil, badOpenEnv(http.StatusUnprocessableEntity, "seed: %d is negative", *req.Seed)
		}
		opts.Seed = *req.Seed
	}
	switch req.Toolset {
	case "", episode.ToolsetNamed, episode.ToolsetMeta:
	default:
		return nil, badOpenEnv(http.StatusUnprocessableEntity, "toolset: %q is not a toolset (named or meta)", req.Toolset)
	}
	return s.newSession(clientOf(r), env, opts)
}

func openEnvTools(defs []episode.Def) []OpenEnvTool {
	out := make([]OpenEnvTool, len(defs))
	for i, d := range defs {
		out[i] = OpenEnvTool{Name: d.Name, Description: d.Description, InputSchema: d.InputSchema}
	}
	return out
}

func (s *Server) openEnvStep(w http.ResponseWriter, r *http.Request) (any, error) {
	var req OpenEnvStepRequest
	if err := s.openEnvDecode(w, r, &req); err != nil {
		return nil, err
	}
	sess, err := s.openEnvSession(req.EpisodeID, r.PathValue("env"))
	if err != nil {
		return nil, err
	}
	obs, done, err := openEnvAct(sess, req.Action)
	if err != nil {
		return nil, err
	}
	ev, err := sess.Evaluate()
	if err != nil {
		return nil, err
	}
	return OpenEnvResult{Observation: obs, Reward: &ev.Reward, Done: done}, nil
}

// openEnvAct runs one action and returns its observation and whether the
// episode is done.
func openEnvAct(sess *Session, a *OpenEnvAction) (any, bool, error) {
	if a == nil {
		return nil, false, badOpenEnv(http.StatusUnprocessableEntity, `action: missing (want {"type": "call_tool", "tool_name", "arguments"} or {"type": "list_tools"})`)
	}
	switch a.Type {
	case "list_tools":
		in, err := sess.Info()
		return map[string]any{"tools": openEnvTools(sess.Defs())}, in.Done, err
	case "call_tool":
	default:
		return nil, false, badOpenEnv(http.StatusUnprocessableEntity, "action.type: %q (want call_tool or list_tools)", a.Type)
	}
	if a.ToolName == "" {
		return nil, false, badOpenEnv(http.StatusUnprocessableEntity, "action.tool_name: missing")
	}
	args := a.Arguments
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	res, err := sess.Step([]episode.ToolCall{{Name: a.ToolName, Args: args}})
	if err != nil {
		return nil, false, err
	}
	o := res.Observations[0]
	out := OpenEnvCallResult{ToolName: a.ToolName, Result: observationValue(o.Content)}
	if o.IsError {
		out.Result = nil
		out.Error = &OpenEnvToolError{ErrorType: "execution_error", Message: o.Content}
	}
	return out, res.Done, nil
}

// observationValue is an observation's content as JSON when it is JSON,
// else the text.
func observationValue(content string) any {
	var v any
	if json.Unmarshal([]byte(content), &v) == nil {
		return v
	}
	return content
}

func (s *Server) openEnvState(_ http.ResponseWriter, r *http.Request) (any, error) {
	sess, err := s.openEnvSession(r.URL.Query().Get("episode_id"), r.PathValue("env"))
	if err != nil {
		return nil, err
	}
	return openEnvStateOf(sess)
}

// openEnvStateOf is an episode's OpenEnv State.
func openEnvStateOf(sess *Session) (OpenEnvState, error) {
	v, err := sess.View(false)
	if err != nil {
		return OpenEnvState{}, err
	}
	ev, err := sess.Evaluate()
	if err != nil {
		return OpenEnvState{}, err
	}
	return OpenEnvState{EpisodeID: sess.ID, StepCount: v.Steps, EnvID: sess.Env.ID, Done: v.Done, Reward: ev.Reward, Passed: ev.Passed, StateHash: v.StateHash}, nil
}
