package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestPeopleReportToColleagues synthesises HR apps whose records name an
// employee by id (a supervisor, a manager, the person a time-off request
// is for) and reads every such reference: it names another employee the
// world holds, never one made up, never the record itself, and never one
// whose termination date has come.
func TestPeopleReportToColleagues(t *testing.T) {
	refs := []struct{ app, coll, field, to string }{
		{"bamboohr", "employees", "supervisorId", "employees"},
		{"personio", "employees", "supervisor_id", "employees"},
		{"rippling", "employees", "manager_id", "employees"},
		{"hibob", "time_off", "employeeId", "people"},
		{"hibob", "tasks", "employee_id", "people"},
	}
	c, servers := readWorld(t, 47, "bamboohr", "personio", "rippling", "hibob")
	read := map[string]int{}
	for _, d := range c.Data {
		for _, r := range refs {
			to := servers[r.app].Collection(r.to)
			keys, gone := map[string]bool{}, map[string]bool{}
			for _, rec := range d.Records[r.app][r.to] {
				k := state.Text(rec[to.KeyField()])
				keys[k] = true
				for _, f := range []string{"terminationDate", "end_date"} {
					end, ok := atom.Time(rec[f])
					gone[k] = gone[k] || ok && end.Format(time.DateOnly) <= d.Clock[:10]
				}
			}
			own := servers[r.app].Collection(r.coll).KeyField()
			for _, rec := range d.Records[r.app][r.coll] {
				v := state.Text(rec[r.field])
				if v == "" {
					continue
				}
				read[r.app+"."+r.field]++
				if !keys[v] {
					t.Errorf("%s %s.%s %v: %s %q names no record of %s", d.ID, r.app, r.coll, rec[own], r.field, v, r.to)
				}
				if r.coll == r.to && gone[v] {
					t.Errorf("%s %s.%s %v: %s %q has left", d.ID, r.app, r.coll, rec[own], r.field, v)
				}
				if r.coll == r.to && v == state.Text(rec[own]) {
					t.Errorf("%s %s.%s %v: %s names the record itself", d.ID, r.app, r.coll, rec[own], r.field)
				}
			}
		}
	}
	for _, r := range refs {
		if read[r.app+"."+r.field] < 5 {
			t.Errorf("%d references %s.%s read, want 5 or more", read[r.app+"."+r.field], r.app, r.field)
		}
	}
}

// TestOutsideIDsLookLikeTheApps synthesises apps whose records hold ids
// of things the world does not keep (a HubSpot owner, a Linear assignee,
// a Google Docs folder, a Calendly event's uuid) and reads them: each
// is in its app's form (a number where the app numbers its records, the
// app's word-and-joint form, an opaque run elsewhere, a UUID where the
// field says so), never a clipped field name and a number ("own_10823").
func TestOutsideIDsLookLikeTheApps(t *testing.T) {
	made := regexp.MustCompile(`^[a-z]{2,3}_[0-9]{5}$`)
	forms := map[string]*regexp.Regexp{
		"hubspot.deals.hubspot_owner_id":  regexp.MustCompile(`^[1-9][0-9]{8}$`),
		"linear.issues.assigneeId":        regexp.MustCompile(`^ass-[0-9]{5}$`),
		"google_docs.documents.folder_id": regexp.MustCompile(`^[A-Za-z0-9]{9}$`),
		"calendly.scheduled_events.uuid":  regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`),
	}
	c, _ := readWorld(t, 51, "hubspot", "linear", "google_docs", "calendly")
	read := map[string]int{}
	for _, d := range c.Data {
		for name, form := range forms {
			p := strings.SplitN(name, ".", 3)
			for _, rec := range d.Records[p[0]][p[1]] {
				v := state.Text(rec[p[2]])
				if v == "" {
					continue
				}
				read[name]++
				if made.MatchString(v) || !form.MatchString(v) {
					t.Errorf("%s %s: %q is not of the form %s", d.ID, name, v, form)
				}
			}
		}
	}
	for name := range forms {
		if read[name] < 5 {
			t.Errorf("%d values of %s read, want 5 or more", read[name], name)
		}
	}
}
