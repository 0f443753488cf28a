package coherence

import (
	"fmt"
	"regexp"

	"github.com/legoenv/legoenv/atom"
)

// apiNameRE is an API name as Salesforce allows one: letters, digits and
// single underscores, beginning with a letter and not ending with an
// underscore.
var apiNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*$`)

// keyPrefixRE is the form of a key that begins its items' numbers (role
// key_prefix, a Linear team's ENG): capital letters and digits from a
// letter, at most atom.KeyPrefixMax, no number of its own after a hyphen.
var keyPrefixRE = regexp.MustCompile(fmt.Sprintf(`^[A-Z][A-Z0-9]{0,%d}$`, atom.KeyPrefixMax-1))

// apiNames checks that each API name of a record (role api_name) is the
// API name of one of its titles: the product derives it from the name
// (a folder "Q3 budget" is Q3_budget, never "Q3 budget" or another
// folder's).
func (c *checker) apiNames(sh *Shape, coll, key string, rec map[string]any) {
	for f := range sh.withRole(atom.RoleAPIName) {
		s, ok := rec[f].(string)
		if !ok || s == "" || !apiNameRE.MatchString(s) {
			continue // the form is roleProblem's
		}
		agrees, titled := false, false
		for t := range sh.withRole(atom.RoleTitle) {
			if name, ok := rec[t].(string); ok && name != "" {
				titled = true
				agrees = agrees || atom.APIName(name) == s
			}
		}
		if titled && !agrees {
			c.add(RuleFields, coll, key, f, s, "%s %q is not the API name of the record's name", f, s)
		}
	}
}
