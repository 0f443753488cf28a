package main

func init() {
	add(App{ID: "typeform", Family: "forms",
		Desc: "Typeform: forms in workspaces and the responses people submit.",
		Colls: []C{
			{Name: "forms", Prefix: "lT4Z3j", Fields: "title workspace_id type=quiz|classification|score|branching fields:[] is_public:b display_url:url last_updated_at:dt"},
			{Name: "responses", Key: "response_id", Prefix: "21085286190ffad1248d17c4135ee56f", Fields: "response_id form_id submitted_at:dt landed_at:dt answers:o hidden:o score:i email:email"},
			{Name: "workspaces", Prefix: "Aw33bz", Fields: "name shared:b"},
		},
		Tools: []T{
			create("create_form", "forms", "title* workspace_id* type fields", "Create a form.", "is_public", false, "last_updated_at", "$now"),
			search("list_forms", "forms", "title workspace_id is_public", "List forms."),
			get("get_form", "forms", "form_id=id", "Get a form with its fields."),
			update("update_form", "forms", "form_id=id title fields is_public", "Update a form.", "last_updated_at", "$now"),
			del("delete_form", "forms", "form_id=id", "Delete a form and its responses."),
			search("list_responses", "responses", "form_id* email since=submitted_at@gte until=submitted_at@lte page_size:limit", "List a form's responses."),
			del("delete_response", "responses", "response_id", "Delete a response."),
			search("list_workspaces", "workspaces", "name", "List workspaces."),
			create("create_workspace", "workspaces", "name*", "Create a workspace.", "shared", false),
		}})

	add(App{ID: "google_forms", Family: "forms",
		Desc: "Google Forms: forms with questions, responses, and watches that notify on new responses.",
		Colls: []C{
			{Name: "forms", Key: "formId", Prefix: "1FAIpQLSf", Fields: "formId title description document_title questions:[] responder_uri:url accepting_responses:b linked_sheet_id"},
			{Name: "responses", Key: "responseId", Prefix: "ACYDBNj", Fields: "responseId formId respondentEmail:email answers:o createTime:dt lastSubmittedTime:dt totalScore:n"},
			{Name: "watches", Prefix: "watch_", Fields: "formId eventType=SCHEMA|RESPONSES target_topic state=ACTIVE|SUSPENDED expireTime:dt"},
		},
		Tools: []T{
			create("create_form", "forms", "title* document_title description", "Create a form.", "accepting_responses", true),
			get("get_form", "forms", "formId", "Get a form with its questions."),
			update("batch_update", "forms", "formId title description questions", "Update a form's title, description or questions."),
			update("set_accepting_responses", "forms", "formId accepting_responses*", "Open or close a form to responses."),
			search("list_responses", "responses", "formId* respondentEmail submitted_after=lastSubmittedTime@gte", "List a form's responses."),
			get("get_response", "responses", "responseId", "Get one response."),
			create("create_watch", "watches", "formId* eventType* target_topic*", "Get notified of new responses or schema changes.", "state", "ACTIVE"),
			search("list_watches", "watches", "formId*", "List a form's watches."),
			del("delete_watch", "watches", "watch_id=id", "Delete a watch."),
		}})

	add(App{ID: "jotform", Family: "forms",
		Desc: "Jotform: forms, submissions with answers and flags, and folders.",
		Colls: []C{
			{Name: "forms", Prefix: "2301", Fields: "title status=ENABLED|DISABLED|DELETED url:url count:i new:i folder_id created_at:dt"},
			{Name: "submissions", Prefix: "5801", Fields: "form_id ip answers:o status=ACTIVE|OVERQUOTA|DELETED new:b flag:b notes created_at:dt"},
			{Name: "folders", Prefix: "6401", Fields: "name color parent"},
		},
		Tools: []T{
			search("get_user_forms", "forms", "title status folder_id", "List your forms."),
			get("get_form", "forms", "form_id=id", "Get a form."),
			create("create_form", "forms", "title* folder_id", "Create a form.", "status", "ENABLED", "count", 0, "new", 0, "created_at", "$now"),
			update("disable_form", "forms", "form_id=id", "Disable a form.", "status", "DISABLED"),
			search("get_form_submissions", "submissions", "form_id* status flag new after=created_at@gte", "List a form's submissions."),
			get("get_submission", "submissions", "submission_id=id", "Get a submission."),
			create("create_form_submission", "submissions", "form_id* answers*", "Submit answers to a form.", "status", "ACTIVE", "new", true, "flag", false, "created_at", "$now"),
			update("edit_submission", "submissions", "submission_id=id answers flag new notes", "Edit a submission, flag it or mark it read."),
			update("delete_submission", "submissions", "submission_id=id", "Delete a submission.", "status", "DELETED"),
			search("get_folders", "folders", "name parent", "List folders."),
		}})

	add(App{ID: "surveymonkey", Family: "forms",
		Desc: "SurveyMonkey: surveys with pages of questions, collectors that gather responses, and contact lists.",
		Colls: []C{
			{Name: "surveys", Prefix: "40", Fields: "title nickname language category=community|customer_feedback|education|events|healthcare|human_resources|market_research|other question_count:i response_count:i date_modified:dt"},
			{Name: "collectors", Prefix: "41", Fields: "survey_id name type=weblink|email|sms|popup status=new|open|closed url:url close_date:dt allow_multiple_responses:b"},
			{Name: "responses", Prefix: "42", Fields: "survey_id collector_id response_status=completed|partial|overquota|disqualified recipient_email:email total_time:i pages:[o] date_created:dt"},
			{Name: "contact_lists", Prefix: "43", Fields: "name contact_emails:[]"},
		},
		Tools: []T{
			create("create_survey", "surveys", "title* nickname language category", "Create a survey.", "question_count", 0, "response_count", 0, "date_modified", "$now"),
			search("list_surveys", "surveys", "title category", "List surveys."),
			get("get_survey_details", "surveys", "survey_id=id", "Get a survey."),
			create("create_collector", "collectors", "survey_id* type* name close_date allow_multiple_responses", "Create a collector (a weblink or email invitation) for a survey.", "status", "new"),
			update("close_collector", "collectors", "collector_id=id", "Stop a collector accepting responses.", "status", "closed"),
			search("list_collectors", "collectors", "survey_id* status type", "List a survey's collectors."),
			search("list_responses", "responses", "survey_id* collector_id response_status recipient_email start_created_at=date_created@gte", "List responses."),
			get("get_response_details", "responses", "response_id=id", "Get one response with its answers."),
			create("create_contact_list", "contact_lists", "name* contact_emails", "Create a contact list."),
			push("add_contact_to_list", "contact_lists", "list_id=id email=contact_emails", "Add a contact to a list."),
		}})

	add(App{ID: "pagerduty", Family: "incident",
		Desc: "PagerDuty: incidents on services with urgency, escalation policies, notes and on-call users.",
		Colls: []C{
			{Name: "incidents", Prefix: "Q1", Fields: "incident_number:i title service_id status=triggered|acknowledged|resolved urgency=high|low priority=P1|P2|P3|P4|P5 assignee_ids:[] escalation_policy_id incident_key created_at:dt resolved_at:dt"},
			{Name: "notes", Prefix: "N1", Fields: "incident_id content user_email:email created_at:dt"},
			{Name: "services", Prefix: "P1", Fields: "name description status=active|warning|critical|maintenance|disabled escalation_policy_id"},
			{Name: "users", Prefix: "PU", Fields: "name email:email role=admin|limited_user|observer|owner|read_only_user|user time_zone"},
			{Name: "escalation_policies", Prefix: "PE", Fields: "name num_loops:i user_ids:[]"},
		},
		Tools: []T{
			create("create_incident", "incidents", "title* service_id* urgency priority incident_key assignee_ids escalation_policy_id", "Trigger an incident on a service.", "status", "triggered", "created_at", "$now"),
			search("list_incidents", "incidents", "status urgency service_id priority assignee=assignee_ids since=created_at@gte", "List incidents."),
			get("get_incident", "incidents", "incident_id=id", "Get an incident."),
			update("acknowledge_incident", "incidents", "incident_id=id", "Acknowledge an incident.", "status", "acknowledged"),
			update("resolve_incident", "incidents", "incident_id=id", "Resolve an incident.", "status", "resolved", "resolved_at", "$now"),
			update("update_incident", "incidents", "incident_id=id urgency priority title escalation_policy_id", "Change an incident's urgency, priority or escalation policy."),
			push("reassign_incident", "incidents", "incident_id=id user_id=assignee_ids", "Add an assignee to an incident."),
			create("create_note", "notes", "incident_id* content* user_email*", "Add a note to an incident.", "created_at", "$now"),
			search("list_notes", "notes", "incident_id*", "List an incident's notes."),
			search("list_services", "services", "name status", "List services."),
			update("disable_service", "services", "service_id=id", "Disable a service (for maintenance).", "status", "disabled"),
			search("list_users", "users", "name email role", "List users."),
			search("list_escalation_policies", "escalation_policies", "name user_id=user_ids", "List escalation policies."),
		}})

	add(App{ID: "opsgenie", Family: "incident",
		Desc: "Opsgenie: alerts with priority, owners, tags and notes; teams and on-call schedules.",
		Colls: []C{
			{Name: "alerts", Prefix: "70413a06-", Fields: "tinyId message alias description status=open|closed acknowledged:b priority=P1|P2|P3|P4|P5 owner:email responders:[] tags:[] source createdAt:dt"},
			{Name: "alert_notes", Prefix: "nt-", Fields: "alert_id note owner:email createdAt:dt"},
			{Name: "teams", Prefix: "tm-", Fields: "name description member_emails:[]"},
			{Name: "schedules", Prefix: "sc-", Fields: "name ownerTeam timezone enabled:b on_call_participants:[]"},
		},
		Tools: []T{
			create("create_alert", "alerts", "message* alias description priority responders tags source", "Create an alert.", "status", "open", "acknowledged", false, "createdAt", "$now"),
			search("list_alerts", "alerts", "status priority acknowledged owner tag=tags message alias", "List alerts."),
			get("get_alert", "alerts", "alert_id=id", "Get an alert."),
			update("acknowledge_alert", "alerts", "alert_id=id", "Acknowledge an alert.", "acknowledged", true),
			update("close_alert", "alerts", "alert_id=id", "Close an alert.", "status", "closed"),
			update("assign_alert", "alerts", "alert_id=id owner*", "Make someone the alert's owner."),
			update("update_alert_priority", "alerts", "alert_id=id priority*", "Change an alert's priority."),
			push("add_tags", "alerts", "alert_id=id tag=tags", "Tag an alert."),
			create("add_note", "alert_notes", "alert_id* note*", "Add a note to an alert.", "createdAt", "$now"),
			search("list_teams", "teams", "name member=member_emails", "List teams."),
			search("get_on_calls", "schedules", "name ownerTeam enabled", "List schedules and who is on call."),
		}})

	add(App{ID: "statuspage", Family: "incident",
		Desc: "Atlassian Statuspage: components of a status page, public incidents with updates, scheduled maintenance, subscribers.",
		Colls: []C{
			{Name: "components", Prefix: "b13yz5g2cw10", Fields: "name description status=operational|under_maintenance|degraded_performance|partial_outage|major_outage group_id showcase:b"},
			{Name: "incidents", Prefix: "p31zjtct2jer", Fields: "name status=investigating|identified|monitoring|resolved|scheduled|in_progress|verifying|completed impact=none|minor|major|critical body component_ids:[] scheduled_for:dt scheduled_until:dt created_at:dt resolved_at:dt"},
			{Name: "incident_updates", Prefix: "upd", Fields: "incident_id status=investigating|identified|monitoring|resolved body created_at:dt"},
			{Name: "subscribers", Prefix: "sub", Fields: "email:email mode=email|sms|webhook component_ids:[] quarantined:b"},
		},
		Tools: []T{
			search("list_components", "components", "name status group_id", "List components."),
			update("update_component_status", "components", "component_id=id status*", "Set a component's status."),
			create("create_incident", "incidents", "name* status* impact* body* component_ids", "Open a public incident.", "created_at", "$now"),
			create("schedule_maintenance", "incidents", "name* body* scheduled_for* scheduled_until* component_ids", "Schedule maintenance.", "status", "scheduled", "impact", "none", "created_at", "$now"),
			search("list_incidents", "incidents", "status impact name component=component_ids", "List incidents."),
			update("update_incident", "incidents", "incident_id=id status impact body", "Change an incident's status or impact."),
			update("resolve_incident", "incidents", "incident_id=id", "Resolve an incident.", "status", "resolved", "resolved_at", "$now"),
			create("post_incident_update", "incident_updates", "incident_id* status* body*", "Post an update to an incident's timeline.", "created_at", "$now"),
			create("create_subscriber", "subscribers", "email* mode component_ids", "Subscribe someone to updates.", "quarantined", false),
			search("list_subscribers", "subscribers", "email mode quarantined", "List subscribers."),
		}})

	add(App{ID: "sentry", Family: "incident",
		Desc: "Sentry: error issues grouped from events in projects, with assignment, resolution and comments.",
		Colls: []C{
			{Name: "issues", Prefix: "4512", Fields: "shortId title culprit project level=fatal|error|warning|info|debug status=unresolved|resolved|ignored substatus assignedTo count:i userCount:i firstSeen:dt lastSeen:dt isBookmarked:b"},
			{Name: "events", Key: "eventID", Prefix: "9fac2ceed9344f2bbfdd1fdacb0ed9b1", Fields: "eventID issue_id message platform environment release user_email:email tags:o dateCreated:dt"},
			{Name: "comments", Prefix: "c", Fields: "issue_id text user dateCreated:dt"},
			{Name: "projects", Key: "slug", Fields: "slug name platform team status=active|disabled"},
		},
		Tools: []T{
			search("list_project_issues", "issues", "project* status level assignedTo query=title", "List a project's issues."),
			get("retrieve_issue", "issues", "issue_id=id", "Get an issue."),
			search("find_issue_by_short_id", "issues", "shortId*", "Find an issue by short id (PROJ-1A2)."),
			update("resolve_issue", "issues", "issue_id=id", "Resolve an issue.", "status", "resolved"),
			update("ignore_issue", "issues", "issue_id=id substatus", "Ignore (archive) an issue.", "status", "ignored"),
			update("assign_issue", "issues", "issue_id=id assignedTo*", "Assign an issue to a user or team."),
			update("bookmark_issue", "issues", "issue_id=id", "Bookmark an issue.", "isBookmarked", true),
			search("list_issue_events", "events", "issue_id* environment release user_email", "List an issue's events."),
			create("add_comment", "comments", "issue_id* text*", "Comment on an issue.", "dateCreated", "$now"),
			search("list_projects", "projects", "name platform team status", "List projects."),
		}})

	add(App{ID: "figma", Family: "design",
		Desc: "Figma: files in team projects, comments pinned to files, and component libraries.",
		Colls: []C{
			{Name: "files", Key: "key", Prefix: "FgK", Fields: "key name project_id editor_type=figma|figjam|slides thumbnail_url:url last_modified:dt version"},
			{Name: "projects", Prefix: "3220", Fields: "team_id name"},
			{Name: "comments", Prefix: "1508", Fields: "file_key message node_id user_handle resolved_at:dt created_at:dt"},
			{Name: "components", Key: "key", Prefix: "cmp", Fields: "key file_key name description containing_frame created_at:dt"},
		},
		Tools: []T{
			search("get_project_files", "files", "project_id* name editor_type", "List a project's files."),
			get("get_file", "files", "file_key=key", "Get a file's metadata."),
			search("get_team_projects", "projects", "team_id* name", "List a team's projects."),
			create("post_comment", "comments", "file_key* message* node_id", "Comment on a file, optionally pinned to a node.", "user_handle", "me", "created_at", "$now"),
			search("get_comments", "comments", "file_key* user_handle", "List a file's comments."),
			update("resolve_comment", "comments", "comment_id=id", "Resolve a comment.", "resolved_at", "$now"),
			del("delete_comment", "comments", "comment_id=id", "Delete a comment."),
			search("get_file_components", "components", "file_key* name", "List published components of a file."),
		}})

	add(App{ID: "miro", Family: "design",
		Desc: "Miro: whiteboards with sticky notes, cards and shapes, and board members.",
		Colls: []C{
			{Name: "boards", Prefix: "uXjVN", Fields: "name description team_id sharing_access=private|view|comment|edit view_link:url created_at:dt"},
			{Name: "items", Prefix: "3458764", Fields: "board_id type=sticky_note|card|shape|text|frame|image content fill_color tags:[] parent_frame_id assignee_id due_date:dt created_at:dt"},
			{Name: "board_members", Prefix: "bm", Fields: "board_id email:email role=viewer|commenter|editor|coowner|owner"},
		},
		Tools: []T{
			create("create_board", "boards", "name* description team_id sharing_access", "Create a board.", "created_at", "$now"),
			search("get_boards", "boards", "name team_id", "List boards."),
			update("update_board", "boards", "board_id=id name description sharing_access", "Update a board."),
			create("create_sticky_note", "items", "board_id* content* fill_color parent_frame_id tags", "Add a sticky note.", "type", "sticky_note", "created_at", "$now"),
			create("create_card", "items", "board_id* content* assignee_id due_date parent_frame_id", "Add a card.", "type", "card", "created_at", "$now"),
			search("get_items", "items", "board_id* type content parent_frame_id tag=tags", "List a board's items."),
			update("update_item", "items", "item_id=id content fill_color assignee_id due_date", "Update an item."),
			del("delete_item", "items", "item_id=id", "Delete an item."),
			create("share_board", "board_members", "board_id* email* role*", "Invite someone to a board."),
			search("get_board_members", "board_members", "board_id* role", "List a board's members."),
		}})
}
