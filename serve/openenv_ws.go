package serve

// OpenEnv's WebSocket transport (openenv-core 0.2.3, http_server.py's /ws
// and types.py's WS* messages), what its EnvClient speaks: one connection
// is one episode. The client sends {"type": "reset", "data": {seed?,
// env_id?}}, {"type": "step", "data": ACTION}, {"type": "state"} or
// {"type": "close"}; the server answers {"type": "observation", "data":
// {observation, reward, done}}, {"type": "state", "data": STATE} or
// {"type": "error", "data": {message, code}}. The episode's session opens
// at the first reset and closes with the connection.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// OpenEnv's WebSocket error codes (WSErrorCode).
const (
	wsInvalidJSON     = "INVALID_JSON"
	wsUnknownType     = "UNKNOWN_TYPE"
	wsValidationError = "VALIDATION_ERROR"
	wsExecutionError  = "EXECUTION_ERROR"
	wsSessionError    = "SESSION_ERROR"
)

// wsMessage is a message of OpenEnv's WebSocket protocol, either way.
type wsMessage struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// openEnvWS serves one OpenEnv WebSocket connection until the client
// closes it, says close, or is idle for the idle timeout.
func (s *Server) openEnvWS(w http.ResponseWriter, r *http.Request) {
	// The connection lives as long as the episode; the server's request
	// timeouts would cut it. Idle connections end after the idle timeout.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	conn.SetReadLimit(s.opts.MaxBodyBytes)
	var sess *Session
	defer func() {
		// The episode ends first: closing the connection waits for the
		// client's answer to the close frame.
		if sess != nil {
			s.CloseSession(sess.ID)
		}
		conn.Close(websocket.StatusNormalClosure, "")
	}()
	for {
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.IdleTimeout)
		typ, b, err := conn.Read(ctx)
		cancel()
		if err != nil {
			return
		}
		var out any
		var msg wsMessage
		switch {
		case typ != websocket.MessageText || json.Unmarshal(b, &msg) != nil:
			out = wsError(wsInvalidJSON, "want a JSON text message {\"type\", \"data\"}")
		case msg.Type == "close":
			return
		default:
			out, sess = s.openEnvWSMessage(r, msg, sess)
		}
		reply, _ := json.Marshal(out)
		ctx, cancel = context.WithTimeout(r.Context(), s.opts.WriteTimeout)
		err = conn.Write(ctx, websocket.MessageText, reply)
		cancel()
		if err != nil {
			return
		}
	}
}

// openEnvWSMessage answers one message of an episode whose session is
// sess (nil before the first reset); it returns the answer and the
// session from then on.
func (s *Server) openEnvWSMessage(r *http.Request, msg wsMessage, sess *Session) (any, *Session) {
	switch msg.Type {
	case "reset":
		var req OpenEnvResetRequest
		if len(msg.Data) > 0 && json.Unmarshal(msg.Data, &req) != nil {
			return wsError(wsValidationError, "reset: data is not an object"), sess
		}
		if sess != nil && req.EpisodeID == "" && (req.EnvID == "" || req.EnvID == sess.Env.ID) && req.Seed == nil {
			req.EpisodeID = sess.ID // a reset on a connection resets its episode
		}
		next, err := s.openEnvOpen(r, req)
		if err != nil {
			return wsFail(err), sess
		}
		if sess != nil && next != sess {
			s.CloseSession(sess.ID)
		}
		start := OpenEnvStart{EpisodeID: next.ID, EnvID: next.Env.ID, Messages: next.Messages(), MaxSteps: next.Env.Limits.MaxSteps, Tools: openEnvTools(next.Defs())}
		return wsMessageOf("observation", OpenEnvResult{Observation: start}), next
	case "step", "state":
		if sess == nil {
			return wsError(wsSessionError, msg.Type+" before reset: send {\"type\": \"reset\"} first"), nil
		}
		return s.openEnvWSAct(sess, msg), sess
	}
	return wsError(wsUnknownType, "unknown message type "+msg.Type+" (reset, step, state or close)"), sess
}

// openEnvWSAct answers a step or a state message of an open episode.
func (s *Server) openEnvWSAct(sess *Session, msg wsMessage) any {
	if msg.Type == "state" {
		st, err := openEnvStateOf(sess)
		if err != nil {
			return wsFail(err)
		}
		return wsMessageOf("state", st)
	}
	var a OpenEnvAction
	if json.Unmarshal(msg.Data, &a) != nil {
		return wsError(wsValidationError, "step: data is not an action object")
	}
	obs, done, err := openEnvAct(sess, &a)
	if err != nil {
		return wsFail(err)
	}
	ev, err := sess.Evaluate()
	if err != nil {
		return wsFail(err)
	}
	return wsMessageOf("observation", OpenEnvResult{Observation: obs, Reward: &ev.Reward, Done: done})
}

func wsMessageOf(typ string, v any) wsMessage {
	b, _ := json.Marshal(v)
	return wsMessage{Type: typ, Data: b}
}

func wsError(code, msg string) wsMessage {
	return wsMessageOf("error", map[string]string{"message": msg, "code": code})
}

// wsFail is an error message for err: a request's fault is a validation
// error, anything else an execution error.
func wsFail(err error) wsMessage {
	var ae *apiError
	if errors.As(err, &ae) && ae.status < 500 && ae.status != http.StatusConflict {
		return wsError(wsValidationError, ae.msg)
	}
	return wsError(wsExecutionError, err.Error())
}
