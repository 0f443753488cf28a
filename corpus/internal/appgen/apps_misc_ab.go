package main

func init() {
	add(App{ID: "canva", Family: "design", AB: true,
		Desc:   "Canva: designs in folders, uploaded assets, and export, import and autofill jobs.",
		Prefix: map[string]string{"designs": "DAF", "assets": "MAF", "jobs": "job_", "folders": "FAF"},
		Tools: []T{
			create("create_design", "designs", "title* doctype_name* design_type folder_id tags notes", "Create a design.", "created_at", "$now", "updated_at", "$now"),
			search("find_design", "designs", "title doctype_name folder_id tag=tags", "Find designs."),
			get("get_design", "designs", "design_id=id", "Get a design."),
			update("update_design", "designs", "design_id=id title notes folder_id", "Rename, annotate or move a design.", "updated_at", "$now"),
			push("tag_design", "designs", "design_id=id tag=tags", "Tag a design."),
			create("export_design", "jobs", "design_id* format_type*", "Start exporting a design (pdf, png, jpg, mp4...).", "job_type", "export", "status", "IN_PROGRESS", "created_at", "$now", "updated_at", "$now"),
			create("autofill_design", "jobs", "design_id*", "Start an autofill job from a brand template design.", "job_type", "autofill", "status", "IN_PROGRESS", "created_at", "$now", "updated_at", "$now"),
			get("get_job", "jobs", "job_id=id", "Get a job's status and result."),
			create("upload_asset", "assets", "name* file_type* file_size folder_id", "Upload an asset.", "created_at", "$now", "updated_at", "$now"),
			search("list_assets", "assets", "name file_type folder_id", "List assets."),
			create("create_folder", "folders", "name* parent_id", "Create a folder."),
			search("list_folders", "folders", "name parent_id", "List folders."),
		}})

	add(App{ID: "chatgpt", Family: "ai", AB: true,
		Desc:   "OpenAI (ChatGPT) API: prompts and completions, assistants with threads and messages, files, vector stores, images and transcriptions.",
		Prefix: map[string]string{"assistants": "asst_", "conversations": "thread_", "messages": "msg_", "completions": "chatcmpl-", "files": "file-", "vector_stores": "vs_", "generated_images": "img_", "transcriptions": "tr_"},
		Tools: []T{
			create("send_prompt", "completions", "prompt* model instructions response_format", "Send a prompt to a model and record the completion.", "object", "chat.completion", "was_cancelled", false),
			search("list_completions", "completions", "model prompt", "List past completions."),
			create("create_assistant", "assistants", "model* name instructions description tools file_ids", "Create an assistant.", "object", "assistant", "is_deleted", false),
			search("list_assistants", "assistants", "name model is_deleted", "List assistants."),
			create("create_conversation", "conversations", "assistant_id memory_key metadata", "Start a thread (conversation).", "object", "thread", "is_deleted", false),
			create("add_message", "messages", "thread_id* content* role* assistant_id", "Add a message to a thread.", "object", "thread.message", "is_deleted", false),
			search("list_messages", "messages", "thread_id* role", "List a thread's messages."),
			create("upload_file", "files", "filename* purpose* bytes content_type", "Upload a file.", "object", "file", "status", "uploaded", "is_deleted", false),
			update("delete_file", "files", "file_id=id", "Delete a file.", "is_deleted", true),
			create("create_vector_store", "vector_stores", "name* file_ids expires_after_days", "Create a vector store.", "object", "vector_store", "status", "in_progress", "is_deleted", false),
			create("generate_image", "generated_images", "prompt* model size quality style", "Generate an image from a prompt."),
			create("create_transcription", "transcriptions", "file_name* language response_format", "Transcribe an audio file."),
		}})

	add(App{ID: "docusign", Family: "esign", AB: true,
		Desc:   "DocuSign eSignature: envelopes sent from templates to signers and carbon-copy recipients, templates and workspaces.",
		Prefix: map[string]string{"envelopes": "4b7a9c3e-", "templates": "8f2d6e1a-", "workspaces": "ws-", "documents": "doc-", "recipients": "rcp-"},
		Extra: map[string]string{
			"documents":  "envelope_id name document_type order:i pages:i",
			"recipients": "envelope_id name email:email role_name routing_order:i status=created|sent|delivered|signed|declined|completed",
		},
		Tools: []T{
			create("create_envelope_from_template", "envelopes", "template_id* email_subject* signers* email_blurb cc_recipients custom_fields", "Create and send an envelope from a template; signers fill the template's roles.",
				"status", "sent", "created_date_time", "$now", "sent_date_time", "$now", "last_modified_date_time", "$now"),
			create("create_envelope", "envelopes", "email_subject* signers* documents* email_blurb cc_recipients", "Create a draft envelope from documents.", "status", "created", "created_date_time", "$now", "last_modified_date_time", "$now"),
			update("send_envelope", "envelopes", "envelope_id=id", "Send a draft envelope.", "status", "sent", "sent_date_time", "$now", "last_modified_date_time", "$now"),
			update("void_envelope", "envelopes", "envelope_id=id voided_reason*", "Void an envelope in process.", "status", "voided", "voided_date_time", "$now", "last_modified_date_time", "$now"),
			search("list_envelopes", "envelopes", "status template_id email_subject from_date=created_date_time@gte", "List envelopes."),
			get("get_envelope", "envelopes", "envelope_id=id", "Get an envelope's status and recipients."),
			search("list_templates", "templates", "name folder_name shared is_active", "List templates."),
			get("get_template", "templates", "template_id=id", "Get a template with its roles."),
			create("add_recipient", "recipients", "envelope_id* name* email* role_name routing_order", "Add a recipient to a draft envelope.", "status", "created"),
			search("list_recipients", "recipients", "envelope_id* status", "List an envelope's recipients."),
			create("create_workspace", "workspaces", "name* description", "Create a workspace.", "status", "active", "created_date_time", "$now", "last_modified_date_time", "$now"),
		}})

	add(App{ID: "google_drive", Family: "storage", AB: true,
		Desc:   "Google Drive: files and folders with owners, sharing permissions, stars and trash.",
		Prefix: map[string]string{"actions": "gd_rec_", "folders": "1Fold", "files": "1File"},
		Extra: map[string]string{
			"files":   "name mime_type parents:[] owners:[] description web_view_link:url size:i trashed:b starred:b shared:b created_time:dt modified_time:dt",
			"folders": "name parents:[] web_view_link:url trashed:b created_time:dt",
		},
		Colls: []C{{Name: "permissions", Prefix: "perm", Fields: "file_id email_address:email role=owner|organizer|fileOrganizer|writer|commenter|reader type=user|group|domain|anyone"}},
		Tools: []T{
			search("find_multiple_files", "files", "name mime_type parent=parents owner=owners trashed starred shared", "Find files by name, type, folder, owner or state."),
			get("get_file", "files", "file_id=id", "Get a file's metadata."),
			create("upload_file", "files", "name* mime_type* parents description size", "Upload a file.", "owners", []any{"me@company.example"}, "trashed", false, "starred", false, "shared", false, "created_time", "$now", "modified_time", "$now"),
			update("rename_file", "files", "file_id=id name*", "Rename a file.", "modified_time", "$now"),
			update("move_file", "files", "file_id=id parents*", "Move a file into other folders.", "modified_time", "$now"),
			update("trash_file", "files", "file_id=id", "Move a file to the trash.", "trashed", true),
			update("star_file", "files", "file_id=id", "Star a file.", "starred", true),
			create("share_file", "permissions", "file_id* email_address* role* type", "Share a file or folder."),
			search("list_permissions", "permissions", "file_id* role", "List who can access a file."),
			search("find_folder", "folders", "name parent=parents trashed", "Find folders."),
			create("create_folder", "folders", "name* parents", "Create a folder.", "trashed", false, "created_time", "$now"),
		}})

	add(App{ID: "twilio", Family: "telephony", AB: true,
		Desc:   "Twilio: SMS and WhatsApp messages and voice calls from your Twilio numbers.",
		Prefix: map[string]string{"sms_messages": "SM", "whatsapp_messages": "MM", "calls": "CA"},
		Tools: []T{
			create("send_sms", "sms_messages", "from_number* to_number* body*", "Send an SMS.", "status", "queued", "direction", "outbound-api", "num_segments", 1, "date_created", "$now", "date_updated", "$now"),
			search("list_sms_messages", "sms_messages", "to_number from_number status direction body sent_after=date_created@gte", "List SMS messages."),
			get("get_sms_message", "sms_messages", "sid", "Get an SMS message."),
			update("cancel_sms", "sms_messages", "sid", "Cancel a queued (scheduled) SMS.", "status", "canceled", "date_updated", "$now"),
			create("send_whatsapp_message", "whatsapp_messages", "from_number* to_number* body*", "Send a WhatsApp message.", "status", "queued", "direction", "outbound-api", "num_segments", 1, "date_created", "$now", "date_updated", "$now"),
			search("list_whatsapp_messages", "whatsapp_messages", "to_number from_number status", "List WhatsApp messages."),
			create("make_call", "calls", "from_number* to_number* message", "Place a call that speaks a message.", "status", "queued", "direction", "outbound-api", "date_created", "$now", "date_updated", "$now"),
			search("list_calls", "calls", "to_number from_number status direction", "List calls."),
		}})

	add(App{ID: "zoom", Family: "meetings", AB: true,
		Desc:   "Zoom: meetings and webinars with registrants and participants, cloud recordings and users.",
		Prefix: map[string]string{"meetings": "8512", "webinars": "9312", "recordings": "rec_", "registrants": "reg_", "participants": "par_", "users": "zu_"},
		Extra:  map[string]string{"users": "email:email first_name last_name type:i=1|2 status=active|inactive|pending timezone"},
		Tools: []T{
			create("create_meeting", "meetings", "topic* start_time* duration timezone agenda host_email registration_required settings_waiting_room password", "Schedule a meeting.", "type", 2, "status", "waiting"),
			search("list_meetings", "meetings", "host_id host_email status from=start_time@gte to=start_time@lte", "List meetings."),
			search("find_meeting", "meetings", "topic host_email", "Find meetings by topic."),
			get("get_meeting", "meetings", "meeting_id=id", "Get a meeting."),
			update("update_meeting", "meetings", "meeting_id=id topic start_time duration agenda timezone", "Update a meeting."),
			del("delete_meeting", "meetings", "meeting_id=id", "Delete a meeting."),
			create("create_webinar", "webinars", "topic* start_time* duration timezone agenda host_email registration_required", "Schedule a webinar.", "type", 5, "status", "waiting"),
			create("add_registrant", "registrants", "meeting_id* email* first_name last_name company", "Register someone for a meeting or webinar.", "status", "approved", "auto_approved", true, "registered_at", "$now"),
			search("list_registrants", "registrants", "meeting_id* status email", "List registrants."),
			update("update_registrant_status", "registrants", "registrant_id=id status*", "Approve or deny a registrant."),
			search("find_meeting_participants", "participants", "meeting_id* user_email", "List who joined a past meeting."),
			search("get_recording", "recordings", "meeting_id* recording_type status", "Get a meeting's cloud recordings."),
			search("list_users", "users", "email status", "List users."),
		}})
}
