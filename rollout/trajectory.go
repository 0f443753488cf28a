// Package rollout runs agents on environments through any OpenAI-compatible
// model, records trajectories as JSONL and turns them into training data:
// SFT examples, RL prompts with their reward endpoint, demonstrations and
// evaluation reports.
package rollout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/internal/jsonl"
	"github.com/legoenv/legoenv/llm"
)

// Trajectory is one episode, one JSON object a line of a trajectory file
// (schema/trajectory.schema.json).
type Trajectory struct {
	TaskID     string             `json:"task_id"` // env_id:seed:k, unique within a run; reruns skip ids already written
	EnvID      string             `json:"env_id"`
	Seed       int64              `json:"seed"` // the data seed the session ran with
	Model      string             `json:"model"`
	Tools      []json.RawMessage  `json:"tools"`    // OpenAI function tools offered
	Messages   []llm.Message      `json:"messages"` // OpenAI chat format; tool-call arguments are JSON text
	Reward     float64            `json:"reward"`
	Passed     bool               `json:"passed"`
	Components []assert.Component `json:"components"`
	Steps      int                `json:"steps"` // assistant turns (chat completions)
	Usage      Usage              `json:"usage"`
	StartedAt  time.Time          `json:"started_at"`
	DurationMS int64              `json:"duration_ms"`
}

// Usage is what an episode cost.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
	Requests         int `json:"requests"` // chat completions that succeeded
	Retries          int `json:"retries"`  // HTTP attempts beyond the first, over all requests
}

// TaskID names episode k of an environment with a seed.
func TaskID(envID string, seed int64, k int) string { return fmt.Sprintf("%s:%d:%d", envID, seed, k) }

// Finished reports whether the episode ended with the model answering
// instead of calling a tool (it did not run out of steps).
func (t *Trajectory) Finished() bool {
	if len(t.Messages) == 0 {
		return false
	}
	last := t.Messages[len(t.Messages)-1]
	return last.Role == llm.RoleAssistant && len(last.ToolCalls) == 0
}

// Line renders the trajectory as one JSON line.
func (t *Trajectory) Line() ([]byte, error) { return encodeLine(t) }

// MaxLineBytes bounds one line of a JSONL file.
const MaxLineBytes = 64 << 20

// ReadTrajectories reads a trajectory file. Blank lines are skipped; a line
// that is not a trajectory is an error naming name:line and the field.
func ReadTrajectories(name string, r io.Reader) ([]*Trajectory, error) {
	var out []*Trajectory
	err := jsonl.EachLine(name, r, MaxLineBytes, func(line int, b []byte) error {
		t, err := decodeTrajectory(b)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, t)
		return nil
	})
	return out, err
}

func decodeTrajectory(b []byte) (*Trajectory, error) {
	var t Trajectory
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("not a trajectory: %s", jsonErr(err))
	}
	if t.TaskID == "" {
		return nil, fmt.Errorf("task_id: missing")
	}
	if t.EnvID == "" {
		return nil, fmt.Errorf("env_id: missing")
	}
	for i, m := range t.Messages {
		switch m.Role {
		case llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool:
		default:
			return nil, fmt.Errorf("messages[%d].role: %q is not system, user, assistant or tool", i, m.Role)
		}
	}
	if t.Reward < 0 || t.Reward > 1 {
		return nil, fmt.Errorf("reward: %v is outside [0, 1]", t.Reward)
	}
	return &t, nil
}

// jsonErr names the field of a decoding error where there is one.
func jsonErr(err error) string {
	if te, ok := err.(*json.UnmarshalTypeError); ok && te.Field != "" {
		return fmt.Sprintf("%s: expected %s, got %s", te.Field, te.Type, te.Value)
	}
	return err.Error()
}

// encodeLine writes v as one JSON line without HTML escaping (trainers read
// the text as is).
func encodeLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
