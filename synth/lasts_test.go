package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEventsLastTheirTypesAndPayrollsPayTheirPeriods synthesises Calendly
// and Gusto: a scheduled event ends its event type's duration in minutes
// after it starts, and a payroll's check date is not before its pay
// period starts. Coherence finds no violation over these worlds.
func TestEventsLastTheirTypesAndPayrollsPayTheirPeriods(t *testing.T) {
	var events, payrolls, bad int
	for seed := int64(60); seed < 66; seed++ {
		bad += lastsAndPays(t, seed, &events, &payrolls)
	}
	t.Logf("%d scheduled events with a start, an end and a type, %d payrolls", events, payrolls)
	if events < 10 || payrolls < 3 {
		t.Errorf("drawn %d scheduled events, %d payrolls; want more", events, payrolls)
	}
	if bad > 0 {
		t.Errorf("%d violations", bad)
	}
}

// lastsAndPays synthesises Calendly and Gusto by seed, counts what
// TestEventsLastTheirTypesAndPayrollsPayTheirPeriods reads and returns the
// violations it finds.
func lastsAndPays(t *testing.T, seed int64, events, payrolls *int) int {
	c, servers := readWorld(t, seed, "calendly", "gusto")
	bad := 0
	for _, d := range c.Data {
		types := map[string]map[string]any{}
		for _, et := range d.Records["calendly"]["event_types"] {
			types[state.Text(et["id"])] = et
		}
		for _, ev := range d.Records["calendly"]["scheduled_events"] {
			start, sok := atom.Time(ev["start_time"])
			end, eok := atom.Time(ev["end_time"])
			mins, mok := state.Number(types[state.Text(ev["event_type_id"])]["duration"])
			if !sok || !eok || !mok {
				continue
			}
			*events++
			if end.Sub(start) != time.Duration(mins)*time.Minute {
				if bad++; bad <= 10 {
					t.Errorf("%s: event %v lasts %v, its type %v minutes", d.ID, ev["id"], end.Sub(start), mins)
				}
			}
		}
		for _, p := range d.Records["gusto"]["payrolls"] {
			from, fok := atom.Time(p["pay_period_start"])
			paid, pok := atom.Time(p["check_date"])
			if fok && pok {
				*payrolls++
				if paid.Before(from) {
					if bad++; bad <= 10 {
						t.Errorf("%s: payroll %v paid %v, before its period starts %v", d.ID, p["payroll_uuid"], p["check_date"], p["pay_period_start"])
					}
				}
			}
		}
		for _, v := range checkData(t, d, servers) {
			if bad++; bad <= 20 {
				t.Errorf("%s", v)
			}
		}
	}
	return bad
}

// TestRecordingsCarryTheirMeetingsTopic synthesises Zoom: a recording's
// topic is the one of the meeting or webinar it records.
func TestRecordingsCarryTheirMeetingsTopic(t *testing.T) {
	recordings, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, servers := readWorld(t, seed, "zoom")
		for _, d := range c.Data {
			topics := map[string]any{}
			for _, coll := range []string{"meetings", "webinars"} {
				for _, m := range d.Records["zoom"][coll] {
					topics[state.Text(m["id"])] = m["topic"]
				}
			}
			for _, r := range d.Records["zoom"]["recordings"] {
				want, ok := topics[state.Text(r["meeting_id"])]
				if !ok || r["topic"] == nil {
					continue
				}
				if recordings++; r["topic"] != want {
					if bad++; bad <= 10 {
						t.Errorf("%s: recording %v of %q, its meeting %q", d.ID, r["id"], r["topic"], want)
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d recordings of a meeting", recordings)
	if recordings < 5 {
		t.Errorf("drawn %d recordings of a meeting; want more", recordings)
	}
}
