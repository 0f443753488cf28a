package verify

import (
	"github.com/legoenv/legoenv/episode"
)

// envInfo is an environment's facts with the methods verify's checks and
// probes read them through.
type envInfo struct{ *envFacts }

func newEnvInfo(env *episode.Env) *envInfo { return &envInfo{newEnvFacts(env)} }
