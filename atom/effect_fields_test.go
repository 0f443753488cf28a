package atom

import (
	"strings"
	"testing"
	"testing/fstest"
)

// What a generator used to refuse, lint reports in a hand-written server:
// an effect writing or filtering a field the collection lacks, and a
// constant that does not fit its field.
func TestEffectFields(t *testing.T) {
	const server = `kind: server
id: acme
collections:
  - name: deals
    fields:
      title: {type: string}
      amount: {type: number}
      stage: {type: string, enum: [open, won, lost]}
      closed_at: {type: string, format: date-time}
tools:
  - name: acme_win_deal
    description: Win a deal.
    input: {type: object, properties: {deal_id: {type: string}, name: {type: string}}, required: [deal_id]}
    effect: {kind: update, collection: deals, key: deal_id, fields: {deal_id: id, name: title}, set: {stage: won, closed_at: $now}}
  - name: acme_find_deals
    description: Find deals.
    input: {type: object, properties: {min: {type: number}}}
    effect: {kind: search, collection: deals, filters: [{arg: min, field: amount, op: gte}]}
`
	if _, ds, err := Load(fstest.MapFS{"servers/acme.yaml": {Data: []byte(server)}}); err != nil || len(ds) > 0 {
		t.Fatalf("the good server: %v %v", err, ds)
	}
	// A setting of the app is a string: it fits a string field.
	withSetting := strings.Replace(server, "closed_at: $now", "closed_at: $now, owner_id: $settings.current_user_id", 1)
	withSetting = strings.Replace(withSetting, "      title: {type: string}\n", "      title: {type: string}\n      owner_id: {type: string}\n", 1)
	if _, ds, err := Load(fstest.MapFS{"servers/acme.yaml": {Data: []byte(withSetting)}}); err != nil || len(ds) > 0 {
		t.Fatalf("a setting into a string: %v %v", err, ds)
	}
	cases := []struct {
		name, from, to string
		field, want    string
		warning        bool
	}{
		{"constant outside the enum", "stage: won", "stage: closed", "tools[0].effect.set.stage", "closed is not one of", false},
		{"now into a number", "closed_at: $now", "amount: $now", "tools[0].effect.set.amount", "$now is a date-time string", false},
		{"a string into a number", "closed_at: $now", "amount: lots", "tools[0].effect.set.amount", "for a field of type number", false},
		{"a setting into a number", "closed_at: $now", "amount: $settings.current_user_id", "tools[0].effect.set.amount", "names a setting, a string", false},
		{"set of no field", "closed_at: $now", "closed: $now", "tools[0].effect.set.closed", `no field "closed"`, true},
		{"argument onto no field", "name: title", "name: label", "tools[0].effect.fields.name", `writes field "label"`, true},
		{"filter on no field", "field: amount", "field: value", "tools[1].effect.filters[0].field", `no field "value"`, true},
		{"argument and constant", "name: title}, set: {stage: won", "name: stage}, set: {stage: won", "tools[0].effect.set.stage", `argument "name" writes field "stage" too`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(server, c.from, c.to, 1)
			_, ds, err := Load(fstest.MapFS{"servers/acme.yaml": {Data: []byte(src)}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range ds {
				if d.Field == c.field && strings.Contains(d.Message, c.want) && (d.Severity == Warning) == c.warning && d.Line > 0 {
					return
				}
			}
			t.Fatalf("no diagnostic on %s with %q (warning %v): %v", c.field, c.want, c.warning, ds)
		})
	}
}
