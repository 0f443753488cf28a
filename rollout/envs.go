package rollout

import (
	"sort"

	"github.com/legoenv/legoenv/episode"
)

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
	if in, ok := env.Intent.Intent(); ok {
		info.Family = in.Family
	}
	seen := map[string]bool{}
	for _, s := range env.Servers {
		if sv, ok := s.Server(); ok && sv.Family != "" && !seen[sv.Family] {
			seen[sv.Family] = true
			info.Domains = append(info.Domains, sv.Family)
		}
	}
	sort.Strings(info.Apps)
	sort.Strings(info.Domains)
	return info
}
