// Package pipeline is what `legoenv build` runs: it synthesises a corpus
// over the server atoms (package synth), optionally rewrites its
// instructions through a model and keeps only the rewrites that still
// verify, verifies and evolves it, checks the worlds' coherence, and
// collects and writes the verified environments (envs.jsonl, the library,
// the reports), reporting each phase's progress.
package pipeline
