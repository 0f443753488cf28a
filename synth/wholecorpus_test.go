//go:build !fullcorpus

package synth

// wholeCorpus is whether the tests that synthesise every built-in server
// run: left out of 'go test ./...', where each takes several seconds of
// two idle cores and minutes of a loaded one, and run by .ci/run with the
// fullcorpus tag (corpus_shape_test.go).
const wholeCorpus = false
