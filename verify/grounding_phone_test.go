package verify

import (
	"regexp"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/verify/ground"
)

// A phone number the goal checks with a pattern is traced like an
// equality: the value written must be one the agent saw, in whatever
// format it was shown; digits of separate numbers do not join into one.
func TestGroundPhoneByPattern(t *testing.T) {
	re := regexp.MustCompile(`^\D*1\D*4\D*1\D*5\D*5\D*5\D*5\D*0\D*1\D*2\D*3\D*$`)
	l := literal{field: "to_number", op: assert.OpMatches, value: re}
	if _, ok := checkedValue("14155550123", l); !ok {
		t.Errorf("a matching number is not checked by the pattern")
	}
	if _, ok := checkedValue("14155550188", l); ok {
		t.Errorf("another number is checked by the pattern")
	}
	ctx := &ground.Visible{}
	ctx.Add("users", `[{"name":"Rosa","phone":"+1 (415) 555-0123"}]`)
	if ctx.Find("14155550123", "to_number") == "" {
		t.Errorf("a number shown in another format is not grounded")
	}
	if got := ctx.Find("14155550188", "to_number"); got != "" {
		t.Errorf("a number nobody showed is grounded by %q", got)
	}
	other := &ground.Visible{}
	other.Add("tickets", `[{"id":41,"requester":"555","code":"0123 1415"}]`)
	if got := other.Find("14155550123", "to_number"); got != "" {
		t.Errorf("digits of separate values grounded a number: %q", got)
	}
}
