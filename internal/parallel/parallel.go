// Package parallel runs one function over a range of indices on a bounded
// number of goroutines, the shape every whole-corpus command shares.
package parallel

import (
	"context"
	"runtime"
	"sync"
)

// Workers is jobs, or every core when jobs is 0 or less.
func Workers(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}

// For calls do(i) for each i in [0, n) on Workers(jobs) goroutines and,
// when progress is not nil, progress(done, n) after each call, one call
// at a time with done rising. It stops handing out indices once ctx ends
// (the caller checks ctx.Err()) and returns when every call it started
// has returned.
func For(ctx context.Context, n, jobs int, do func(i int), progress func(done, total int)) {
	next := make(chan int)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	for range min(Workers(jobs), max(n, 1)) {
		wg.Go(func() {
			for i := range next {
				do(i)
				if progress != nil {
					mu.Lock()
					done++
					progress(done, n)
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
}
