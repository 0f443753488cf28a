package verify

import (
	"sync/atomic"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// stampSeq backs the test_counter effect: a process-wide counter, so that
// two replays of the same call number their records differently. The
// declarative effects and the Starlark sandbox are deterministic by design;
// this is the honest way to build an environment that is not.
var stampSeq atomic.Int64

func init() {
	episode.RegisterEffect("test_counter", "test only: create a record numbered by a process-wide counter",
		func(s *atom.Server, t *atom.Tool) (episode.Effect, error) {
			name := s.AppName() + "." + t.Effect.Collection
			return episode.EffectFunc(func(cx *episode.Context, args map[string]any) (any, error) {
				rec := state.Record{"name": args["name"], "seq": float64(stampSeq.Add(1))}
				rec["id"] = cx.State.NextKey(name, "stm_")
				if err := cx.State.Insert(name, rec); err != nil {
					return nil, err
				}
				return rec, nil
			}), nil
		})
}
