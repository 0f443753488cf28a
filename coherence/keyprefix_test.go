package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestKeyPrefixByKind: where a collection gives a kind of record a key
// prefix of its own (a Slack direct message's D), coherence finds a
// direct message keyed like a channel, and not a D key beside the C keys
// of channels, nor a channel's C key.
func TestKeyPrefixByKind(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "chat", Collections: []atom.Collection{
		{Name: "channels", IDPrefix: "C0", Fields: map[string]atom.Field{
			"name":         {Type: "string", Role: atom.RoleTitle},
			"channel_type": {Type: "string", Enum: []any{"public", "dm"}, Role: atom.RoleStatus},
		}, PrefixWhen: []atom.StatePrefix{{Field: "channel_type", In: []string{"dm"}, Prefix: "D0"}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("chat.channels", "id", []state.Record{
			{"id": "C012345", "name": "general", "channel_type": "public"},
			{"id": "C023456", "name": "sales", "channel_type": "public"},
			{"id": "C034567", "name": "support", "channel_type": "public"},
			{"id": "D045678", "channel_type": "dm"},
			{"id": "C056789", "channel_type": "dm"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"chat": s}, w) {
		if v.Rule == RuleIDForm {
			got = append(got, v.Key)
		}
	}
	if !slices.Equal(got, []string{"C056789"}) {
		t.Errorf("id_form violations at %v, want the direct message keyed like a channel only", got)
	}
}

// TestSpaceKeysByKind: a collection keyed by a key made of its records'
// names (a Confluence space's PR) whose personal kind takes a prefix of
// its own (~): a global space keyed in an id's form ("spa_46384") breaks
// the key's role, a personal one keyed without its ~ breaks id_form, and
// neither a name's key nor a ~ key is found.
func TestSpaceKeysByKind(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "wiki", Collections: []atom.Collection{
		{Name: "spaces", Key: "key", Fields: map[string]atom.Field{
			"key":  {Type: "string", Role: atom.RoleKeyPrefix},
			"name": {Type: "string", Role: atom.RoleTitle},
			"type": {Type: "string", Enum: []any{"global", "personal"}, Role: atom.RoleStatus},
		}, PrefixWhen: []atom.StatePrefix{{Field: "type", In: []string{"personal"}, Prefix: "~"}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("wiki.spaces", "key", []state.Record{
			{"key": "PR", "name": "Product Requirements", "type": "global"},
			{"key": "ENG", "name": "Engineering", "type": "global"},
			{"key": "spa_46384", "name": "acme-launch", "type": "global"},
			{"key": "~52978", "name": "Dana Lee", "type": "personal"},
			{"key": "~31953", "name": "Ines Park", "type": "personal"},
			{"key": "spa_11931", "name": "Wendy Santos", "type": "personal"},
		}))
	got := map[string]string{}
	for _, v := range CheckWorld("d", map[string]*atom.Server{"wiki": s}, w) {
		got[v.Key] += v.Rule + " "
	}
	want := map[string]string{"spa_46384": RuleRole + " ", "spa_11931": RuleIDForm + " "}
	if len(got) != len(want) || got["spa_46384"] != want["spa_46384"] || got["spa_11931"] != want["spa_11931"] {
		t.Errorf("violations %v, want %v", got, want)
	}
}

// TestSystemLabelsKeyedByName: a Gmail label of type system is keyed by
// its name (the built-in atom's id_prefix_when with named): INBOX keyed
// Label_72120 breaks id_form, INBOX keyed INBOX and a user label keyed
// Label_43419 do not.
func TestSystemLabelsKeyedByName(t *testing.T) {
	ss := map[string]*atom.Server{"gmail": builtinServer(t, "gmail")}
	w := state.NewWorld(time.Date(2026, 3, 30, 9, 0, 0, 0, time.UTC),
		state.NewCollection("gmail.labels", "id", []state.Record{
			{"id": "INBOX", "name": "INBOX", "label_type": "system"},
			{"id": "Label_72120", "name": "SENT", "label_type": "system"},
			{"id": "Label_43419", "name": "Orion Analytics", "label_type": "user"},
			{"id": "Label_43420", "name": "Renewals", "label_type": "user"},
		}))
	var got []string
	for _, v := range CheckWorld("d", ss, w) {
		if v.Rule == RuleIDForm {
			got = append(got, v.Key)
		}
	}
	if !slices.Equal(got, []string{"Label_72120"}) {
		t.Errorf("id_form violations at %v, want the system label SENT keyed Label_72120 only", got)
	}
}
