package automationbench

import "testing"

// A create carried over from the record it was made for to a look-alike
// the plan already makes the same create for is a duplicate of the plan's
// own call, not the task done for a record the task leaves out: the
// over-action probe takes a record the plan does not reach
// (canva_flyers_for_next_week_workshops, fb_open_house_leads_to_hubspot,
// fb_conversions_for_paid_wave_invoices, where the duplicate kept full
// reward and evolve proposed nothing).
func TestOverActionIsNoDuplicateCreate(t *testing.T) {
	initial := map[string]any{
		"google_calendar": map[string]any{
			"calendars": []any{map[string]any{"id": "primary", "summary": "Programs", "primary": true}},
			"events": []any{
				map[string]any{"id": "w1", "summary": "Workshop: Knife skills", "start__dateTime": "2026-02-10T18:00:00Z", "end__dateTime": "2026-02-10T19:00:00Z", "attendees": []any{}},
				map[string]any{"id": "w2", "summary": "Workshop: Bread basics", "start__dateTime": "2026-02-12T18:00:00Z", "end__dateTime": "2026-02-12T19:00:00Z", "attendees": []any{}},
				map[string]any{"id": "w3", "summary": "Staff meeting", "start__dateTime": "2026-02-11T18:00:00Z", "end__dateTime": "2026-02-11T19:00:00Z", "attendees": []any{}}}},
		"canva": map[string]any{"designs": []any{}},
		"meta":  map[string]any{"current_time": "2026-02-04T09:00:00Z"}}
	task := madeUpTask("canva_design_per_workshop",
		`Make a Canva design for each workshop on the calendar, titled exactly as the event. Other events get none.`,
		[]string{"google_calendar_find_events", "canva_create_design"}, initial,
		map[string]any{"type": "canva_design_exists", "title": "Workshop: Knife skills"},
		map[string]any{"type": "canva_design_exists", "title": "Workshop: Bread basics"},
		map[string]any{"type": "canva_design_not_exists", "title": "Staff meeting"})
	if ok, why := verifiedAsImported(t, task); !ok {
		t.Errorf("not verified as imported: %s", why)
	}
}
