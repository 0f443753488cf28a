package evolve

import (
	"context"
	"reflect"
	"testing"
)

// TestStoredReport: the report rebuilt from the store is the one the run
// returned.
func TestStoredReport(t *testing.T) {
	st := openStore(t)
	res, err := Run(context.Background(), loadDir(t, "testdata/faults"), Options{Store: st, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	got, err := StoredReport(context.Background(), st, res.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Rounds) == 0 || len(got.Rounds[0].Repairs) == 0 {
		t.Fatalf("stored report has no repairs: %+v", got)
	}
	if !reflect.DeepEqual(got, res.Report) {
		t.Errorf("stored report\n%+v\nwant\n%+v", got, res.Report)
	}
}
