package corpus

import (
	"embed"
	"io/fs"
)

//go:embed builtin
var builtinFS embed.FS

// Builtin is the built-in corpus: server atoms for well over a hundred
// applications in a dozen and more families (servers/) and the catalogues
// of their operations (operations/). The YAML files are the source, edited
// by hand (docs/corpus-apps.md); environment synthesis composes data, rule
// and intent atoms over them.
func Builtin() fs.FS { return embedded(builtinFS, "builtin") }

// BuiltinServers is the server atoms of the built-in corpus alone.
func BuiltinServers() fs.FS { return embedded(builtinFS, "builtin/servers") }
