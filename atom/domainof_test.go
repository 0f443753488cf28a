package atom

import (
	"strings"
	"testing"
)

const crmServer = `kind: server
id: crm
collections:
  - name: accounts
    fields:
      account_name: {type: string, role: company}
      website: {type: string, role: url}
      industry: {type: string}
    invariants:
      - {rule: domain_of, fields: [website, account_name]}
tools:
  - name: crm_list_accounts
    description: List accounts.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: accounts}
`

// TestDomainOfDeclared: a domain_of rule reads a domain, a web address or
// an address, and the company's name on the same record; another role on
// either side is a diagnostic on that field.
func TestDomainOfDeclared(t *testing.T) {
	expectDiag(t, crmServer, "", "", "")
	expectDiag(t, strings.Replace(crmServer, "[website, account_name]", "[industry, account_name]", 1), "collections[0].invariants[0].fields[0]", "domain_of reads a domain", "")
	expectDiag(t, strings.Replace(crmServer, "[website, account_name]", "[website, industry]", 1), "collections[0].invariants[0].fields[1]", "domain_of reads the company's name", "")
	expectDiag(t, strings.Replace(crmServer, "[website, account_name]", "[website]", 1), "collections[0].invariants[0].fields", "rule domain_of takes", "")
}
