// Package verdict is the verify-evolve contract: a Verdict, the root-cause
// Code a failing one names (documented in RootCauses), the RootCause with
// its Evidence and the Fix it suggests, a typed Edit per Action. Package
// verify names every one of them as its own; evolve reads them to repair.
package verdict
