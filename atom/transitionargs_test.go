package atom

import (
	"slices"
	"testing"
	"testing/fstest"
)

const cancelServer = `kind: server
id: signing
collections:
  - name: agreements
    fields:
      status: {type: string, enum: [OUT_FOR_SIGNATURE, CANCELLED], role: status}
      cancellation_comment: {type: string, role: text}
      message: {type: string, role: text}
    lifecycle: {field: status, terminal: [CANCELLED], error: "Cannot change a {from} agreement"}
tools:
  - name: signing_cancel_agreement
    description: Cancel an agreement in process.
    input: {type: object, properties: {agreement_id: {type: string}, cancellation_comment: {type: string}, message: {type: string}}, required: [agreement_id, cancellation_comment]}
    effect: {kind: update, collection: agreements, key: agreement_id, fields: {agreement_id: id}, set: {status: CANCELLED}}
  - name: signing_update_agreement
    description: Update an agreement.
    input: {type: object, properties: {agreement_id: {type: string}, message: {type: string}}, required: [agreement_id, message]}
    effect: {kind: update, collection: agreements, key: agreement_id, fields: {agreement_id: id}}
`

// A field a tool moving the lifecycle requires beside the move (the
// comment Adobe Sign records with a cancellation) moves with the status;
// an optional argument of that tool, or one a tool requires that does
// not move the status, does not.
func TestTransitionArgsMoveWithTheStatus(t *testing.T) {
	lib, ds, err := Load(fstest.MapFS{"signing.yaml": {Data: []byte(cancelServer)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	stamps := lib.Head(KindServer, "signing").MustServer().ClockStamps("agreements")
	if got := stamps["cancellation_comment"]; !slices.Equal(got, []string{"status"}) {
		t.Errorf("cancellation_comment moves with %v, want [status]", got)
	}
	if got := stamps["message"]; len(got) != 0 {
		t.Errorf("message moves with %v, want nothing", got)
	}
}
