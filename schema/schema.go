// Package schema publishes the JSON Schemas of legoenv's file formats (atom
// kinds, environment recipes, trajectories) so that editors and the loader
// check files against the same definitions.
package schema

import "embed"

// Files holds every *.schema.json of this directory.
//
//go:embed *.schema.json
var Files embed.FS
