//go:build unix

// Package cputime reads the CPU time the process has used, for benchmarks
// that must mean something on a shared machine, where wall time depends on
// what else runs.
package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time (user and system) the process has used.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
