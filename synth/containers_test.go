package synth

import (
	"slices"
	"testing"
	"time"
)

// TestSystemStoryNamesItsTasksSection: an Asana story the product wrote
// on a task names the section the task is in and that section's project,
// as Asana words a move ("moved this task to the Research section");
// a story on a task in no section names neither.
func TestSystemStoryNamesItsTasksSection(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("asana"), nil)
	v := newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	v.world = map[string]map[string][]map[string]any{"asana": {
		"projects": {{"id": "1205001", "name": "Spring launch"}},
		"sections": {{"id": "1206001", "name": "Research", "project": "1205001"}},
		"tasks":    {{"id": "1207001", "name": "Draft the brief", "section": "1206001"}, {"id": "1207002", "name": "Book the venue"}},
	}}
	stories := m.byName["stories"]
	in := v.containers(stories, map[string]any{"id": "1208001", "task": "1207001", "type": "system"})
	if in["inSection"] != "Research" || in["inProject"] != "Spring launch" {
		t.Errorf("containers of a story on a task in Research of Spring launch: %v", in)
	}
	facts := v.textFacts(stories, map[string]any{"id": "1208002", "task": "1207002", "type": "system"}, v.newRow())
	for _, frame := range textFrames["system.core"] {
		if fillable(frame, facts) && (slices.Contains(frameSlots[frame], "inSection") || slices.Contains(frameSlots[frame], "inProject")) {
			t.Errorf("frame %q fillable on a story of a task in no section", frame)
		}
	}
	facts = v.textFacts(stories, map[string]any{"id": "1208003", "task": "1207001", "type": "system"}, v.newRow())
	if got := fill("moved this task to the {inSection} section.", facts); got != "moved this task to the Research section." {
		t.Errorf("filled %q", got)
	}
}
