package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestChildrenKeepTheirParentsState synthesises Statuspage and TikTok Ads
// worlds: coherence finds no violation of any rule, an ad group of a
// deleted campaign and an ad of a deleted ad group (or of one in a
// deleted campaign) are deleted (synthesis keeps the ads as drawn and
// their parents live, so deleted records stand alone or together), while
// a live ad group's ads keep states of their own, an update posted as a maintenance's work
// began or ended is no older than its window, and an SMS subscriber
// holds a phone number, which no other subscriber does.
func TestChildrenKeepTheirParentsState(t *testing.T) {
	bad, underDeleted, deletes, free, windowed, sms := 0, 0, 0, 0, 0, 0
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "statuspage", "tiktok_ads")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				if bad++; bad <= 10 {
					t.Errorf("%s", v)
				}
			}
			tt := d.Records["tiktok_ads"]
			deleted, status := map[string]bool{}, map[string]string{}
			for _, name := range []string{"campaigns", "adgroups", "ads"} {
				for _, r := range tt[name] {
					if state.Text(r["operation_status"]) == "DELETE" {
						deletes++
					}
				}
			}
			for _, r := range tt["campaigns"] {
				deleted[state.Text(r["campaign_id"])] = state.Text(r["operation_status"]) == "DELETE"
			}
			for _, r := range tt["adgroups"] {
				if deleted[state.Text(r["campaign_id"])] {
					underDeleted++
					if state.Text(r["operation_status"]) != "DELETE" {
						t.Errorf("%s: ad group %v is %v in deleted campaign %v", d.ID, r["adgroup_id"], r["operation_status"], r["campaign_id"])
					}
				}
				deleted["g"+state.Text(r["adgroup_id"])] = state.Text(r["operation_status"]) == "DELETE"
				status["g"+state.Text(r["adgroup_id"])] = state.Text(r["operation_status"])
			}
			for _, r := range tt["ads"] {
				if g := status["g"+state.Text(r["adgroup_id"])]; g != "" && g != "DELETE" && g != state.Text(r["operation_status"]) {
					free++ // a live ad group's ads are enabled, paused or deleted on their own
				}
				if deleted["g"+state.Text(r["adgroup_id"])] {
					underDeleted++
					if state.Text(r["operation_status"]) != "DELETE" {
						t.Errorf("%s: ad %v is %v in deleted ad group %v", d.ID, r["ad_id"], r["operation_status"], r["adgroup_id"])
					}
				}
			}
			sp := d.Records["statuspage"]
			window := map[string]string{}
			for _, r := range sp["incidents"] {
				window[state.Text(r["id"])] = state.Text(r["scheduled_for"])
			}
			for _, u := range sp["incident_updates"] {
				w := window[state.Text(u["incident_id"])]
				switch state.Text(u["status"]) {
				case "in_progress", "verifying", "completed":
					if w == "" {
						continue
					}
					windowed++
					if state.Text(u["created_at"]) < w {
						t.Errorf("%s: update %v (%v) posted %v, before its maintenance %v opens at %v", d.ID, u["id"], u["status"], u["created_at"], u["incident_id"], w)
					}
				}
			}
			for _, s := range sp["subscribers"] {
				phone := state.Text(s["phone_number"]) != ""
				if state.Text(s["mode"]) == "sms" {
					sms++
				}
				if phone != (state.Text(s["mode"]) == "sms") {
					t.Errorf("%s: subscriber %v of mode %v has phone number %q", d.ID, s["id"], s["mode"], s["phone_number"])
				}
			}
		}
	}
	t.Logf("%d violations; %d deleted records, %d ad groups and ads under a deleted parent, %d ads in another state than their live ad group, %d updates in a maintenance's window, %d SMS subscribers", bad, deletes, underDeleted, free, windowed, sms)
	if deletes < 5 || free < 5 || windowed < 3 || sms < 3 {
		t.Errorf("%d deleted records, %d ads free of their live ad group, %d updates in a window and %d SMS subscribers drawn, want more", deletes, free, windowed, sms)
	}
}
