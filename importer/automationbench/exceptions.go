package automationbench

// The explicit exceptions to the naming grammar. Everything not listed here
// is derived from the assertion or tool name, its parameters and the app's
// schema; an entry is added only where the benchmark's names do not say
// what the schema calls a thing.

// entityAlias points an entity word at a collection, optionally narrowed by
// a marker (a Gmail draft is a message labelled DRAFT).
type entityAlias struct {
	coll   string
	marker string
}

// entityAliases: app -> entity word (singular) -> collection.
var entityAliases = map[string]map[string]entityAlias{
	"gmail": {
		"email": {coll: "messages"}, "mail": {coll: "messages"},
		"draft": {coll: "messages", marker: markerDraft},
	},
	"slack":    {"dm": {coll: "dms"}, "direct_message": {coll: "dms"}},
	"buffer":   {"queue": {coll: "posts"}},
	"calendly": {"meeting": {coll: "scheduled_events"}, "booking": {coll: "scheduled_events"}},
	"chatgpt":  {"prompt": {coll: "conversations"}},
}

// Markers: how a collection tells records of one kind apart (sent mail from
// received mail). Tools that send set the marker; assertions about sent
// records test it.
const (
	markerSent  = "sent"
	markerDraft = "draft"
)

// marker is a list field holding a label.
type marker struct {
	field string
	value string
}

// markers: app.collection -> marker -> label.
var markers = map[string]map[string]marker{
	"gmail.messages": {
		markerSent:  {field: "label_ids", value: "SENT"},
		markerDraft: {field: "label_ids", value: "DRAFT"},
	},
}

// defaultMarker: an assertion over these collections that names no record
// is about records of this kind ("gmail_email_body_contains" reads sent mail,
// not the inbox).
var defaultMarker = map[string]string{
	"gmail.messages": markerSent,
}

// fieldAliases: app ("" for every app) -> parameter or argument name ->
// the schema's field, where the benchmark uses another vendor's name.
var fieldAliases = map[string]map[string]string{
	"":           {"content": "body", "message": "body", "recipient": "to"},
	"salesforce": {"who_id": "contact_id", "what_id": "related_to_id"},
}

// untypedFields declares the fields of collections the schemas leave as
// untyped objects, where tools need to know what to write.
var untypedFields = map[string]map[string][]*Field{
	"slack": {"dms": {
		{Name: "recipient_id", Type: "string", Description: "User id of the recipient"},
		{Name: "user_id", Type: "string", Description: "User id of the sender"},
		{Name: "text", Type: "string", Description: "Message text"},
		{Name: "ts", Type: "string", Description: "Timestamp"},
	}},
	"jira": {"issues": {
		{Name: "key", Type: "string", Description: "Issue key (PROJ-123)"},
		{Name: "project", Type: "string", Description: "Project key"},
		{Name: "issuetype", Type: "string", Description: "Bug, Task, Story, ..."},
		{Name: "summary", Type: "string", Description: "One-line summary"},
		{Name: "description", Type: "string"},
		{Name: "priority", Type: "string"},
		{Name: "status", Type: "string"},
		{Name: "assignee", Type: "string"},
		{Name: "labels", Type: "array", Items: "string"},
	}},
}
