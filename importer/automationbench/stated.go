package automationbench

import "slices"

// markStatedFields marks, in each app the tasks use, the fields a
// positive assertion asks to equal a given value by naming them in its
// field parameter (hubspot_company_field_equals {field:
// employee_count, value: 1250}): the benchmark's author holds that an
// update sets them, so a field whose name reads as the server's counter
// (employee_count, recurrence_count) is the user's to give there.
func markStatedFields(s *Schemas, tasks []*taskState) {
	for _, ts := range tasks {
		if ts.task == nil {
			continue
		}
		for _, c := range ts.task.Checks {
			if f := statedField(s, c); f != nil {
				f.Stated = true
			}
		}
	}
}

// statedField is the field a check of type <app>_<entity>_field_equals
// names in its field parameter, or nil.
func statedField(s *Schemas, c map[string]any) *Field {
	typ, _ := c["type"].(string)
	name, _ := c["field"].(string)
	app, rest, ok := s.AppOf(typ)
	ws := words(rest)
	n := len(ws)
	if !ok || name == "" || n < 3 || ws[n-2] != "field" || ws[n-1] != "equals" || slices.Contains(ws, "not") {
		return nil
	}
	e, ok := resolveEntity(s.App(app), ws[:n-2])
	if !ok || e.coll.Actions {
		return nil
	}
	return e.coll.Field(name)
}
