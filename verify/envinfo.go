package verify

import (
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// envInfo is an environment's facts with the methods verify's checks read
// them through (the probes wrap the same facts in package probe).
type envInfo struct{ *facts.Info }

func newEnvInfo(env *episode.Env) *envInfo { return &envInfo{facts.New(env)} }
