package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// pprofFlags are the --cpuprofile and --memprofile flags of a long job:
// they write pprof files so the job's time and allocations can be read
// with 'go tool pprof' without a separate harness.
type pprofFlags struct {
	cpu, mem string
	cpuFile  *os.File
}

func (p *pprofFlags) flags(c *cobra.Command) {
	c.Flags().StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile of the job to this file (go tool pprof)")
	c.Flags().StringVar(&p.mem, "memprofile", "", "write an allocation profile, taken at the end of the job, to this file (go tool pprof)")
}

// start begins the CPU profile when one was asked for.
func (p *pprofFlags) start() error {
	if p.cpu == "" {
		return nil
	}
	f, err := os.Create(p.cpu)
	if err != nil {
		return badInput("--cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return badInput("--cpuprofile %s: %v", p.cpu, err)
	}
	p.cpuFile = f
	return nil
}

// stop ends the CPU profile and writes the allocation profile; it is safe
// to call when neither was asked for.
func (p *pprofFlags) stop() error {
	if p.cpuFile != nil {
		pprof.StopCPUProfile()
		if err := p.cpuFile.Close(); err != nil {
			return fmt.Errorf("--cpuprofile %s: %w", p.cpu, err)
		}
		p.cpuFile = nil
	}
	if p.mem == "" {
		return nil
	}
	name := p.mem
	p.mem = "" // written once, whichever way the job ends
	f, err := os.Create(name)
	if err != nil {
		return badInput("--memprofile: %v", err)
	}
	defer f.Close()
	runtime.GC() // the in-use figures are those after the job's garbage is gone
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		return fmt.Errorf("--memprofile %s: %w", name, err)
	}
	return nil
}
