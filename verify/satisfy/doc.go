// Package satisfy reasons about assertion predicates in Go, mirroring the
// CEL the assertions compile to: whether a value or a record satisfies
// predicates (PredHolds, AllHold, HoldsOn), which value would (Scalar,
// List, RecordFor, RegexWitness), the value an argument's schema accepts
// (FitArg, DefaultFor, FreeText), and the loose text both grounding and
// the planner compare words in (Loose, FieldWords). It knows nothing of
// environments, plans or verdicts; the compiled programs stay the judge of
// every plan.
package satisfy
