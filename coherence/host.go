package coherence

import (
	"regexp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A record's text that says who hosts it ("Onboarding on 24 June, hosted
// by Keiko O'Brien") names one of the hosts its host fields hold (a
// Calendly event's host_ids, the users its event memberships name:
// https://developer.calendly.com/api-docs, "Scheduled Event"), not a
// person who is none of them.

// HostCue is the words before a record's host's name in its text.
const HostCue = "hosted by "

// hostedByRE finds the name a text gives as its record's host: the words
// of a name after HostCue.
var hostedByRE = regexp.MustCompile(`\b` + HostCue + `(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+)`)

// HostNamed lists the names text gives as its record's host.
func HostNamed(text string) []string {
	var out []string
	for _, m := range hostedByRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// HostFields are the fields of a collection that name its hosts: a
// reference or a list of them, a name, a username or an address, of a
// field named for a host.
func HostFields(sh *Shape) []string {
	var out []string
	for _, f := range sh.names {
		fs := sh.fields[f]
		if atom.HasWord(fs.words, "host", "hosts") && atom.HasWord([]string{fs.role}, atom.RoleRef, atom.RolePersonName, atom.RoleUsername, atom.RoleEmail) {
			out = append(out, f)
		}
	}
	return out
}

// hostText checks each text of the record that names its host against
// its host fields: the person named must be one a field holds.
func (c *checker) hostText(sh *Shape, coll, key string, rec map[string]any) {
	hosts := HostFields(sh)
	if len(hosts) == 0 || c.w == nil {
		return // a record checked alone: its hosts are not at hand
	}
	for tf := range sh.withRole(atom.RoleText) {
		text := state.Text(rec[tf])
		for _, name := range HostNamed(text) {
			for _, f := range hosts {
				held := c.heldNames(sh, coll, f, rec)
				if len(held) > 0 && !slices.ContainsFunc(held, func(h string) bool { return SameParty(name, h) }) {
					c.add(RuleFields, coll, key, tf, text, "the text names %s as host but %s holds %s", name, f, strings.Join(held, ", "))
				}
			}
		}
	}
}

// heldNames is what field f of rec says of the people it holds: for each
// reference (one or a list), the name of the record it names; else its
// own value. A reference to no record of the world names no one.
func (c *checker) heldNames(sh *Shape, coll, f string, rec map[string]any) []string {
	if sh.fields[f].role != atom.RoleRef {
		if v := state.Text(rec[f]); v != "" {
			return []string{v}
		}
		return nil
	}
	var out []string
	for _, k := range atom.ReferenceKeys(rec[f]) {
		if name, ok := c.personOf(sh, coll, f, k); ok {
			out = append(out, name)
		}
	}
	return out
}
