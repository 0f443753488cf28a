package episode

// Limits bound an episode.
type Limits struct {
	MaxSteps            int `json:"max_steps"`             // tool calls per episode
	MaxArgBytes         int `json:"max_arg_bytes"`         // bytes of one call's arguments
	MaxObservationBytes int `json:"max_observation_bytes"` // bytes of one observation; longer ones are cut
	StarlarkSteps       int `json:"starlark_steps"`        // execution steps of one Starlark effect
	SearchLimit         int `json:"search_limit"`          // results of a search when the tool sets none
	StarlarkBytes       int `json:"starlark_bytes"`        // bytes of values one Starlark effect builds, reads or returns
	MaxTrajectoryBytes  int `json:"max_trajectory_bytes"`  // bytes of arguments and observations a session records
	StarlarkTimeMS      int `json:"starlark_time_ms"`      // wall time of one Starlark effect, in milliseconds
}

// defaultLimits are used where a limit is zero.
var defaultLimits = Limits{
	MaxSteps:            100,
	MaxArgBytes:         64 << 10,
	MaxObservationBytes: 32 << 10,
	StarlarkSteps:       200_000,
	SearchLimit:         20,
	StarlarkBytes:       64 << 20,
	MaxTrajectoryBytes:  8 << 20,
	StarlarkTimeMS:      2000,
}

// WithDefaults returns l with the default in place of every limit it leaves
// at zero; Limits{}.WithDefaults() is the defaults.
func (l Limits) WithDefaults() Limits { return defaultLimits.Override(l) }

// Override returns l with every positive field of o in place of its own.
func (l Limits) Override(o Limits) Limits {
	set := func(dst *int, v int) {
		if v > 0 {
			*dst = v
		}
	}
	set(&l.MaxSteps, o.MaxSteps)
	set(&l.MaxArgBytes, o.MaxArgBytes)
	set(&l.MaxObservationBytes, o.MaxObservationBytes)
	set(&l.StarlarkSteps, o.StarlarkSteps)
	set(&l.SearchLimit, o.SearchLimit)
	set(&l.StarlarkBytes, o.StarlarkBytes)
	set(&l.MaxTrajectoryBytes, o.MaxTrajectoryBytes)
	set(&l.StarlarkTimeMS, o.StarlarkTimeMS)
	return l
}
