package automationbench

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A record kept in its parent's space takes the parent's owner where no
// call gives it (the working half's buffer_queue_post_for_organization): a
// Buffer post's organization_id, which no tool takes, is its channel's,
// through channel_id. A Zendesk ticket's organization_id is the user's to
// give (a kept reference), so nothing is taken for it.
func TestOwnerTakenFromTheParent(t *testing.T) {
	s, err := LoadSchemas(schemasDir)
	if err != nil {
		t.Fatal(err)
	}
	buffer := s.App("buffer")
	invs, refs := takenOwners(buffer, buffer.Collection("posts"))
	want := atom.Invariant{Rule: "agrees", Fields: []string{"organization_id", "channel_id", "organization_id"}, By: atom.AgreeTaken}
	if len(invs) != 1 || !slices.Equal(invs[0].Fields, want.Fields) || invs[0].By != want.By || refs["channel_id"] != "channels" {
		t.Errorf("buffer.posts: %+v %v, want [%+v] channel_id -> channels", invs, refs, want)
	}
	zendesk := s.App("zendesk")
	if invs, _ := takenOwners(zendesk, zendesk.Collection("tickets")); len(invs) != 0 {
		t.Errorf("zendesk.tickets: %+v, want none (the organization is the user's to give)", invs)
	}
	_, res := sampleLibrary(t)
	for _, srv := range res.Servers {
		for _, c := range srv.Collections {
			if srv.ID == "buffer" && c.Name == "posts" {
				if from, ok := c.TakenFrom("organization_id"); !ok || from != "channel_id" || c.Fields["channel_id"].Ref != "channels" {
					t.Errorf("the sample's buffer.posts: taken from %q (%v), channel_id ref %q", from, ok, c.Fields["channel_id"].Ref)
				}
			}
		}
	}
}
