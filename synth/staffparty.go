package synth

import "slices"

// staffRole is the role of the person of the company who files its own
// records in an app's collection of people (staffParties).
const staffRole = "wfstaff"

// staffParties points each of the company's own records (a policy its
// people wrote, kept as a Zoho Desk ticket) at one of its people: a
// reference of the record to a collection of people (the ticket's
// contact) that the request leaves open names a record of that
// collection drawn at the company, one for all its own records there,
// never a customer's. The person is kept from background references, so
// no customer's record names them. A collection of companies (Salesforce's
// accounts, which carry a contact's name and address) holds no person:
// the record stands under none of them (ownParent), and its person is at
// no customer's account.
func (p *plan) staffParties() {
	for _, cm := range slices.Clone(p.colls) {
		for _, role := range sortedRoles(p.reqs[cm]) {
			r := p.reqs[cm][role]
			if !r.internal {
				continue
			}
			for _, rf := range cm.refs {
				if _, ok := r.refs[rf.name]; ok || rf.list || rf.target == cm || !rf.target.peopleLike() || rf.target.kind() == "company" {
					continue
				}
				p.needPrivate(rf.target, staffRole).internal = true
				r.refs[rf.name] = staffRole
			}
		}
	}
}

// ownParent reports whether rf, a reference of r's record, is left empty:
// the company's own record (or one of its people) stands under no
// customer's company where the reference is optional and the request
// names none.
func ownParent(r *recordReq, rf refField) bool {
	_, named := r.refs[rf.name]
	return r.internal && !named && rf.target.kind() == "company" && !r.cm.field(rf.name).Required
}

// asked reports whether the plan asks for a record of cm other than the
// person staffParties draws: a collection a task names holds more records
// beside its own, and the world's description counts them.
func (p *plan) asked(cm *collModel) bool {
	for role := range p.reqs[cm] {
		if role != staffRole {
			return true
		}
	}
	return false
}
