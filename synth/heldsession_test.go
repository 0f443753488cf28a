package synth

import (
	"testing"
)

// TestSessionsHeldAndUpdatesUpToTheResolution: over the data synthesised
// for Whereby and Statuspage, no recording or participant is of a meeting
// still ahead of the clock or dated after it, no recording is named for
// another meeting, no transcription is of a recording not ready, and no
// update that does not close its incident comes after its resolution.
func TestSessionsHeldAndUpdatesUpToTheResolution(t *testing.T) {
	watched := map[string]map[string]bool{
		"whereby.recordings":          {"startDate": true, "meetingId": true, "roomName": true},
		"whereby.participants":        {"joinedAt": true, "leftAt": true},
		"whereby.transcriptions":      {"recordingId": true},
		"statuspage.incident_updates": {"created_at": true},
	}
	records, bad := 0, 0
	for _, app := range []string{"whereby", "statuspage"} {
		for seed := int64(1); seed <= 4; seed++ {
			c, servers := readWorld(t, seed, app)
			for _, d := range c.Data {
				records += len(d.Records[app]["recordings"]) + len(d.Records[app]["incident_updates"])
				for _, v := range checkData(t, d, servers) {
					if watched[v.Collection][v.Field] {
						if bad++; bad <= 10 {
							t.Errorf("%s", v)
						}
					}
				}
			}
		}
	}
	t.Logf("%d recordings and updates checked, %d violations", records, bad)
	if records < 20 {
		t.Errorf("%d recordings and updates checked, want more", records)
	}
}
