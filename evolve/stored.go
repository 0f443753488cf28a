package evolve

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/legoenv/legoenv/store"
)

// roundFromStore reads a stored round back into the engine's record.
func roundFromStore(r store.Round) (*roundRecord, error) {
	rec := &roundRecord{round: r.Round, total: r.Total, verifiedBefore: r.VerifiedBefore, shareBefore: r.ShareBefore,
		done: r.Done, verifiedAfter: r.VerifiedAfter, shareAfter: r.ShareAfter}
	if err := json.Unmarshal(r.ParetoBefore, &rec.paretoBefore); err != nil {
		return nil, fmt.Errorf("stored round %d: pareto_before: %w", r.Round, err)
	}
	if err := json.Unmarshal(r.ParetoAfter, &rec.paretoAfter); err != nil {
		return nil, fmt.Errorf("stored round %d: pareto_after: %w", r.Round, err)
	}
	return rec, nil
}

// StoredReport rebuilds the report of a stored run from its rounds and
// decisions, without the library: what a reader of the database (the web
// UI) shows. A round that stopped before its end reports the figures it
// started with as its end.
func StoredReport(ctx context.Context, st *store.Store, run int64) (Report, error) {
	rounds, err := st.Rounds(ctx, run)
	if err != nil {
		return Report{}, err
	}
	e := &engine{}
	for _, r := range rounds {
		rec, err := roundFromStore(r)
		if err != nil {
			return Report{}, err
		}
		if !rec.done {
			rec.verifiedAfter, rec.shareAfter, rec.paretoAfter = rec.verifiedBefore, rec.shareBefore, rec.paretoBefore
		}
		e.rounds = append(e.rounds, rec)
	}
	reps, err := st.Repairs(ctx, run)
	if err != nil {
		return Report{}, err
	}
	for _, r := range reps {
		e.decisions = append(e.decisions, decisionFromStore(r))
	}
	return e.report(), nil
}
