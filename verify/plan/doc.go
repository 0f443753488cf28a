// Package plan is the planner: from an environment's goal, rules and the
// tools' declared effects it derives the calls that make every positive
// goal assertion hold and keep every negative one and every rule, looking
// records up with the environment's own read tools and writing only what
// the agent has been shown (Sight, lent by verify's grounding check). The
// search is bounded and deterministic; when it finds no plan, Error says
// why, each reason with the root cause verify reports.
package plan
