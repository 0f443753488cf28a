package synth

import "github.com/legoenv/legoenv/state"

// onTheClock moves the dates a past_when or future_when rule denies at
// the world's clock (a campaign being sent that is scheduled next week),
// once every pass that moves dates has run; values a task sets stay.
func (db *dataBuilder) onTheClock(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if !cm.onClock() {
				continue
			}
			sets := db.pinned(cm)
			for _, rec := range db.d.Records[m.app][cm.name] {
				set := sets[state.Text(rec[cm.key])]
				for range 2 { // a span centred on now is one move, a span moved then centred two
					mendAll(cm.shape.Clocked(rec, db.val.clock), rec, set)
				}
			}
		}
	}
}

// onClock reports whether the collection declares a date to one side of
// the clock in some states.
func (cm *collModel) onClock() bool {
	for _, inv := range cm.c.Invariants {
		if inv.OnClock() {
			return true
		}
	}
	return false
}
