package evolve

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// TestFrozenAtomsAreReportedNotRepaired: an imported benchmark's data is
// ground truth; its fault stays visible and the other faults are still fixed.
func TestFrozenAtomsAreReportedNotRepaired(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	d := *lib.Head(atom.KindData, "initech_sales").MustData()
	d.Frozen = true
	if _, err := lib.Put(&d, "data/initech_sales.yaml", true); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report.Rounds[0]
	if r.VerifiedAfter != 9 || r.Accepted != 2 {
		t.Fatalf("verified after %d, accepted %d; want 9 and 2", r.VerifiedAfter, r.Accepted)
	}
	for _, rep := range r.Repairs {
		if rep.Atom == "data/initech_sales" {
			if rep.Accepted || rep.RootCause != verify.DataMissingEntity || !strings.Contains(rep.Reason, "frozen") {
				t.Fatalf("frozen data repair: %+v", rep)
			}
		}
	}
	if got := res.Library.Head(atom.KindData, "initech_sales").MustData(); !got.Frozen || len(res.Library.Versions(atom.KindData, "initech_sales")) != 2 {
		t.Fatalf("the frozen atom changed")
	}
}
