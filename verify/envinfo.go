package verify

import (
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// envInfo is an environment's facts with the methods verify's checks and
// probes read them through.
type envInfo struct{ *facts.Info }

func newEnvInfo(env *episode.Env) *envInfo { return &envInfo{facts.New(env)} }
