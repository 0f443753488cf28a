package envfile

import (
	"strings"
	"testing"
)

func TestReadErrors(t *testing.T) {
	good := `{"id":"env-1","recipe":{"intent":"a","data":"b"}}`
	cases := []struct {
		name, input string
		want        []string // each must appear in the error
	}{
		{"not JSON", good + "\n{oops\n", []string{"envs.jsonl:2:", "not a JSON object"}},
		{"an array", "[1]\n", []string{"envs.jsonl:1:", "not a JSON object"}},
		{"no id", `{"recipe":{"intent":"a","data":"b"}}`, []string{"envs.jsonl:1:", "id: missing"}},
		{"id not a string", `{"id":5,"recipe":{"intent":"a","data":"b"}}`, []string{"envs.jsonl:1:", "id:"}},
		{"no recipe", `{"id":"env-1"}`, []string{"envs.jsonl:1:", "recipe: missing"}},
		{"recipe without intent", `{"id":"env-1","recipe":{"data":"b"}}`, []string{"recipe.intent: missing"}},
		{"recipe without data", `{"id":"env-1","recipe":{"intent":"a"}}`, []string{"recipe.data: missing"}},
		{"bad seed", `{"id":"env-1","recipe":{"intent":"a","data":"b","seed":"x"}}`, []string{"recipe:", "seed"}},
		{"verified not a bool", `{"id":"env-1","verified":"yes","recipe":{"intent":"a","data":"b"}}`, []string{"verified:"}},
		{"every bad line", "{\n" + good + "\n{\n", []string{"envs.jsonl:1:", "envs.jsonl:3:"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			recs, err := Read("envs.jsonl", strings.NewReader(c.input))
			if err == nil {
				t.Fatalf("no error; records %+v", recs)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
	recs, err := Read("envs.jsonl", strings.NewReader("\n"+good+"\n"))
	if err != nil || len(recs) != 1 || recs[0].Line != 2 || recs[0].Recipe.Intent.ID != "a" {
		t.Errorf("good line: %+v %v", recs, err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`{"id":"env-1","recipe":{"intent":"a","data":"b"}}`)
	f.Add(`{"id":"env-1","recipe":{"intent":{"id":"a","version":"v"},"data":"b@c","rules":["r"],"seed":3},"verified":true}` + "\n\n{}")
	f.Add(`{"id":"env-1","recipe":null}`)
	f.Add("[]\n{\"id\":1}")
	f.Fuzz(func(t *testing.T, input string) {
		recs, err := Read("f", strings.NewReader(input))
		if err != nil {
			if !strings.Contains(err.Error(), "f:") {
				t.Errorf("error without a position: %v", err)
			}
			return
		}
		for _, r := range recs {
			if r.ID == "" || r.Recipe.Intent.ID == "" || r.Line < 1 {
				t.Errorf("accepted an incomplete record %+v", r)
			}
		}
	})
}
