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

// DefaultLimits are used where a limit is zero.
var DefaultLimits = Limits{
	MaxSteps:            100,
	MaxArgBytes:         64 << 10,
	MaxObservationBytes: 32 << 10,
	StarlarkSteps:       200_000,
	SearchLimit:         20,
	StarlarkBytes:       64 << 20,
	MaxTrajectoryBytes:  8 << 20,
	StarlarkTimeMS:      2000,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxSteps > 0 {
		d.MaxSteps = l.MaxSteps
	}
	if l.MaxArgBytes > 0 {
		d.MaxArgBytes = l.MaxArgBytes
	}
	if l.MaxObservationBytes > 0 {
		d.MaxObservationBytes = l.MaxObservationBytes
	}
	if l.StarlarkSteps > 0 {
		d.StarlarkSteps = l.StarlarkSteps
	}
	if l.SearchLimit > 0 {
		d.SearchLimit = l.SearchLimit
	}
	if l.MaxTrajectoryBytes > 0 {
		d.MaxTrajectoryBytes = l.MaxTrajectoryBytes
	}
	if l.StarlarkTimeMS > 0 {
		d.StarlarkTimeMS = l.StarlarkTimeMS
	}
	if l.StarlarkBytes > 0 {
		d.StarlarkBytes = l.StarlarkBytes
	}
	return d
}
