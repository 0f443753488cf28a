package verify

import "sort"

// Summary counts verdicts: how many environments were verified, how many
// each root cause blocks, and the Pareto of causes.
type Summary struct {
	Total, Verified int
	Share           float64 // Verified / Total (0 when Total is 0)
	ByCause         map[Code]int
	Pareto          []ParetoRow
	// Unasked counts the verified environments the instruction-ablation
	// self-check flags (Verdict.Unasked).
	Unasked int
}

// ParetoRow is one root cause in the Pareto: Share is the fraction of the
// failing environments it blocks, Cumulative the running total of shares in
// the order of the rows (most blocking first).
type ParetoRow struct {
	Code       Code
	Count      int
	Share      float64
	Cumulative float64
}

// Interrupted is the Pareto code of a failing verdict without a root cause:
// its verification was cut short, or (distributed) no worker gave one.
const Interrupted Code = "interrupted"

// CauseCode is the code a verdict counts under in the Pareto: its root
// cause's, Interrupted when it failed without one, "" when verified. Tables
// that list verdicts beside a Pareto use it so that the two agree.
func CauseCode(v Verdict) Code {
	switch {
	case v.Verified:
		return ""
	case v.RootCause != nil:
		return v.RootCause.Code
	}
	return Interrupted
}

// Summarize counts verdicts. A failing verdict without a root cause (an
// interrupted verification) counts under "interrupted".
func Summarize(vs []Verdict) Summary {
	s := Summary{Total: len(vs), ByCause: map[Code]int{}}
	for _, v := range vs {
		if v.Verified {
			s.Verified++
			if v.Unasked {
				s.Unasked++
			}
		} else {
			s.ByCause[CauseCode(v)]++
		}
	}
	if s.Total > 0 {
		s.Share = float64(s.Verified) / float64(s.Total)
	}
	failed := s.Total - s.Verified
	for code, n := range s.ByCause {
		s.Pareto = append(s.Pareto, ParetoRow{Code: code, Count: n})
	}
	sort.Slice(s.Pareto, func(i, j int) bool {
		if s.Pareto[i].Count != s.Pareto[j].Count {
			return s.Pareto[i].Count > s.Pareto[j].Count
		}
		return s.Pareto[i].Code < s.Pareto[j].Code
	})
	cum := 0
	for i := range s.Pareto {
		cum += s.Pareto[i].Count
		s.Pareto[i].Share = float64(s.Pareto[i].Count) / float64(failed)
		s.Pareto[i].Cumulative = float64(cum) / float64(failed)
	}
	return s
}
