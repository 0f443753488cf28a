package main

func init() {
	add(App{ID: "dropbox", Family: "storage",
		Desc: "Dropbox: files and folders addressed by path, shared links and file members.",
		Colls: []C{
			{Name: "files", Prefix: "id:a4ayc_80_OEAAAAAAAA", Fields: "name path_lower path_display size:i rev content_hash client_modified:dt server_modified:dt is_downloadable:b"},
			{Name: "folders", Prefix: "id:a4ayc_80_OEFOLDER", Fields: "name path_lower path_display"},
			{Name: "shared_links", Prefix: "sl_", Fields: "url:url path_lower visibility=public|team_only|password expires:dt"},
			{Name: "file_members", Prefix: "fm_", Fields: "file_id email:email access_level=owner|editor|viewer|viewer_no_comment"},
		},
		Tools: []T{
			create("upload", "files", "path_display* name* size", "Upload a file to a path.", "is_downloadable", true, "server_modified", "$now", "client_modified", "$now"),
			search("search_v2", "files", "query=name path=path_lower@contains", "Search files by name, optionally under a path."),
			get("get_metadata", "files", "file_id=id", "Get a file's metadata."),
			update("move_v2", "files", "file_id=id to_path=path_display*", "Move or rename a file to a new path.", "server_modified", "$now"),
			del("delete_v2", "files", "file_id=id", "Delete a file."),
			create("create_folder_v2", "folders", "path_display* name*", "Create a folder."),
			search("list_folder", "folders", "path=path_lower@contains name", "List folders under a path."),
			create("create_shared_link_with_settings", "shared_links", "path_lower* visibility expires", "Create a shared link to a file or folder."),
			search("list_shared_links", "shared_links", "path_lower", "List shared links."),
			create("add_file_member", "file_members", "file_id* email* access_level*", "Share a file with someone."),
		}})

	add(App{ID: "box", Family: "storage",
		Roles: map[string]string{"files.parent_id": "ref:folders", "folders.parent_id": "ref:folders"},
		Desc:  "Box: files and folders with collaborations, comments, tasks and tags.",
		Colls: []C{
			{Name: "files", Prefix: "1290", Fields: "name parent_id size:i sha1 description tags:[] owned_by:email created_at:dt modified_at:dt trashed_at:dt"},
			{Name: "folders", Prefix: "2290", Fields: "name parent_id description"},
			{Name: "collaborations", Prefix: "3290", Fields: "item_id item_type=file|folder accessible_by:email role=editor|viewer|previewer|uploader|previewer+uploader|viewer+uploader|co-owner status=accepted|pending|rejected"},
			{Name: "comments", Prefix: "4290", Fields: "file_id message created_by created_at:dt"},
			{Name: "tasks", Prefix: "5290", Fields: "file_id action=review|complete message due_at:dt is_completed:b"},
		},
		Tools: []T{
			create("upload_file", "files", "name* parent_id* size description", "Upload a file into a folder.", "owned_by", "me@company.example", "created_at", "$now", "modified_at", "$now"),
			search("search", "files", "query=name parent_id tag=tags owned_by", "Search files."),
			get("get_file_info", "files", "file_id=id", "Get a file's information."),
			update("update_file", "files", "file_id=id name description parent_id", "Rename, describe or move a file.", "modified_at", "$now"),
			push("add_tag_to_file", "files", "file_id=id tag=tags", "Tag a file."),
			update("trash_file", "files", "file_id=id", "Move a file to the trash.", "trashed_at", "$now"),
			create("create_folder", "folders", "name* parent_id*", "Create a folder."),
			search("list_folder_items", "files", "parent_id*", "List the files in a folder."),
			create("create_collaboration", "collaborations", "item_id* item_type* accessible_by* role*", "Invite someone to a file or folder.", "status", "pending"),
			search("list_collaborations", "collaborations", "item_id* status", "List collaborators."),
			create("create_comment", "comments", "file_id* message*", "Comment on a file.", "created_at", "$now"),
			create("create_task", "tasks", "file_id* action* message due_at", "Assign a review or completion task on a file.", "is_completed", false),
		}})

	add(App{ID: "onedrive", Family: "storage",
		Desc: "OneDrive (Microsoft Graph): drive items (files and folders), sharing permissions and links, versions.",
		Colls: []C{
			{Name: "drive_items", Prefix: "01BYE5RZ6", Fields: "name parentReference_id folder:b file_mimeType size:i webUrl:url createdBy:email createdDateTime:dt lastModifiedDateTime:dt deleted:b"},
			{Name: "permissions", Prefix: "aTowIy5", Fields: "itemId roles:[] grantedTo:email link_type=view|edit|embed link_scope=anonymous|organization|users link_webUrl:url"},
			{Name: "versions", Prefix: "v", Fields: "itemId size:i lastModifiedBy:email lastModifiedDateTime:dt"},
		},
		Tools: []T{
			create("upload_item", "drive_items", "name* parentReference_id* file_mimeType size", "Upload a file.", "folder", false, "deleted", false, "createdDateTime", "$now", "lastModifiedDateTime", "$now"),
			search("search_items", "drive_items", "q=name parentReference_id folder deleted", "Search the drive."),
			get("get_item", "drive_items", "item_id=id", "Get a drive item."),
			update("rename_item", "drive_items", "item_id=id name*", "Rename an item.", "lastModifiedDateTime", "$now"),
			update("move_item", "drive_items", "item_id=id parentReference_id*", "Move an item to another folder.", "lastModifiedDateTime", "$now"),
			update("delete_item", "drive_items", "item_id=id", "Delete an item (to the recycle bin).", "deleted", true),
			create("create_folder", "drive_items", "name* parentReference_id*", "Create a folder.", "folder", true, "deleted", false, "createdDateTime", "$now"),
			create("create_sharing_link", "permissions", "itemId* link_type* link_scope*", "Create a sharing link."),
			create("invite", "permissions", "itemId* grantedTo* roles*", "Share an item with a person (roles: read, write)."),
			search("list_permissions", "permissions", "itemId* link_scope", "List an item's permissions."),
			search("list_versions", "versions", "itemId*", "List an item's versions."),
		}})

	add(App{ID: "sharepoint", Family: "storage",
		Desc: "SharePoint Online: sites with lists and list items, and document libraries with check-out.",
		Colls: []C{
			{Name: "sites", Prefix: "contoso.sharepoint.com,", Fields: "displayName webUrl:url description"},
			{Name: "lists", Prefix: "b2c1", Fields: "siteId displayName template=genericList|documentLibrary|tasks|events|contacts description"},
			{Name: "list_items", Prefix: "1", Fields: "siteId listId title fields:o createdBy:email createdDateTime:dt lastModifiedDateTime:dt"},
			{Name: "documents", Prefix: "01DOC", Fields: "siteId libraryId name webUrl:url size:i createdBy:email lastModifiedDateTime:dt checkedOut:b checkedOutBy:email"},
		},
		Tools: []T{
			search("search_sites", "sites", "displayName", "Find sites."),
			search("get_lists", "lists", "siteId* displayName template", "List a site's lists."),
			create("create_list", "lists", "siteId* displayName* template description", "Create a list."),
			create("create_list_item", "list_items", "siteId* listId* title* fields", "Create a list item.", "createdDateTime", "$now", "lastModifiedDateTime", "$now"),
			search("get_list_items", "list_items", "siteId* listId* title", "List items of a list."),
			update("update_list_item", "list_items", "item_id=id title fields", "Update a list item.", "lastModifiedDateTime", "$now"),
			del("delete_list_item", "list_items", "item_id=id", "Delete a list item."),
			create("upload_document", "documents", "siteId* libraryId* name* size", "Upload a document to a library.", "checkedOut", false, "lastModifiedDateTime", "$now"),
			search("search_documents", "documents", "siteId libraryId name checkedOut", "Search documents."),
			update("check_out_document", "documents", "document_id=id checkedOutBy*", "Check out a document for editing.", "checkedOut", true),
			update("check_in_document", "documents", "document_id=id", "Check a document back in.", "checkedOut", false, "lastModifiedDateTime", "$now"),
		}})

	add(App{ID: "egnyte", Family: "storage",
		Desc: "Egnyte: files and folders by path, file locks, shared links and folder permissions.",
		Colls: []C{
			{Name: "files", Key: "entry_id", Prefix: "e5f0", Fields: "entry_id path name size:i checksum uploaded_by last_modified:dt is_locked:b"},
			{Name: "folders", Key: "folder_id", Prefix: "f5f0", Fields: "folder_id path name allow_links:b"},
			{Name: "links", Prefix: "lnk", Fields: "path type=file|folder accessibility=anyone|password|domain|recipients url:url expiry_date:date recipients:[]"},
			{Name: "permissions", Prefix: "prm", Fields: "folder_path principal principal_type=user|group permission=Owner|Full|Editor|Viewer|None"},
		},
		Tools: []T{
			create("upload_file", "files", "path* name* size", "Upload a file.", "is_locked", false, "last_modified", "$now"),
			search("list_files", "files", "folder=path@contains name is_locked", "List files under a folder path."),
			get("get_file", "files", "entry_id", "Get a file's metadata."),
			update("lock_file", "files", "entry_id", "Lock a file.", "is_locked", true),
			update("unlock_file", "files", "entry_id", "Unlock a file.", "is_locked", false),
			del("delete_file", "files", "entry_id", "Delete a file."),
			create("create_folder", "folders", "path* name*", "Create a folder.", "allow_links", true),
			create("create_link", "links", "path* type* accessibility* expiry_date recipients", "Create a shared link."),
			search("list_links", "links", "path type accessibility", "List links."),
			create("set_folder_permission", "permissions", "folder_path* principal* principal_type* permission*", "Set a user's or group's permission on a folder."),
			search("get_folder_permissions", "permissions", "folder_path* principal", "List a folder's permissions."),
		}})

	add(App{ID: "adobe_sign", Family: "esign",
		Desc: "Adobe Acrobat Sign: agreements sent for signature, library templates, audit events and reminders.",
		Colls: []C{
			{Name: "agreements", Prefix: "CBJCHBCAABAA", Fields: "name status=DRAFT|AUTHORING|OUT_FOR_SIGNATURE|OUT_FOR_APPROVAL|SIGNED|APPROVED|CANCELLED|EXPIRED|DECLINED signature_type=ESIGN|WRITTEN participant_emails:[] message library_document_id cancellation_comment expiration_time:dt created_date:dt"},
			{Name: "library_documents", Prefix: "CBJCHBCAABLD", Fields: "name sharing_mode=USER|GROUP|ACCOUNT|GLOBAL template_types:[] status=ACTIVE|AUTHORING"},
			{Name: "events", Prefix: "ev", Fields: "agreement_id type=CREATED|ACTION_REQUESTED|VIEWED|ESIGNED|REMINDER_SENT|CANCELLED participant_email:email date:dt"},
			{Name: "reminders", Prefix: "rm", Fields: "agreement_id recipient_emails:[] note status=ACTIVE|COMPLETE next_sent_date:dt"},
		},
		Tools: []T{
			create("create_agreement", "agreements", "name* participant_emails* signature_type* library_document_id message expiration_time", "Send an agreement for signature.", "status", "OUT_FOR_SIGNATURE", "created_date", "$now"),
			search("get_agreements", "agreements", "name status participant=participant_emails library_document_id", "List agreements."),
			get("get_agreement_info", "agreements", "agreement_id=id", "Get an agreement."),
			update("cancel_agreement", "agreements", "agreement_id=id cancellation_comment*", "Cancel an agreement in process.", "status", "CANCELLED"),
			create("create_reminder", "reminders", "agreement_id* recipient_emails* note next_sent_date", "Remind participants to sign.", "status", "ACTIVE"),
			search("get_agreement_events", "events", "agreement_id* type", "List an agreement's audit events."),
			search("get_library_documents", "library_documents", "name sharing_mode status", "List library templates."),
		}})

	add(App{ID: "dropbox_sign", Family: "esign",
		Desc: "Dropbox Sign (HelloSign): signature requests from files or templates, per-signer signatures and reminders.",
		Colls: []C{
			{Name: "signature_requests", Key: "signature_request_id", Prefix: "fa5c8a0b0f49", Fields: "signature_request_id title subject message signer_emails:[] cc_email_addresses:[] template_id is_complete:b is_declined:b has_error:b test_mode:b created_at:dt"},
			{Name: "signatures", Key: "signature_id", Prefix: "78caf2a1d01c", Fields: "signature_id signature_request_id signer_email_address:email signer_name order:i status_code=awaiting_signature|signed|declined|on_hold signed_at:dt last_reminded_at:dt"},
			{Name: "templates", Key: "template_id", Prefix: "c26b8a16784a", Fields: "template_id title message signer_roles:[] can_edit:b"},
		},
		Tools: []T{
			create("send_signature_request", "signature_requests", "title* signer_emails* subject message cc_email_addresses test_mode", "Send a signature request for files.", "is_complete", false, "is_declined", false, "has_error", false, "created_at", "$now"),
			create("send_with_template", "signature_requests", "template_id* signer_emails* title subject message cc_email_addresses", "Send a signature request from a template.", "is_complete", false, "is_declined", false, "has_error", false, "created_at", "$now"),
			search("list_signature_requests", "signature_requests", "title template_id is_complete is_declined signer=signer_emails", "List signature requests."),
			get("get_signature_request", "signature_requests", "signature_request_id", "Get a signature request."),
			del("cancel_incomplete_signature_request", "signature_requests", "signature_request_id", "Cancel an incomplete signature request."),
			search("list_signatures", "signatures", "signature_request_id* status_code", "List the signers of a request and their status."),
			update("send_reminder", "signatures", "signature_id", "Remind a signer.", "last_reminded_at", "$now"),
			search("list_templates", "templates", "title", "List templates."),
		}})

	add(App{ID: "pandadoc", Family: "esign",
		Desc: "PandaDoc: documents from templates with tokens and pricing, sent to recipients; templates and contacts.",
		Colls: []C{
			{Name: "documents", Prefix: "msFYActMfJHqNTKH", Fields: "name status=document.draft|document.sent|document.viewed|document.completed|document.declined|document.voided|document.paid template_uuid recipients:[] tokens:o grand_total:n date_created:dt date_sent:dt expiration_date:dt"},
			{Name: "templates", Prefix: "tmpl_", Fields: "name tags:[] date_modified:dt"},
			{Name: "contacts", Prefix: "ct_", Fields: "email:email first_name last_name company job_title phone"},
		},
		Tools: []T{
			create("create_document_from_template", "documents", "name* template_uuid* recipients* tokens grand_total expiration_date", "Create a document from a template.", "status", "document.draft", "date_created", "$now"),
			update("send_document", "documents", "document_id=id", "Send a document to its recipients.", "status", "document.sent", "date_sent", "$now"),
			update("change_document_status", "documents", "document_id=id status*", "Change a document's status (e.g. mark paid or voided)."),
			search("list_documents", "documents", "name status template_uuid recipient=recipients", "List documents."),
			get("document_details", "documents", "document_id=id", "Get a document's details."),
			del("delete_document", "documents", "document_id=id", "Delete a document."),
			search("list_templates", "templates", "name tag=tags", "List templates."),
			create("create_contact", "contacts", "email* first_name last_name company job_title phone", "Create a contact."),
			search("list_contacts", "contacts", "email company", "List contacts."),
		}})

	add(App{ID: "signnow", Family: "esign",
		Desc: "signNow: uploaded documents, signing invites per role, templates and folders.",
		Colls: []C{
			{Name: "documents", Prefix: "d8e0b1", Fields: "document_name owner:email folder_id page_count:i roles:[] updated:dt"},
			{Name: "invites", Prefix: "i8e0b1", Fields: "document_id to:email role order:i status=pending|fulfilled|declined|expired|canceled expiration_days:i created:dt"},
			{Name: "templates", Prefix: "t8e0b1", Fields: "template_name document_id owner:email"},
			{Name: "folders", Prefix: "f8e0b1", Fields: "name parent_id"},
		},
		Tools: []T{
			create("upload_document", "documents", "document_name* folder_id page_count roles", "Upload a document.", "owner", "me@company.example", "updated", "$now"),
			get("get_document", "documents", "document_id=id", "Get a document."),
			search("list_documents", "documents", "document_name folder_id owner", "List documents."),
			update("move_document", "documents", "document_id=id folder_id*", "Move a document to a folder.", "updated", "$now"),
			create("create_invite", "invites", "document_id* to* role* order expiration_days", "Invite a signer to sign a role.", "status", "pending", "created", "$now"),
			update("cancel_invite", "invites", "invite_id=id", "Cancel an invite.", "status", "canceled"),
			search("list_invites", "invites", "document_id* status to", "List a document's invites."),
			create("create_template", "templates", "document_id* template_name*", "Make a template from a document.", "owner", "me@company.example"),
			search("list_templates", "templates", "template_name", "List templates."),
			search("list_folders", "folders", "name parent_id", "List folders."),
		}})

	add(App{ID: "zoho_sign", Family: "esign",
		Desc: "Zoho Sign: signature requests with actions per recipient, templates and request documents.",
		Colls: []C{
			{Name: "requests", Key: "request_id", Prefix: "2000000", Fields: "request_id request_name request_status=draft|inprogress|completed|declined|recalled|expired template_id actions:[o] notes expiration_days:i is_sequential:b owner_email:email created_time:dt",
				Docs: map[string]string{"actions": "One per recipient: {recipient_email, recipient_name, action_type: SIGN|APPROVER|VIEW, signing_order}"}},
			{Name: "templates", Key: "template_id", Prefix: "3000000", Fields: "template_id template_name description actions:[o] is_sequential:b"},
			{Name: "documents", Key: "document_id", Prefix: "4000000", Fields: "document_id request_id document_name total_pages:i"},
		},
		Tools: []T{
			create("create_request", "requests", "request_name* actions* notes expiration_days is_sequential", "Create a draft signature request.", "request_status", "draft", "created_time", "$now"),
			create("create_request_from_template", "requests", "template_id* request_name* actions*", "Send a request from a template.", "request_status", "inprogress", "created_time", "$now"),
			update("submit_request", "requests", "request_id", "Send a draft request for signature.", "request_status", "inprogress"),
			update("recall_request", "requests", "request_id", "Recall a request in progress.", "request_status", "recalled"),
			search("list_requests", "requests", "request_name request_status owner_email template_id", "List requests."),
			get("get_request", "requests", "request_id", "Get a request."),
			del("delete_request", "requests", "request_id", "Delete a request."),
			search("list_templates", "templates", "template_name", "List templates."),
			search("list_documents", "documents", "request_id*", "List a request's documents."),
		}})
}
