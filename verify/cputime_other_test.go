//go:build !unix

package verify

import "time"

// cpuTime is not measured on this platform; the CPU-based metrics read 0.
func cpuTime() time.Duration { return 0 }
