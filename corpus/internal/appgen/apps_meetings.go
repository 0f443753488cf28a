package main

func init() {
	add(App{ID: "google_meet", Family: "meetings",
		Desc: "Google Meet REST API: meeting spaces, conference records of past meetings, participants, recordings and transcripts.",
		Colls: []C{
			{Name: "spaces", Key: "name", Prefix: "spaces/jQCFfuBOdN5z", Fields: "name meeting_uri:url meeting_code access_type=OPEN|TRUSTED|RESTRICTED entry_point_access=ALL|CREATOR_APP_ONLY"},
			{Name: "conference_records", Key: "name", Prefix: "conferenceRecords/", Fields: "name space start_time:dt end_time:dt expire_time:dt"},
			{Name: "participants", Key: "name", Prefix: "participants/", Fields: "name conference_record display_name email:email earliest_start_time:dt latest_end_time:dt"},
			{Name: "recordings", Key: "name", Prefix: "recordings/", Fields: "name conference_record state=STARTED|ENDED|FILE_GENERATED drive_file_id start_time:dt end_time:dt"},
			{Name: "transcripts", Key: "name", Prefix: "transcripts/", Fields: "name conference_record state=STARTED|ENDED|FILE_GENERATED docs_document_id"},
		},
		Tools: []T{
			create("create_space", "spaces", "access_type entry_point_access", "Create a meeting space."),
			get("get_space", "spaces", "name", "Get a meeting space."),
			update("update_space", "spaces", "name access_type*", "Change who can join a space without knocking."),
			search("list_conference_records", "conference_records", "space start_after=start_time@gte", "List past conferences."),
			get("get_conference_record", "conference_records", "name", "Get a conference record."),
			search("list_participants", "participants", "conference_record* email display_name", "List who joined a conference."),
			search("list_recordings", "recordings", "conference_record* state", "List a conference's recordings."),
			search("list_transcripts", "transcripts", "conference_record* state", "List a conference's transcripts."),
		}})

	add(App{ID: "webex", Family: "meetings",
		Desc: "Webex: scheduled meetings with invitees and recordings, plus messaging rooms.",
		Colls: []C{
			{Name: "meetings", Prefix: "870f51ff287b", Fields: "title start:dt end:dt timezone agenda host_email:email meeting_type=meetingSeries|scheduledMeeting|meeting state=active|scheduled|ready|lobby|inProgress|ended|missed|expired password enabled_auto_record_meeting:b web_link:url"},
			{Name: "invitees", Prefix: "inv", Fields: "meeting_id email:email display_name co_host:b panelist:b"},
			{Name: "recordings", Prefix: "rec", Fields: "meeting_id topic create_time:dt duration_seconds:i download_url:url status=available|deleted"},
			{Name: "rooms", Prefix: "Y2lzY29zcGFyazovL3VzL1JPT00v", Fields: "title type=direct|group is_locked:b team_id created:dt"},
			{Name: "messages", Prefix: "Y2lzY29zcGFyazovL3VzL01FU1NBR0Uv", Fields: "room_id text markdown person_email:email created:dt"},
		},
		Tools: []T{
			create("create_meeting", "meetings", "title* start* end* timezone agenda password enabled_auto_record_meeting", "Schedule a meeting.", "meeting_type", "meetingSeries", "state", "active", "host_email", "me@company.example"),
			search("list_meetings", "meetings", "title state meeting_type host_email from=start@gte to=end@lte", "List meetings."),
			get("get_meeting", "meetings", "meeting_id=id", "Get a meeting."),
			update("update_meeting", "meetings", "meeting_id=id title start end agenda password", "Update a meeting."),
			del("delete_meeting", "meetings", "meeting_id=id", "Delete a meeting."),
			create("create_meeting_invitee", "invitees", "meeting_id* email* display_name co_host panelist", "Invite someone to a meeting."),
			search("list_meeting_invitees", "invitees", "meeting_id* email", "List a meeting's invitees."),
			search("list_recordings", "recordings", "meeting_id topic status", "List recordings."),
			create("create_room", "rooms", "title* team_id", "Create a messaging room.", "type", "group", "is_locked", false, "created", "$now"),
			create("create_message", "messages", "room_id* text* markdown", "Post a message to a room.", "person_email", "me@company.example", "created", "$now"),
			search("list_messages", "messages", "room_id* person_email", "List a room's messages."),
		}})

	add(App{ID: "gotomeeting", Family: "meetings",
		Desc: "GoTo Meeting: scheduled meetings, their attendees and the account's organizers.",
		Colls: []C{
			{Name: "meetings", Key: "meetingId", Prefix: "8473", Fields: "meetingId subject starttime:dt endtime:dt passwordrequired:b conferencecallinfo meetingtype=scheduled|recurring|immediate organizerEmail:email status=ACTIVE|INACTIVE joinURL:url"},
			{Name: "attendees", Prefix: "att", Fields: "meetingId attendeeEmail:email attendeeName joinTime:dt leaveTime:dt duration:i"},
			{Name: "organizers", Key: "organizerKey", Prefix: "3001", Fields: "organizerKey email:email firstName lastName status=active|suspended products:[]"},
		},
		Tools: []T{
			create("create_meeting", "meetings", "subject* starttime* endtime* passwordrequired meetingtype conferencecallinfo", "Create a meeting.", "status", "ACTIVE", "organizerEmail", "me@company.example"),
			search("get_upcoming_meetings", "meetings", "subject organizerEmail status after=starttime@gte", "List upcoming meetings."),
			get("get_meeting", "meetings", "meetingId", "Get a meeting."),
			update("update_meeting", "meetings", "meetingId subject starttime endtime passwordrequired", "Update a meeting."),
			del("delete_meeting", "meetings", "meetingId", "Delete a meeting."),
			search("get_attendees_by_meeting", "attendees", "meetingId* attendeeEmail", "List attendees of a past meeting."),
			search("get_organizers", "organizers", "email status", "List organizers."),
			create("create_organizer", "organizers", "email* firstName* lastName* products", "Add an organizer.", "status", "active"),
			update("suspend_organizer", "organizers", "organizerKey", "Suspend an organizer.", "status", "suspended"),
		}})

	add(App{ID: "whereby", Family: "meetings",
		Desc: "Whereby Embedded: meeting rooms with start and end dates, locks, recordings, transcriptions and participants.",
		Colls: []C{
			{Name: "meetings", Key: "meetingId", Prefix: "1", Fields: "meetingId roomUrl:url hostRoomUrl:url roomNamePrefix roomMode=normal|group startDate:dt endDate:dt isLocked:b"},
			{Name: "recordings", Key: "recordingId", Prefix: "rec-", Fields: "recordingId meetingId roomName startDate:dt endDate:dt state=processing|ready|failed"},
			{Name: "transcriptions", Key: "transcriptionId", Prefix: "tr-", Fields: "transcriptionId recordingId state=in_progress|ready|failed language"},
			{Name: "participants", Prefix: "p-", Fields: "meetingId displayName joinedAt:dt leftAt:dt"},
		},
		Tools: []T{
			create("create_meeting", "meetings", "endDate* startDate roomMode roomNamePrefix", "Create a meeting room.", "isLocked", false),
			search("get_meetings", "meetings", "roomMode roomNamePrefix ending_after=endDate@gte", "List meetings."),
			get("get_meeting", "meetings", "meetingId", "Get a meeting."),
			del("delete_meeting", "meetings", "meetingId", "Delete a meeting."),
			update("lock_room", "meetings", "meetingId", "Lock a room so guests must knock.", "isLocked", true),
			search("get_recordings", "recordings", "meetingId roomName state", "List recordings."),
			del("delete_recording", "recordings", "recordingId", "Delete a recording."),
			create("create_transcription", "transcriptions", "recordingId* language", "Transcribe a recording.", "state", "in_progress"),
			search("get_transcriptions", "transcriptions", "recordingId state", "List transcriptions."),
			search("get_participants", "participants", "meetingId*", "List a meeting's participants."),
		}})

	add(App{ID: "ringcentral", Family: "telephony",
		Desc: "RingCentral: SMS, call log, voicemail and fax messages, and company extensions.",
		Colls: []C{
			{Name: "messages", Prefix: "1724", Fields: "type=SMS|Fax|VoiceMail|Pager from_phone to_phones:[] subject direction=Inbound|Outbound readStatus=Read|Unread messageStatus=Queued|Sent|Delivered|DeliveryFailed|Received creationTime:dt"},
			{Name: "call_log", Prefix: "Y3s", Fields: "from_phone to_phone direction=Inbound|Outbound result=Accepted|Missed|Voicemail|Rejected|Busy duration:i startTime:dt recording_id"},
			{Name: "extensions", Prefix: "2071", Fields: "extensionNumber name email:email type=User|Department|Announcement|Voicemail status=Enabled|Disabled|NotActivated department"},
		},
		Tools: []T{
			create("send_sms", "messages", "from_phone* to_phones* subject*", "Send an SMS from a company number.", "type", "SMS", "direction", "Outbound", "messageStatus", "Queued", "readStatus", "Read", "creationTime", "$now"),
			create("send_fax", "messages", "to_phones* subject", "Send a fax.", "type", "Fax", "direction", "Outbound", "messageStatus", "Queued", "creationTime", "$now"),
			search("list_messages", "messages", "type direction readStatus from_phone to=to_phones since=creationTime@gte", "List messages of the message store."),
			update("mark_message_read", "messages", "message_id=id", "Mark a message read.", "readStatus", "Read"),
			del("delete_message", "messages", "message_id=id", "Delete a message."),
			search("read_call_log", "call_log", "direction result from_phone to_phone since=startTime@gte", "Read the call log."),
			search("list_extensions", "extensions", "extensionNumber name email type status department", "List extensions."),
			update("update_extension_status", "extensions", "extension_id=id status*", "Enable or disable an extension."),
		}})

	add(App{ID: "aircall", Family: "telephony",
		Desc: "Aircall: cloud call center with calls on numbers, call notes and tags, users and contacts.",
		Colls: []C{
			{Name: "calls", Prefix: "7301", Fields: "direction=inbound|outbound status=initial|answered|done missed_call_reason=out_of_opening_hours|short_abandoned|abandoned_in_ivr|no_available_agent|agents_did_not_answer raw_digits number_id user_id contact_id duration:i started_at:dt comments:[] tags:[] archived:b"},
			{Name: "users", Prefix: "4501", Fields: "name email:email available:b availability_status=available|custom|unavailable time_zone"},
			{Name: "contacts", Prefix: "9201", Fields: "first_name last_name company_name information phone_numbers:[] emails:[]"},
			{Name: "numbers", Prefix: "3301", Fields: "name digits country open:b"},
		},
		Tools: []T{
			search("list_calls", "calls", "direction status user_id number_id contact_id tag=tags archived from=started_at@gte", "List calls."),
			get("retrieve_call", "calls", "call_id=id", "Get a call."),
			push("comment_call", "calls", "call_id=id content=comments", "Add a note to a call."),
			push("tag_call", "calls", "call_id=id tag=tags", "Tag a call."),
			update("archive_call", "calls", "call_id=id", "Archive a call.", "archived", true),
			update("transfer_call", "calls", "call_id=id user_id*", "Transfer an ongoing call to another user."),
			search("list_users", "users", "name email available", "List users."),
			update("set_user_availability", "users", "user_id=id availability_status*", "Set a user's availability."),
			create("create_contact", "contacts", "first_name* last_name phone_numbers* emails company_name information", "Create a shared contact."),
			search("search_contacts", "contacts", "first_name last_name phone=phone_numbers email=emails company_name", "Search contacts."),
			search("list_numbers", "numbers", "name country", "List phone numbers."),
		}})

	add(App{ID: "plivo", Family: "telephony",
		Desc: "Plivo: programmable SMS and voice calls, with owned phone numbers.",
		Colls: []C{
			{Name: "messages", Key: "message_uuid", Prefix: "db3ce55a-", Fields: "message_uuid src dst text message_type=sms|mms|whatsapp message_direction=inbound|outbound message_state=queued|sent|failed|delivered|undelivered|rejected units:i message_time:dt"},
			{Name: "calls", Key: "call_uuid", Prefix: "eba53b9e-", Fields: "call_uuid from_number to_number answer_url:url call_direction=inbound|outbound call_state=queued|ringing|in-progress|completed|busy|failed|no-answer|cancel bill_duration:i initiation_time:dt"},
			{Name: "numbers", Key: "number", Fields: "number alias application country number_type=local|tollfree|mobile|national sms_enabled:b voice_enabled:b"},
		},
		Tools: []T{
			create("send_message", "messages", "src* dst* text* message_type", "Send a message.", "message_direction", "outbound", "message_state", "queued", "units", 1, "message_time", "$now"),
			search("list_messages", "messages", "src dst message_direction message_state message_type since=message_time@gte", "List messages."),
			get("get_message", "messages", "message_uuid", "Get a message."),
			create("make_call", "calls", "from_number* to_number* answer_url*", "Make an outbound call.", "call_direction", "outbound", "call_state", "queued", "initiation_time", "$now"),
			search("list_calls", "calls", "from_number to_number call_direction call_state", "List calls."),
			update("hangup_call", "calls", "call_uuid", "Hang up a live call.", "call_state", "completed"),
			search("list_numbers", "numbers", "alias country number_type sms_enabled", "List your numbers."),
			update("update_number", "numbers", "number alias application", "Set a number's alias or application."),
		}})

	add(App{ID: "messagebird", Family: "telephony",
		Desc: "MessageBird (Bird): SMS messages with delivery status, voice messages, and contacts in groups.",
		Colls: []C{
			{Name: "messages", Prefix: "e8077d803532", Fields: "originator body recipients:[] direction=mt|mo type=sms|binary|flash status=scheduled|sent|buffered|delivered|expired|delivery_failed scheduledDatetime:dt createdDatetime:dt reference"},
			{Name: "voice_messages", Prefix: "a08e51a0", Fields: "originator recipients:[] body language voice=male|female repeat:i ifMachine=continue|delay|hangup status=scheduled|sent|answered|failed createdDatetime:dt"},
			{Name: "contacts", Prefix: "61afc0531", Fields: "msisdn firstName lastName groups:[] customDetails:o createdDatetime:dt"},
			{Name: "groups", Prefix: "c5c93a8b", Fields: "name contact_count:i"},
		},
		Tools: []T{
			create("send_message", "messages", "originator* recipients* body* reference scheduledDatetime type", "Send an SMS; with scheduledDatetime it is sent later.", "direction", "mt", "status", "sent", "createdDatetime", "$now"),
			search("list_messages", "messages", "originator recipient=recipients status direction reference", "List messages."),
			get("view_message", "messages", "message_id=id", "View a message and its status."),
			del("delete_message", "messages", "message_id=id", "Delete a message."),
			create("send_voice_message", "voice_messages", "recipients* body* originator language voice repeat ifMachine", "Call recipients and read a message aloud.", "status", "scheduled", "createdDatetime", "$now"),
			create("create_contact", "contacts", "msisdn* firstName lastName customDetails", "Create a contact.", "createdDatetime", "$now"),
			search("list_contacts", "contacts", "msisdn firstName lastName group=groups", "List contacts."),
			push("add_contact_to_group", "contacts", "contact_id=id group_id=groups", "Add a contact to a group."),
			create("create_group", "groups", "name*", "Create a group.", "contact_count", 0),
			search("list_groups", "groups", "name", "List groups."),
		}})
}
