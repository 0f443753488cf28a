package synth

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestDrawnRecordsKeepTheirTypesAndRequests synthesises Acuity, Cal.com,
// Google Ads, Dropbox Sign and the directories of the company's people
// (Mattermost, Gusto, Personio): appointments and bookings last their
// type's duration, conversions are recorded once they happened, a
// signature's signer is one of its request's signers and a request holding
// a declined signature is declined, and a chief's title is held once.
// Coherence, which checks each of these rules, finds no violation either.
func TestDrawnRecordsKeepTheirTypesAndRequests(t *testing.T) {
	counts := map[string]int{}
	bad := 0
	for seed := int64(80); seed < 82; seed++ {
		c, servers := readWorld(t, seed, "acuity_scheduling", "cal_com", "google_ads", "dropbox_sign", "mattermost", "gusto", "personio")
		for _, d := range c.Data {
			var problems []string
			problems = append(problems, lastsTheirType(d, "acuity_scheduling", "appointments", "appointment_types", "appointmentTypeID", "duration", "datetime", "endTime", counts)...)
			problems = append(problems, lastsTheirType(d, "cal_com", "bookings", "event_types", "eventTypeId", "length", "startTime", "endTime", counts)...)
			problems = append(problems, conversionsAfter(d, counts)...)
			problems = append(problems, signaturesOfRequests(d, counts)...)
			for _, k := range [][3]string{{"mattermost", "users", "position"}, {"gusto", "employees", "job_title"}, {"personio", "employees", "position"}} {
				problems = append(problems, chiefsOnce(d, k[0], k[1], k[2], counts)...)
			}
			for _, v := range checkData(t, d, servers) {
				problems = append(problems, v.String())
			}
			for _, p := range problems {
				if bad++; bad <= 20 {
					t.Errorf("%s: %s", d.ID, p)
				}
			}
		}
	}
	t.Logf("records read: %v", counts)
	for _, k := range []string{"acuity_scheduling.appointments", "cal_com.bookings", "google_ads.conversions", "dropbox_sign.signatures", "chiefs"} {
		if counts[k] < 5 {
			t.Errorf("read %d of %s; want more", counts[k], k)
		}
	}
}

// lastsTheirType reads the records of app.coll whose start, end and type
// are set: each ends its type's duration in minutes after it starts.
func lastsTheirType(d *atom.Data, app, coll, types, ref, dur, from, to string, counts map[string]int) []string {
	var out []string
	for _, r := range d.Records[app][coll] {
		ty := findRec(d.Records[app][types], "id", state.Text(r[ref]))
		start, sok := atom.Time(r[from])
		end, eok := atom.Time(r[to])
		mins, mok := state.Number(ty[dur])
		if ty == nil || !sok || !eok || !mok {
			continue
		}
		counts[app+"."+coll]++
		if end.Sub(start) != time.Duration(mins)*time.Minute {
			out = append(out, app+"."+coll+" "+state.Text(r["id"])+state.Text(r["uid"])+" lasts "+end.Sub(start).String()+", its type "+state.Text(mins)+" minutes")
		}
	}
	return out
}

// conversionsAfter reads Google Ads conversions: none is recorded before
// its conversion_time.
func conversionsAfter(d *atom.Data, counts map[string]int) []string {
	var out []string
	for _, c := range d.Records["google_ads"]["conversions"] {
		at, aok := atom.Time(c["conversion_time"])
		rec, rok := atom.Time(c["created_at"])
		if aok && rok {
			counts["google_ads.conversions"]++
			if rec.Before(at) {
				out = append(out, "conversion "+state.Text(c["id"])+" recorded "+state.Text(c["created_at"])+" before "+state.Text(c["conversion_time"]))
			}
		}
	}
	return out
}

// signaturesOfRequests reads Dropbox Sign signatures: the signer is one of
// the request's signer_emails, and a declined one's request is declined.
func signaturesOfRequests(d *atom.Data, counts map[string]int) []string {
	var out []string
	for _, s := range d.Records["dropbox_sign"]["signatures"] {
		q := findRec(d.Records["dropbox_sign"]["signature_requests"], "signature_request_id", state.Text(s["signature_request_id"]))
		if q == nil {
			continue
		}
		counts["dropbox_sign.signatures"]++
		signers := atom.ReferenceKeys(q["signer_emails"])
		if e := state.Text(s["signer_email_address"]); e != "" && len(signers) > 0 && !slices.ContainsFunc(signers, func(x string) bool { return strings.EqualFold(x, e) }) {
			out = append(out, "signature "+state.Text(s["signature_id"])+" by "+e+", not a signer of its request "+strings.Join(signers, ", "))
		}
		if s["status_code"] == "declined" && q["is_declined"] != true {
			out = append(out, "signature "+state.Text(s["signature_id"])+" declined on a request not declined")
		}
	}
	return out
}

// chiefsOnce reads a directory's titles: a chief officer's is held once.
func chiefsOnce(d *atom.Data, app, coll, f string, counts map[string]int) []string {
	var out []string
	held := map[string]bool{}
	for _, r := range d.Records[app][coll] {
		v := state.Text(r[f])
		if !slices.Contains([]string{"CEO", "CFO", "COO", "CTO"}, v) {
			continue
		}
		counts["chiefs"]++
		if held[v] {
			out = append(out, app+"."+coll+": "+v+" held twice")
		}
		held[v] = true
	}
	return out
}
