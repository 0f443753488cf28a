package atom

import "testing"

// TestMajor: an amount kept in the currency's smallest unit reads in
// hundredths, or whole in a currency of no decimals; any other as it is.
func TestMajor(t *testing.T) {
	minor, plain := Field{Type: "integer", Role: RoleMoney, Unit: UnitMinor}, Field{Type: "integer", Role: RoleMoney}
	for _, c := range []struct {
		f        Field
		x        float64
		currency string
		want     float64
	}{
		{minor, 2398, "usd", 23.98},
		{minor, 2398, "", 23.98},
		{minor, 2398, "JPY", 2398},
		{plain, 2398, "usd", 2398},
	} {
		if got := c.f.Major(c.x, c.currency); got != c.want {
			t.Errorf("Major(%v, %q) with unit %q = %v, want %v", c.x, c.currency, c.f.Unit, got, c.want)
		}
	}
}

// TestMinorUnitOfMoney: a field in the currency's smallest unit is an
// amount of money; a count or a string in it is an error.
func TestMinorUnitOfMoney(t *testing.T) {
	for _, c := range []struct {
		f    Field
		errs bool
	}{
		{Field{Type: "integer", Role: RoleMoney, Unit: UnitMinor}, false},
		{Field{Type: "integer", Role: RoleCount, Unit: UnitMinor}, true},
		{Field{Type: "string", Role: RoleMoney, Unit: UnitMinor}, true},
	} {
		s := &Server{Kind: KindServer, ID: "t", Collections: []Collection{{Name: "charges", Fields: map[string]Field{"amount": c.f}}}}
		if ds := validateBehaviour(&Entry{Kind: KindServer, ID: "t"}, s); ds.HasErrors() != c.errs {
			t.Errorf("unit %q on %s %s: errors %v, want %v: %v", c.f.Unit, c.f.Type, c.f.Role, ds.HasErrors(), c.errs, ds)
		}
	}
}
