package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/legoenv/legoenv/dist"
)

// TestDistVerifyCommand runs 'legoenv dist verify' against an embedded
// JetStream server on 127.0.0.1 with one worker, and compares its JSON with
// 'legoenv verify --json'.
func TestDistVerifyCommand(t *testing.T) {
	url := natsServer(t)

	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	w := &dist.Worker{JS: js, Concurrency: 2}
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	code, out, errs := cli(t, "", "dist", "verify", "--nats", url, "--json", "--timeout", "60s")
	if code != 0 {
		t.Fatalf("dist verify: exit %d: %s", code, errs)
	}
	_, local, _ := cli(t, "", "verify", "--json")
	type summary struct {
		Total, Verified int
		Envs            []struct{ ID, Verdict string }
	}
	var got, want summary
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("dist verify JSON: %v\n%s", err, out)
	}
	json.Unmarshal([]byte(local), &want)
	if got.Total != want.Total || got.Verified != want.Verified || len(got.Envs) != len(want.Envs) {
		t.Fatalf("dist %+v, local %+v", got, want)
	}
	for i := range got.Envs {
		if got.Envs[i] != want.Envs[i] {
			t.Errorf("env %d: dist %+v, local %+v", i, got.Envs[i], want.Envs[i])
		}
	}
}

func TestDistBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"dist", "verify", "--nats", "nats://127.0.0.1:1", "--timeout", "2s"},
		{"worker", "--nats", "nats://127.0.0.1:1"},
		{"worker", "--nats", "nats://127.0.0.1:1", "--concurrency", "-1"},
	} {
		code, _, errs := cli(t, "", args...)
		if code != 2 || !strings.Contains(errs, "legoenv:") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
}

// natsServer starts an embedded JetStream server on 127.0.0.1 for the test.
func natsServer(t *testing.T) string {
	t.Helper()
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats server not ready")
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s.ClientURL()
}

// TestDistVerifyWithoutWorker: the verdicts missing at --timeout carry the
// environment ids 'legoenv envs' lists, the table's root-cause column
// agrees with the Pareto, and the wait is said while it lasts.
func TestDistVerifyWithoutWorker(t *testing.T) {
	url := natsServer(t)
	ids := exampleEnvIDs(t)
	code, out, errs := cli(t, "", "dist", "verify", "--nats", url, "--timeout", "2s")
	if code != 1 {
		t.Fatalf("dist verify without a worker: exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "dist: waiting for verdicts: 0 of 7 in after") || !strings.Contains(errs, "legoenv worker --nats URL") {
		t.Errorf("no waiting line: %s", errs)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) >= 3 {
			rows[f[0]] = f[1] + " " + f[2]
		}
	}
	for _, id := range ids {
		if rows[id] != "failed interrupted" {
			t.Errorf("%s is listed as %q, want failed, interrupted:\n%s", id, rows[id], out)
		}
	}
	if rows["interrupted"] != "7 100.0%" || !strings.Contains(out, "no verdict within 2s") {
		t.Errorf("Pareto or reason:\n%s", out)
	}
}
