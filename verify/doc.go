// Package verify decides whether an environment gives reliable feedback: it
// runs a table of checks (compose, nontrivial, solvable, discriminating,
// deterministic), cheapest first, and names for every failure a root cause
// and the atom at fault, with a suggested fix where one is known.
//
// Verify is the orchestrator and the public API above the packages it is
// built from: verdict (the verdict vocabulary, named here as verify's
// own), facts (what is derived once per environment), plan (the planner,
// which verify's grounding check lends what the agent sees) and probe (the
// wrong plans of the discriminating check).
package verify
