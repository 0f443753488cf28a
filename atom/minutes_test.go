package atom

import "testing"

// TestMinutesAreAWholeCount: a field of unit minutes is a whole count
// (integer, role count); minutes on a number of money, a text or a
// fractional number is an error, and on a count of minutes none.
func TestMinutesAreAWholeCount(t *testing.T) {
	for _, tc := range []struct {
		f    Field
		errs bool
	}{
		{Field{Type: "integer", Role: RoleCount, Unit: UnitMinutes}, false},
		{Field{Type: "number", Role: RoleCount, Unit: UnitMinutes}, true},
		{Field{Type: "integer", Role: RoleMoney, Unit: UnitMinutes}, true},
		{Field{Type: "string", Role: RoleText, Unit: UnitMinutes}, true},
	} {
		s := &Server{Kind: KindServer, ID: "t", Collections: []Collection{{Name: "event_types", Fields: map[string]Field{"duration": tc.f}}}}
		if ds := validateBehaviour(&Entry{Kind: KindServer, ID: "t"}, s); ds.HasErrors() != tc.errs {
			t.Errorf("%+v: errors %v, want %v (%v)", tc.f, ds.HasErrors(), tc.errs, ds)
		}
	}
	for _, m := range MeetingMinutes() {
		if m != float64(int(m)) || m < 15 || m > 120 {
			t.Errorf("meeting length %v: not a whole quarter hour to two hours", m)
		}
	}
}
