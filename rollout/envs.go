package rollout

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// EnvRecord is one line of an environments file (envs.jsonl, written by
// `legoenv build`): the fields rollouts need; others are ignored.
type EnvRecord struct {
	ID       string      `json:"id"`
	Recipe   atom.Recipe `json:"recipe"`
	Apps     []string    `json:"apps"`
	Intent   string      `json:"intent"`
	Verified *bool       `json:"verified"` // nil when the file does not say
	Line     int         `json:"-"`
}

// ReadEnvRecords reads an environments file; errors name name:line and the
// field.
func ReadEnvRecords(name string, r io.Reader) ([]EnvRecord, error) {
	var out []EnvRecord
	err := eachLine(name, r, func(line int, b []byte) error {
		var rec EnvRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			return fmt.Errorf("%s:%d: not an environment record: %s", name, line, jsonErr(err))
		}
		switch {
		case rec.ID == "":
			return fmt.Errorf("%s:%d: id: missing", name, line)
		case rec.Recipe.Intent.ID == "":
			return fmt.Errorf("%s:%d: recipe.intent: missing", name, line)
		case rec.Recipe.Data.ID == "":
			return fmt.Errorf("%s:%d: recipe.data: missing", name, line)
		}
		rec.Line = line
		out = append(out, rec)
		return nil
	})
	return out, err
}

// EnvInfo is how evaluation and splits group an environment.
type EnvInfo struct {
	ID      string   `json:"id"`
	Apps    []string `json:"apps"`
	Domains []string `json:"domains"` // the servers' families (email, crm, ...)
	Intent  string   `json:"intent"`
	Family  string   `json:"family"` // the intent's family
}

// Describe returns an environment's groups.
func Describe(env *episode.Env) EnvInfo {
	info := EnvInfo{ID: env.ID, Apps: append([]string(nil), env.Apps...), Intent: env.Intent.ID}
	if in, ok := env.Intent.Atom.(*atom.Intent); ok {
		info.Family = in.Family
	}
	seen := map[string]bool{}
	for _, s := range env.Servers {
		if sv, ok := s.Atom.(*atom.Server); ok && sv.Family != "" && !seen[sv.Family] {
			seen[sv.Family] = true
			info.Domains = append(info.Domains, sv.Family)
		}
	}
	sort.Strings(info.Apps)
	sort.Strings(info.Domains)
	return info
}
