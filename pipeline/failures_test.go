package pipeline

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/synth"
	"github.com/legoenv/legoenv/verify"
)

// failures, when set, runs a build of that share of the apps without
// evolution and prints its failing environments by template and root
// cause (go test ./pipeline -run TestFailuresByTemplate -failures 0.1 -v).
var failures = flag.Float64("failures", 0, "share of the apps for TestFailuresByTemplate's build (0: skip)")

// templateVerbs are the words intent ids carry after the collection that
// say which template made them.
var templateVerbs = []string{"set", "flag", "tag", "link", "create_under", "route", "bulk", "approve", "handoff", "post", "notify", "copy", "sync", "escalate", "mailing"}

// templateOf names the template that made an intent from its id: the
// template's verb for single- and two-app intents, "workflow" for
// workflows.
func templateOf(id string) string {
	parts := strings.Split(id, ".")
	if len(parts) > 0 && parts[0] == "wf" {
		return "workflow"
	}
	for _, p := range parts[1:] {
		for _, v := range templateVerbs {
			if p == v {
				return v
			}
		}
	}
	return "other"
}

func TestTemplateOf(t *testing.T) {
	for id, want := range map[string]string{
		"asana.tasks.set.status":                    "set",
		"hubspot.notes.create_under.contacts":       "create_under",
		"freshdesk.salesforce.sync.contacts.mobile": "sync",
		"wf.jira.issues.status.gmail.slack.3":       "workflow",
		"x.y.unknown":                               "other",
	} {
		if got := templateOf(id); got != want {
			t.Errorf("templateOf(%q) = %q, want %q", id, got, want)
		}
	}
}

// failureCounts counts failing verdicts by template and root cause (the
// probe kind that slipped through, for not_discriminating).
func failureCounts(vs []verify.Verdict) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, v := range vs {
		tpl := templateOf(v.Intent)
		if out[tpl] == nil {
			out[tpl] = map[string]int{}
		}
		out[tpl]["total"]++
		if v.Verified {
			continue
		}
		code := "unknown"
		if v.RootCause != nil {
			code = string(v.RootCause.Code)
		}
		out[tpl][code]++
	}
	return out
}

func TestFailuresByTemplate(t *testing.T) {
	if *failures <= 0 {
		t.Skip("set -failures SHARE to run")
	}
	b, err := Run(context.Background(), testlib.Builtin(t), BuildOptions{Synth: synth.Options{Seed: 1, Size: *failures}})
	if err != nil {
		t.Fatal(err)
	}
	counts := failureCounts(b.Verdicts)
	tpls := make([]string, 0, len(counts))
	for k := range counts {
		tpls = append(tpls, k)
	}
	sort.Strings(tpls)
	for _, tpl := range tpls {
		fmt.Printf("%-14s", tpl)
		for _, k := range slices.Sorted(maps.Keys(counts[tpl])) {
			fmt.Printf(" %s=%d", k, counts[tpl][k])
		}
		fmt.Println()
	}
	for _, v := range b.Verdicts {
		if !v.Verified && v.RootCause != nil && *failVerbose {
			fmt.Printf("FAIL %s %s %s | %s\n", v.EnvID, v.Intent, v.RootCause.Code, v.RootCause.Evidence.Message)
		}
	}
}

var failVerbose = flag.Bool("failures-v", false, "print each failing environment")
