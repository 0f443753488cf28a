// Package facts holds what verify derives once per environment and reads
// in every check: the checks compiled with where each came from (Check),
// the collections with their servers (Coll), the tools on each, cel checks
// read as wheres, and replays of calls on a fresh session (Run). The
// planner (package plan) and the checks and probes (package verify) read
// the same Info; it imports no planner and no check.
package facts
