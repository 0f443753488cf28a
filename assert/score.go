package assert

// Check is a compiled assertion with where it came from.
type Check struct {
	Program *Program
	Source  string // "goal" or "rule:<id>"
}

// Component is one assertion's part in a score.
type Component struct {
	Assertion string `json:"assertion"`
	Source    string `json:"source"`
	Negative  bool   `json:"negative"`
	Initial   bool   `json:"initially_true"`
	Counted   bool   `json:"counted"`
	Passed    bool   `json:"passed"`
	Reason    string `json:"reason"`
}

// Result is a scored run.
type Result struct {
	Reward     float64     `json:"reward"`
	Passed     bool        `json:"passed"`
	Counted    int         `json:"counted"`
	Credited   int         `json:"credited"`
	Components []Component `json:"components"`
}

// Score evaluates checks on the final input and scores them as
// AutomationBench does: partial credit is passed over counted assertions; a
// positive assertion already true in the initial state is not counted unless
// it is false at the end; a negative assertion is credited only when every
// counted positive passes; the run passes iff credit is 1.0. With nothing
// counted the reward is 1.0 (the nontrivial check exists to catch that).
//
// initial may have a nil State when the initial outcomes are not needed
// (every positive is then counted).
func Score(checks []Check, initial, final Input) Result {
	comps := make([]Component, len(checks))
	allPositive := true
	for i, c := range checks {
		a := c.Program.Assertion
		out := c.Program.Eval(final)
		comp := Component{
			Assertion: c.Program.String(),
			Source:    c.Source,
			Negative:  a.IsNegative(),
			Passed:    out.Holds,
			Reason:    out.Reason,
			Counted:   true,
		}
		if !comp.Negative && initial.State != nil {
			comp.Initial = c.Program.Eval(initial).Holds
			if comp.Initial && out.Holds {
				comp.Counted = false
				comp.Reason = "already true at the start; not counted"
			}
		}
		if !comp.Negative && comp.Counted && !comp.Passed {
			allPositive = false
		}
		comps[i] = comp
	}
	res := Result{Components: comps}
	for i := range comps {
		c := &comps[i]
		if !c.Counted {
			continue
		}
		res.Counted++
		if c.Negative && c.Passed && !allPositive {
			c.Passed = false
			c.Reason += "; not credited: a positive assertion failed"
		}
		if c.Passed {
			res.Credited++
		}
	}
	if res.Counted == 0 {
		res.Reward = 1
	} else {
		res.Reward = float64(res.Credited) / float64(res.Counted)
	}
	res.Passed = res.Counted == res.Credited
	return res
}
