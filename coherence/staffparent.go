package coherence

// A record kept under a member of the company's own staff (a Zendesk
// ticket an agent requests on a customer's behalf: requester_id,
// https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/)
// speaks of the customer, not of the company the agent writes from: an
// agrees rule by company through that reference does not bind it.

// ofStaff reports whether rec, of collection name, is a member of its
// collection's staff (its staff declaration).
func (c *checker) ofStaff(name string, rec map[string]any) bool {
	_, def := c.def(name)
	return def != nil && def.Staff != nil && def.Staff.Holds(rec)
}
