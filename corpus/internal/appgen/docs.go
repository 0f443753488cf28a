package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// docs writes docs/corpus-apps.md: what the built-in servers are and how
// they are made, with the table of apps by family.
func docs(servers []*server) []byte {
	var b bytes.Buffer
	fam := map[string][]*server{}
	tools, colls, ab := 0, 0, 0
	for _, s := range servers {
		fam[s.Family] = append(fam[s.Family], s)
		tools += len(s.Tools)
		colls += len(s.Colls)
	}
	for _, a := range registry {
		if a.AB {
			ab++
		}
	}
	names := make([]string, 0, len(fam))
	for f := range fam {
		names = append(names, f)
	}
	sort.Strings(names)
	fmt.Fprintf(&b, `# Built-in applications

The built-in corpus (`+"`corpus/builtin`"+`, embedded as `+"`corpus.Builtin()`"+`)
serves %d applications in %d families: %d collections and %d tools in all.
Every server atom is `+"`corpus/builtin/servers/<app>.yaml`"+`.

## How the servers are made

The YAML is generated from compact per-app specs in Go tables
(`+"`corpus/internal/appgen/apps_*.go`"+`): each spec names the product's own
collections, field names and types (with formats and enums), id formats
(`+"`id_prefix`"+`, `+"`key`"+`), tool names, required arguments and
descriptions, and the generator expands them into full atoms with JSON-Schema
inputs and declarative effects. After editing a spec, run

    go run ./corpus/internal/appgen

and commit the spec with the regenerated files; `+"`go test ./corpus/...`"+`
fails when they disagree.

Every field carries its role in the YAML (`+"`role: ref`"+` with `+"`ref: customers`"+` on a
Stripe charge's `+"`customer`"+`, `+"`role: date`"+` on Calendly's `+"`canceled_at`"+`, `+"`role: code`"+` on
a Jira issue's `+"`key`"+`): appgen writes the role `+"`atom.InferRole`"+` reads from the
name, type and format, or the spec's own where the name is not enough
(`+"`Roles: {\"charges.customer\": \"ref:customers\"}`"+`). A string field whose name says
nothing has no role.

Beside each server, `+"`corpus/builtin/operations/<app>.yaml`"+` (`+"`kind: operations`"+`) is
the catalogue of the product's operations: the spec's tools, and for each
collection the app creates records in, the update its API has beside the
create, with the create's fields (the spec's own `+"`update_<thing>`"+` widened, or a
new one). The server atom serves a curated part; synthesis asks only for
changes a catalogued operation makes, and evolution's `+"`add_tool`"+` adds or widens
tools from here (docs/build.md).

The %d apps of AutomationBench (Zapier, MIT; arXiv:2604.18934) take their
collections and field names from the benchmark's state schemas (a copy with
its licence is in `+"`corpus/internal/appgen/testdata/automationbench/`"+`);
where a schema holds fewer than three collections, or only a log of actions,
the spec adds the product's entities (Asana's projects, sections and tasks)
beside the benchmark's own collections, which are kept as they are.
Scalar properties of a schema (the current user's id) are not collections
and are left out.

Apps of one family differ the way the products do: Gmail sends with
`+"`gmail_send_email`"+` and labels by `+"`label_ids`"+`, Outlook sends with
`+"`outlook_send_message`"+` to `+"`toRecipients`"+` and files by `+"`parentFolderId`"+`; Xero
keys invoices by `+"`invoice_id`"+`, Stripe ids look like `+"`in_1`"+`. Not every
app can do everything: some have no delete, some cannot tag. Tool names are
unique across the corpus (each starts with its app id), so any apps can
share an environment.

## Checks

`+"`go test ./corpus/`"+` loads the servers, requires no lint errors, counts apps
(at least 130), families (at least 12), collections (at least 3 per app)
and tools (at least 6 per app), requires every AutomationBench app and
unique tool names, checks that no two apps of a family share most of their
field or tool names, and calls every tool of every app in a small
environment, checking the declared effect on the state (a search finds the
record and each of its filters can exclude it; a create, update or append
writes what it declares). On the 2-core machine `+"`go test -count=1 ./corpus/`"+`
takes a few seconds (2.5 s measured on the idle machine).

## Apps

| family | apps | app (collections / tools) |
|---|---|---|
`, len(servers), len(fam), colls, tools, ab)
	for _, f := range names {
		var cells []string
		for _, s := range fam[f] {
			cells = append(cells, fmt.Sprintf("%s (%d/%d)", s.ID, len(s.Colls), len(s.Tools)))
		}
		fmt.Fprintf(&b, "| %s | %d | %s |\n", f, len(fam[f]), strings.Join(cells, ", "))
	}
	return b.Bytes()
}
