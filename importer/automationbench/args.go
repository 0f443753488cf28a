package automationbench

import "strings"

// Action arguments as a Zapier action takes them. A state schema lists
// everything the app stores; an action takes what a user sets. The server
// keeps the rest: ids it assigns, counters and statistics, timestamps of
// what happened, flags it raises, text it derives, how a cell looks. An
// argument is named as the action names it: a reference by the thing it
// names (`channel`, by id or name), a keyword-escaped field by its word
// (`from_` -> `from`), a plain-text variant by its field (`body_plain` ->
// `body`). The rules are over words, not over apps or tasks.

// ownedNames are fields the server writes whatever the app.
var ownedNames = set("ts", "uri", "uuid", "etag", "snippet", "size_estimate", "internal_date", "history_id",
	"permalink", "reactions", "replies",
	// what an audience did: statistics the platform counts
	"impressions", "clicks", "likes", "shares", "views", "opens", "ctr", "engagement_rate")

// ownedPrefixes begin the names of fields the server derives: statistics
// since an event, the last time something happened, the outcome of a
// server-side event (the account a converted lead became).
var ownedPrefixes = []string{"days_since_", "has_", "num_", "converted_", "merged_", "deleted_"}

// ownedSuffixes end the names of counters and statistics.
var ownedSuffixes = []string{"_count", "_counter", "_opens", "_clicks", "_views", "_estimate", "_uri"}

// eventSuffixes end the names of timestamps; with a past participle before
// them (created_date_time, canceled_at) the server recorded an event.
var eventSuffixes = []string{"_at", "_date_time", "_datetime", "_date", "_time", "_on"}

// ownedActors are the fields naming who did something: the caller.
var ownedActors = set("created_by", "creator_id", "sender_id", "author_id", "account_sid", "organization_id", "modified_by", "updated_by")

// serverOwned reports whether a field is one the server sets rather than
// an argument a user gives.
func serverOwned(f *Field) bool {
	n := f.Name
	if f.Const {
		return true // nothing to set: the schema fixes the value
	}
	if ownedNames[n] || ownedActors[n] && !f.KeptRef {
		return true
	}
	if strings.HasPrefix(n, "sender_") && strings.HasSuffix(n, "_id") {
		return true // sender_profile_id: the caller's own identity
	}
	if strings.HasPrefix(n, "last_") && n != "last_name" {
		return true // last_activity_date, last_login
	}
	for _, p := range ownedPrefixes {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	for _, s := range ownedSuffixes {
		if strings.HasSuffix(n, s) && !f.Stated {
			return true
		}
	}
	// A timestamp or flag of something that happened: canceled_at,
	// no_show_marked_at, is_deleted. One a user sets for the future
	// (scheduled_at, post_at, due_at) is an argument.
	for _, suf := range eventSuffixes {
		if stem, ok := strings.CutSuffix(n, suf); ok && pastEvent(stem) {
			return true
		}
	}
	if stem, ok := strings.CutPrefix(n, "is_"); ok && f.Type == "boolean" {
		return pastEvent(stem) || stem == "read" || stem == "bot"
	}
	return false
}

// pastEvent: the last word of stem says something has happened.
func pastEvent(stem string) bool {
	ws := words(stem)
	if len(ws) == 0 {
		return false
	}
	w := ws[len(ws)-1]
	return strings.HasSuffix(w, "ed") && w != "scheduled" && w != "expected" && w != "planned" || w == "sent"
}

// presentational reports whether a field says how a record looks (a row's
// background colour, bold text) rather than what it holds.
func presentational(f *Field) bool {
	n := f.Name
	return strings.HasSuffix(n, "_color") || strings.HasSuffix(n, "_colour") || strings.HasPrefix(n, "text_format_") || strings.HasPrefix(n, "font_")
}

// userField reports whether an action takes field f as an argument.
func userField(f *Field) bool { return !serverOwned(f) && !presentational(f) }

// argName is the argument that writes field f of c, as an action names
// it. refs: a reference may be given by the name of what it refers to,
// which a write records as given; a search compares ids exactly, so it
// keeps the id's name.
func argName(app *App, c *Coll, f *Field, refs bool) string {
	n := f.Name
	if w, ok := strings.CutSuffix(n, "_"); ok && w != "" && c.Field(w) == nil {
		return w // from_ -> from
	}
	if w, ok := strings.CutSuffix(n, "_plain"); ok && w != "" && c.Field(w) == nil {
		return w // body_plain -> body
	}
	if ref, ok := strings.CutSuffix(n, "_id"); ok && refs && ref != "" && c.Field(ref) == nil && f.Type == "string" && !strings.Contains(ref, "_") {
		if t, _, ok := entityOf(app, ref); ok && t != c && (t.Field("name") != nil || t.Field("title") != nil) {
			return ref // channel_id -> channel: by id or name
		}
	}
	return n
}

// argFor is the argument name and its schema for a writable field.
func argFor(app *App, c *Coll, f *Field) (string, map[string]any) {
	a := argName(app, c, f, true)
	p := propSchema(f)
	if a != f.Name && strings.HasSuffix(f.Name, "_id") {
		p["description"] = "The " + strings.ReplaceAll(a, "_", " ") + ": its id or its name"
	}
	return a, p
}

// ownID reports whether f is an id the server gives a record of c beside
// its key: an envelope's envelope_id, a row's row_id (its number), the id
// of a message once scheduled (scheduled_message_id). No write sets it.
func ownID(c *Coll, f *Field) bool {
	own := singular(c.Name) + "_id"
	if f.Name == c.Key {
		return false
	}
	if f.Name == own {
		return true
	}
	q, ok := strings.CutSuffix(f.Name, "_"+own)
	return ok && !strings.Contains(q, "_") && strings.HasSuffix(q, "ed")
}

// otherVerbsReason reports whether f is the reason a state verb records
// (cancel_reason, voided_reason): that verb's tool takes it, not a create
// or an update.
func otherVerbsReason(f *Field) bool {
	x, ok := strings.CutSuffix(f.Name, "_reason")
	if !ok || x == "" {
		return false
	}
	for v := range statusVerbs {
		if x == v || strings.HasPrefix(x, strings.TrimSuffix(v, "e")) && strings.HasSuffix(x, "ed") {
			return true
		}
	}
	return false
}

// sendOutcome are the fields that say how a send went and what it cost:
// the server's, whatever the app (an SMS's status, direction and price).
var sendOutcome = set("status", "direction", "price", "price_unit", "error_code", "error_message")
