package verify

import (
	"context"
	"testing"
)

// An invitee the session cancels with its event (an update's cascade)
// leaves the environment verifiable: the instruction picks the event by
// its location, nothing it says names the invitees, and the fence lets
// the cascade's fields move on them alone.
func TestCascadedRecordsAreNotTheGoalsChoice(t *testing.T) {
	lib := loadFixture(t, "cascade")
	v := Verify(context.Background(), lib, lib.Recipes()[0])
	if !v.Verified {
		t.Fatalf("not verified: %+v", v.RootCause)
	}
}
