package automationbench

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/episode"
)

// The named surface is the task's zapier_tools; the meta surface is
// search_tools + execute_tool over the same tools, and the same work scores
// the same through either.
func TestToolsets(t *testing.T) {
	lib, _ := importedLibrary(t)
	const intent = "simple.gmail_reply_complaint"

	named := session(t, lib, intent, episode.ToolsetNamed)
	var names []string
	for _, d := range named.Defs() {
		names = append(names, d.Name)
	}
	sort.Strings(names)
	if got, want := strings.Join(names, ","), "gmail_find_email,gmail_reply_to_email"; got != want {
		t.Fatalf("named surface = %s, want the task's zapier_tools %s", got, want)
	}

	meta := session(t, lib, intent, episode.ToolsetMeta)
	var metaNames []string
	for _, d := range meta.Defs() {
		metaNames = append(metaNames, d.Name)
	}
	if got := strings.Join(metaNames, ","); got != "search_tools,execute_tool" {
		t.Fatalf("meta surface = %s", got)
	}
	obs := meta.Call(episode.ToolCall{Name: "search_tools", Args: json.RawMessage(`{"query": "reply email"}`)})
	if obs.IsError {
		t.Fatal(obs.Content)
	}
	var found struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(obs.Content), &found); err != nil {
		t.Fatal(err)
	}
	if len(found.Tools) == 0 || found.Tools[0].Name != "gmail_reply_to_email" {
		t.Fatalf("search_tools(reply email) = %s, want gmail_reply_to_email first", obs.Content)
	}
	// A named tool is not callable directly on the meta surface.
	if o := meta.Call(call{"gmail_find_email", map[string]any{}}.toolCall()); !o.IsError {
		t.Fatalf("meta surface accepted a direct call: %s", o.Content)
	}

	body := "Sorry for the slow dashboard: a fix ships within 48 hours, and 15% off your renewal."
	run(t, named, []call{{"gmail_reply_to_email", map[string]any{"message_id": "msg_4004", "body": body}}})
	run(t, meta, []call{{"execute_tool", map[string]any{"tool_name": "gmail_reply_to_email", "arguments": map[string]any{"message_id": "msg_4004", "body": body}}}})
	rn, rm := named.Evaluate(), meta.Evaluate()
	if !rn.Passed || !rm.Passed || rn.Reward != rm.Reward {
		t.Fatalf("named %.2f/%v, meta %.2f/%v: the same work must score the same", rn.Reward, rn.Passed, rm.Reward, rm.Passed)
	}
	if named.Hash() != meta.Hash() {
		t.Fatal("the same work left different states")
	}
}
