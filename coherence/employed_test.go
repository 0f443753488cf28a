package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTimeOffWhileEmployed: a BambooHR time-off request is made while its
// employee works at the company (the built-in atom's since and within
// rules over the employee): one made before the hire date, or after a
// leaver's termination date, is a violation on its created field.
func TestTimeOffWhileEmployed(t *testing.T) {
	ss := map[string]*atom.Server{"bamboohr": builtinServer(t, "bamboohr")}
	employees := []state.Record{
		{"id": "4043862", "firstName": "Catalina", "lastName": "Jovanovic", "hireDate": "2026-03-24"},
		{"id": "4054802", "firstName": "Yasmin", "lastName": "Okafor", "hireDate": "2026-01-12", "terminationDate": "2026-04-23"},
	}
	for _, c := range []struct {
		name, employee, created string
		want                    int // violations on the request's created
	}{
		{"after the hire", "4043862", "2026-04-02T10:00:00Z", 0},
		{"before the hire", "4043862", "2026-02-07T16:00:00Z", 1},
		{"a leaver, while employed", "4054802", "2026-03-02T09:00:00Z", 0},
		{"a leaver, after leaving", "4054802", "2026-05-04T09:00:00Z", 1},
		{"a leaver, before the hire", "4054802", "2025-12-30T09:00:00Z", 1},
	} {
		req := state.Record{"id": "1974412", "employeeId": c.employee, "type": "Vacation", "status": "requested", "created": c.created}
		w := state.NewWorld(time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC),
			state.NewCollection("bamboohr.employees", "id", employees),
			state.NewCollection("bamboohr.time_off_requests", "id", []state.Record{req}))
		if got := violationsOn(ss, w, "bamboohr.time_off_requests", "created"); got != c.want {
			t.Errorf("%s: %d violations on created, want %d", c.name, got, c.want)
		}
	}
}

// TestWatchExpiresWithinAWeek: a Google Forms watch, active or suspended,
// expires after the clock and seven days after it at most (the built-in
// atom's future_when rule with days).
func TestWatchExpiresWithinAWeek(t *testing.T) {
	ss := map[string]*atom.Server{"google_forms": builtinServer(t, "google_forms")}
	form := state.Record{"formId": "1FAIpQLSf54761", "title": "Renewal for Acme"}
	for _, c := range []struct {
		name, state, expires string
		want                 int // violations on the watch's expireTime
	}{
		{"active, in three days", "ACTIVE", "2026-06-04T09:00:00Z", 0},
		{"active, in seven weeks", "ACTIVE", "2026-07-20T09:00:00Z", 1},
		{"suspended, in six days", "SUSPENDED", "2026-06-07T09:00:00Z", 0},
		{"suspended, expired in April", "SUSPENDED", "2026-04-06T12:30:00Z", 1},
	} {
		watch := state.Record{"id": "watch_49887", "formId": "1FAIpQLSf54761", "eventType": "RESPONSES", "state": c.state, "expireTime": c.expires, "target_topic": "projects/forms-sync/topics/form-responses"}
		w := state.NewWorld(time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC),
			state.NewCollection("google_forms.forms", "formId", []state.Record{form}),
			state.NewCollection("google_forms.watches", "id", []state.Record{watch}))
		if got := violationsOn(ss, w, "google_forms.watches", "expireTime"); got != c.want {
			t.Errorf("%s: %d violations on expireTime, want %d", c.name, got, c.want)
		}
	}
}

// violationsOn counts the violations of the world on one field of one
// collection.
func violationsOn(ss map[string]*atom.Server, w *state.World, coll, field string) int {
	n := 0
	for _, v := range CheckWorld("d", ss, w) {
		if v.Collection == coll && v.Field == field {
			n++
		}
	}
	return n
}
