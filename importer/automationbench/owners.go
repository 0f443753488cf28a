package automationbench

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// ownerScopes are the fields, among ownedActors, that name whose space a
// record is kept in (an organization, an account) rather than who acted.
var ownerScopes = set("organization_id", "account_sid")

// takenOwners declares, for each field of c naming whose space a record is
// kept in that no call gives (serverOwned), the parent it is taken from:
// the one reference <y>_id of c to another collection of the app that
// keeps the same field. A created record the call leaves the field empty
// on takes its parent's value (atom.AgreeTaken): a Buffer post queued on a
// channel is the channel's organization's, as the product files it. refs
// maps each reference field used to the collection it names.
func takenOwners(app *App, c *Coll) (invs []atom.Invariant, refs map[string]string) {
	for _, f := range c.Fields {
		if !ownerScopes[f.Name] || !serverOwned(f) {
			continue
		}
		var via *Field
		var parent *Coll
		for _, r := range c.Fields {
			y, ok := strings.CutSuffix(r.Name, "_id")
			if !ok || r == f || r.Name == c.Key || r.Type != "string" {
				continue
			}
			target, _, found := entityOf(app, y)
			if !found || target == c || target.Field(f.Name) == nil {
				continue
			}
			if via != nil {
				via = nil // two parents: which one files it is not said
				break
			}
			via, parent = r, target
		}
		if via == nil {
			continue
		}
		if refs == nil {
			refs = map[string]string{}
		}
		refs[via.Name] = parent.Name
		invs = append(invs, atom.Invariant{Rule: "agrees", Fields: []string{f.Name, via.Name, f.Name}, By: atom.AgreeTaken})
	}
	return invs, refs
}
