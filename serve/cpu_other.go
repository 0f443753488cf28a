//go:build !unix

package serve

import "time"

// processCPU is not measured here; CPU figures read 0.
func processCPU() time.Duration { return 0 }
