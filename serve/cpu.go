package serve

import "time"

// ProcessCPU is the CPU time (user and system) the process has used, for
// benchmarks that report CPU per operation beside wall time; 0 where it is
// not measured.
func ProcessCPU() time.Duration { return processCPU() }
