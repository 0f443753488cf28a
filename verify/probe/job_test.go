package probe

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// TestDiscriminatingWithoutEnvironment: a Job with no environment is
// probed for nothing, without a panic, and with no failure.
func TestDiscriminatingWithoutEnvironment(t *testing.T) {
	ds := Discriminating(&Job{})
	if len(ds) != 1 || ds[0].Cause != nil {
		t.Fatalf("got %+v, want one note", ds)
	}
}

// A reference to a kind of record the tool's app keeps no collection of
// (Instagram's account_id beside its media) names no record of the world,
// so a free value of it is not probed; a reference to a collection the
// app keeps, or one its field declares, is, and so is a value that is the
// key of a record of the app's world whatever its argument is called (a
// Twitter following_id naming one of its users).
func TestKeepsNoRecordOf(t *testing.T) {
	coll := func(app, name string, fields map[string]atom.Field) *facts.Coll {
		return &facts.Coll{Name: app + "." + name, App: app, Coll: name, Def: &atom.Collection{Fields: fields}}
	}
	in := &envInfo{&facts.Info{Colls: map[string]*facts.Coll{
		"instagram.media":        coll("instagram", "media", map[string]atom.Field{"account_id": {Type: "string"}}),
		"google_ads.conversions": coll("google_ads", "conversions", map[string]atom.Field{"account_id": {Type: "string"}, "campaign_id": {Type: "string"}}),
		"google_ads.campaigns":   coll("google_ads", "campaigns", nil),
		"crm.notes":              coll("crm", "notes", map[string]atom.Field{"owner_id": {Type: "string", Ref: "users"}}),
		"twitter.users":          coll("twitter", "users", map[string]atom.Field{"username": {Type: "string"}}),
		"twitter.follows":        coll("twitter", "follows", map[string]atom.Field{"following_id": {Type: "string"}}),
	}, Data: &atom.Data{Records: map[string]map[string][]map[string]any{"twitter": {"users": {{"id": "u9", "username": "rustlang"}}}}}}}
	follow := &episode.Tool{Name: "twitter_follow_user", App: "twitter", Effect: atom.Effect{Kind: "create", Collection: "follows"}}
	publish := &episode.Tool{Name: "instagram_publish_photo", App: "instagram", Effect: atom.Effect{Kind: "create", Collection: "media"}}
	upload := &episode.Tool{Name: "google_ads_send_offline_conversion", App: "google_ads", Effect: atom.Effect{Kind: "create", Collection: "conversions"}}
	note := &episode.Tool{Name: "crm_add_note", App: "crm", Effect: atom.Effect{Kind: "create", Collection: "notes"}}
	other := &episode.Tool{Name: "x_post", App: "x", Effect: atom.Effect{Kind: "create", Collection: "posts"}}
	for _, c := range []struct {
		tool *episode.Tool
		arg  string
		v    any
		want bool
	}{
		{publish, "account_id", "Done", true},
		{upload, "account_id", "412-555-0199", true},
		{upload, "campaign_id", "c1", false},
		{publish, "caption", "Done", false},
		{note, "owner_id", "u1", false},
		{other, "account_id", "Done", false},
		{nil, "account_id", "Done", false},
		{follow, "following_id", "u9", false},
		{follow, "following_id", "u99", true},
	} {
		name := "<nil>"
		if c.tool != nil {
			name = c.tool.Name
		}
		if got := in.keepsNoRecordOf(c.tool, c.arg, c.v); got != c.want {
			t.Errorf("keepsNoRecordOf(%s, %s, %v) = %v, want %v", name, c.arg, c.v, got, c.want)
		}
	}
}
