package evolve

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/legoenv/legoenv/verify"
)

// Report is the result of a run, round by round.
type Report struct {
	Rounds []Round `json:"rounds"`
}

// Round is one round's figures: environments verified before and after,
// the repairs proposed with what each fixed (its fan-out) and broke, the
// groups left alone, and the root-cause Pareto before and after.
type Round struct {
	Round          int         `json:"round"`
	Total          int         `json:"total"`
	VerifiedBefore int         `json:"verified_before"`
	VerifiedAfter  int         `json:"verified_after"`
	ShareBefore    float64     `json:"share_before"`
	ShareAfter     float64     `json:"share_after"`
	Repairs        []Repair    `json:"repairs"`
	Proposed       int         `json:"proposed"`
	Accepted       int         `json:"accepted"`
	Rejected       int         `json:"rejected"`
	Skipped        []Skip      `json:"skipped"`
	ParetoBefore   []ParetoRow `json:"pareto_before"`
	ParetoAfter    []ParetoRow `json:"pareto_after"`
	Complete       bool        `json:"complete"` // false for a round that stopped before its end
}

// ParetoRow is one root cause with the environments it blocks: Share of
// the failing ones, Cumulative the running total down the Pareto.
type ParetoRow struct {
	Code       verify.Code `json:"code"`
	Count      int         `json:"count"`
	Share      float64     `json:"share"`
	Cumulative float64     `json:"cumulative"`
}

func paretoOf(s verify.Summary) []ParetoRow {
	out := make([]ParetoRow, len(s.Pareto))
	for i, r := range s.Pareto {
		out[i] = ParetoRow{Code: r.Code, Count: r.Count, Share: r.Share, Cumulative: r.Cumulative}
	}
	return out
}

// Repair is one proposal that went through the gate.
type Repair struct {
	Atom      string      `json:"atom"` // "kind/id"
	RootCause verify.Code `json:"root_cause"`
	Accepted  bool        `json:"accepted"`
	Fixed     int         `json:"fixed"` // environments it fixed: the fan-out
	Broken    int         `json:"broken"`
	Repairer  string      `json:"repairer"`
	Parent    string      `json:"parent"`  // the version repaired
	Version   string      `json:"version"` // the version proposed
	Blocked   int         `json:"blocked"` // environments the group held back
	Reason    string      `json:"reason"`
}

// Skip is a group no proposal was made for.
type Skip struct {
	Atom      string      `json:"atom"`
	RootCause verify.Code `json:"root_cause"`
	Repairer  string      `json:"repairer,omitempty"`
	Blocked   int         `json:"blocked"`
	Reason    string      `json:"reason"`
}

func (e *engine) report() Report {
	rep := Report{Rounds: []Round{}}
	for _, rec := range e.rounds {
		r := Round{Round: rec.round, Total: rec.total, VerifiedBefore: rec.verifiedBefore, ShareBefore: rec.shareBefore,
			VerifiedAfter: rec.verifiedAfter, ShareAfter: rec.shareAfter, ParetoBefore: nonNilPareto(rec.paretoBefore),
			ParetoAfter: nonNilPareto(rec.paretoAfter), Complete: rec.done, Repairs: []Repair{}, Skipped: []Skip{}}
		if !rec.done && e.cur != nil {
			// A round cut short reports where it stands.
			sum := verify.Summarize(e.cur)
			r.VerifiedAfter, r.ShareAfter, r.ParetoAfter = sum.Verified, sum.Share, paretoOf(sum)
		}
		for _, d := range e.decisions {
			if d.Round != rec.round {
				continue
			}
			name := string(d.Atom.Kind) + "/" + d.Atom.ID
			if d.Status == Skipped {
				r.Skipped = append(r.Skipped, Skip{Atom: name, RootCause: d.Code, Repairer: d.Repairer, Blocked: d.Blocked, Reason: d.Reason})
				continue
			}
			r.Proposed++
			if d.Status == Accepted {
				r.Accepted++
			} else {
				r.Rejected++
			}
			r.Repairs = append(r.Repairs, Repair{Atom: name, RootCause: d.Code, Accepted: d.Status == Accepted, Fixed: d.Fixed, Broken: d.Broken,
				Repairer: d.Repairer, Parent: d.Atom.Version, Version: d.Version, Blocked: d.Blocked, Reason: d.Reason})
		}
		rep.Rounds = append(rep.Rounds, r)
	}
	return rep
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// WriteText renders the report as terminal tables, one block per round.
func (r Report) WriteText(w io.Writer) error {
	if len(r.Rounds) == 0 {
		_, err := fmt.Fprintln(w, "no rounds")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for i, rd := range r.Rounds {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		state := ""
		if !rd.Complete {
			state = " (stopped before its end)"
		}
		fmt.Fprintf(tw, "round %d%s: %d environments, verified %d -> %d (%s -> %s); %d proposed, %d accepted, %d rejected, %d left alone\n",
			rd.Round, state, rd.Total, rd.VerifiedBefore, rd.VerifiedAfter, pct(rd.ShareBefore), pct(rd.ShareAfter),
			rd.Proposed, rd.Accepted, rd.Rejected, len(rd.Skipped))
		if len(rd.Repairs) > 0 {
			fmt.Fprintln(tw, "\nATOM\tROOT CAUSE\tREPAIRER\tRESULT\tBLOCKED\tFIXED\tBROKEN\tVERSION\tWHY")
			for _, p := range rd.Repairs {
				res := "rejected"
				if p.Accepted {
					res = "accepted"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s -> %s\t%s\n", p.Atom, p.RootCause, p.Repairer, res, p.Blocked, p.Fixed, p.Broken,
					short(p.Parent), short(p.Version), truncate(p.Reason, 100))
			}
		}
		if len(rd.Skipped) > 0 {
			fmt.Fprintln(tw, "\nLEFT ALONE\tROOT CAUSE\tREPAIRER\tBLOCKED\tWHY")
			for _, s := range rd.Skipped {
				rp := s.Repairer
				if rp == "" {
					rp = "-"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", s.Atom, s.RootCause, rp, s.Blocked, truncate(s.Reason, 100))
			}
		}
		fmt.Fprintln(tw, "\nROOT CAUSE\tBEFORE\tAFTER")
		for _, row := range paretoTable(rd.ParetoBefore, rd.ParetoAfter) {
			fmt.Fprintf(tw, "%s\t%d\t%d\n", row.Code, row.Before, row.After)
		}
		if len(rd.ParetoBefore) == 0 && len(rd.ParetoAfter) == 0 {
			fmt.Fprintln(tw, "(none)\t0\t0")
		}
	}
	return tw.Flush()
}

type paretoPair struct {
	Code          verify.Code
	Before, After int
}

// paretoTable joins the before and after Paretos, in the before order,
// then the causes that appeared.
func paretoTable(before, after []ParetoRow) []paretoPair {
	var out []paretoPair
	at := map[verify.Code]int{}
	for _, r := range before {
		at[r.Code] = len(out)
		out = append(out, paretoPair{Code: r.Code, Before: r.Count})
	}
	for _, r := range after {
		if i, ok := at[r.Code]; ok {
			out[i].After = r.Count
			continue
		}
		at[r.Code] = len(out)
		out = append(out, paretoPair{Code: r.Code, After: r.Count})
	}
	return out
}

func short(v string) string {
	if v == "" {
		return "-"
	}
	if len(v) > 8 {
		return v[:8]
	}
	return v
}

func truncate(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
