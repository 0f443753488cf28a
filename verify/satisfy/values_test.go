package satisfy

import "testing"

// A free value reads right for its field: a stage is a stage, a start time
// a time, never the filler an unnamed field gets.
func TestFreeTextByRole(t *testing.T) {
	for arg, want := range map[string]string{"stage": "New", "deal_status": "New", "start_time": "2026-01-15T09:00:00Z", "due_date": "2026-01-15", "category": "General", "frobnicator": NoRoleText} {
		if got := FreeText(arg); got != want {
			t.Errorf("freeText(%q) = %q, want %q", arg, got, want)
		}
	}
}
