package main

func init() {
	add(App{ID: "google_calendar", Family: "calendar", AB: true,
		Desc:   "Google Calendar: calendars, events with attendees, reminders and recurrence, and calendar sharing rules.",
		Prefix: map[string]string{"calendars": "c_", "events": "evt"},
		Colls: []C{{Name: "acl", Prefix: "user:", Desc: "Sharing rules of a calendar.",
			Fields: "calendar_id role=none|freeBusyReader|reader|writer|owner scope_type=default|user|group|domain scope_value"}},
		Tools: []T{
			create("create_detailed_event", "events", "calendarid* summary* start__dateTime* end__dateTime* description location attendees all_day conferencing visibility colorId",
				"Create an event with attendees, location and times.", "status", "confirmed", "created", "$now"),
			create("quick_add_event", "events", "calendarid* summary*", "Create an event from a short text, such as 'Lunch with Ana'.", "status", "tentative", "created", "$now"),
			search("find_events", "events", "calendarid summary description location attendee=attendees organizer_email status start_after=start__dateTime@gte start_before=start__dateTime@lte max_results:limit",
				"Find events by text, attendee, organizer, status or time window."),
			get("get_event", "events", "event_id=id", "Get one event."),
			update("update_event", "events", "event_id=id summary description location start__dateTime end__dateTime status visibility", "Change an event's details or time."),
			push("add_attendees_to_event", "events", "event_id=id attendee=attendees", "Invite one more attendee (an email) to an event."),
			update("cancel_event", "events", "event_id=id", "Cancel an event (attendees are told).", "status", "cancelled"),
			del("delete_event", "events", "event_id=id", "Delete an event."),
			search("find_calendars", "calendars", "summary access_role primary", "Find calendars you can see."),
			create("create_calendar", "calendars", "summary* description time_zone", "Create a secondary calendar.", "access_role", "owner", "primary", false),
			create("share_calendar", "acl", "calendar_id* role* scope_type* scope_value", "Share a calendar with a user, group or domain."),
			search("list_calendar_acl", "acl", "calendar_id*", "List the sharing rules of a calendar."),
		}})

	add(App{ID: "calendly", Family: "calendar", AB: true,
		Desc:   "Calendly: event types people book, scheduled events, invitees and availability schedules.",
		Prefix: map[string]string{"users": "USR", "event_types": "ET", "scheduled_events": "EV", "invitees": "INV", "availability_schedules": "AS"},
		Extra:  map[string]string{"availability_schedules": "user_id name timezone default:b rules:[o]"},
		Tools: []T{
			search("list_event_types", "event_types", "owner_id name is_active kind", "List event types."),
			get("get_event_type", "event_types", "event_type_id=id", "Get an event type."),
			create("book_meeting", "scheduled_events", "event_type_id* name* start_time* end_time timezone location description",
				"Book a meeting of an event type at a time.", "status", "active", "created_at", "$now"),
			search("list_scheduled_events", "scheduled_events", "event_type_id status name min_start_time=start_time@gte max_start_time=start_time@lte count:limit", "List scheduled events."),
			get("get_scheduled_event", "scheduled_events", "event_id=id", "Get a scheduled event."),
			update("cancel_event", "scheduled_events", "event_id=id cancel_reason", "Cancel a scheduled event.", "status", "canceled", "canceled_at", "$now"),
			search("list_invitees", "invitees", "event_id email status", "List the invitees of scheduled events."),
			update("mark_no_show", "invitees", "invitee_id=id", "Mark an invitee as a no-show.", "is_no_show", true, "no_show_marked_at", "$now"),
			search("find_user", "users", "email name", "Find an organization member."),
			search("list_availability_schedules", "availability_schedules", "user_id", "List a user's availability schedules."),
		}})

	add(App{ID: "outlook_calendar", Family: "calendar",
		Desc: "Outlook calendar (Microsoft Graph): events with attendees and responses, calendars, meeting rooms.",
		Colls: []C{
			{Name: "events", Prefix: "AAMkAGEvent", Fields: "calendarId subject body start:dt end:dt location attendees:[] organizer:email isAllDay:b showAs=free|tentative|busy|oof|workingElsewhere isCancelled:b isOnlineMeeting:b onlineMeetingUrl:url categories:[] responseStatus=none|organizer|tentativelyAccepted|accepted|declined sensitivity=normal|personal|private|confidential"},
			{Name: "calendars", Prefix: "AAMkAGCal", Fields: "name color=auto|lightBlue|lightGreen|lightOrange|lightGray canEdit:b owner:email isDefaultCalendar:b"},
			{Name: "rooms", Key: "emailAddress", Fields: "emailAddress:email displayName capacity:i building floorNumber:i isWheelChairAccessible:b"},
		},
		Tools: []T{
			create("create_event", "events", "subject* start* end* attendees body location calendarId isOnlineMeeting showAs", "Create an event and invite attendees.",
				"organizer", "me@contoso.example", "responseStatus", "organizer", "isCancelled", false),
			search("find_events", "events", "subject calendarId attendee=attendees organizer start_from=start@gte end_before=end@lte isCancelled category=categories", "Find events."),
			get("get_event", "events", "event_id=id", "Get an event."),
			update("update_event", "events", "event_id=id subject start end location body showAs", "Update an event."),
			update("accept_event", "events", "event_id=id", "Accept a meeting invitation.", "responseStatus", "accepted"),
			update("decline_event", "events", "event_id=id", "Decline a meeting invitation.", "responseStatus", "declined"),
			update("cancel_event", "events", "event_id=id", "Cancel a meeting you organise; attendees get a cancellation.", "isCancelled", true),
			del("delete_event", "events", "event_id=id", "Delete an event from your calendar."),
			search("list_calendars", "calendars", "name owner", "List calendars."),
			create("create_calendar", "calendars", "name* color", "Create a calendar.", "canEdit", true, "isDefaultCalendar", false),
			search("find_rooms", "rooms", "displayName building min_capacity=capacity@gte", "Find meeting rooms."),
		}})

	add(App{ID: "acuity_scheduling", Family: "calendar",
		Desc: "Acuity Scheduling: client appointments of appointment types on staff calendars.",
		Colls: []C{
			{Name: "appointments", Prefix: "8821", Fields: "firstName lastName email:email phone datetime:dt endTime:dt appointmentTypeID calendarID canceled:b notes price:n paid=yes|no confirmationPage:url"},
			{Name: "appointment_types", Prefix: "1554", Fields: "name description duration:i price:n category active:b"},
			{Name: "calendars", Prefix: "7042", Fields: "name email:email timezone location"},
			{Name: "clients", Prefix: "cl", Fields: "firstName lastName email:email phone notes"},
		},
		Tools: []T{
			create("create_appointment", "appointments", "appointmentTypeID* datetime* firstName* lastName* email* phone calendarID notes", "Book an appointment for a client.", "canceled", false, "paid", "no"),
			search("find_appointments", "appointments", "email firstName lastName calendarID appointmentTypeID minDate=datetime@gte maxDate=datetime@lte canceled", "Find appointments."),
			get("get_appointment", "appointments", "id", "Get an appointment."),
			update("reschedule_appointment", "appointments", "id datetime* calendarID", "Move an appointment to another time."),
			update("cancel_appointment", "appointments", "id", "Cancel an appointment.", "canceled", true),
			update("update_appointment", "appointments", "id notes email phone", "Update an appointment's notes or client details."),
			search("list_appointment_types", "appointment_types", "name category active", "List appointment types."),
			search("list_calendars", "calendars", "name", "List staff calendars."),
			search("find_clients", "clients", "firstName lastName email phone", "Find clients."),
			create("create_client", "clients", "firstName* lastName* email phone notes", "Add a client."),
		}})

	add(App{ID: "cal_com", Family: "calendar",
		Desc: "Cal.com: open-source scheduling with event types, bookings that may need confirmation, and availability schedules.",
		Colls: []C{
			{Name: "bookings", Key: "uid", Prefix: "bk_", Fields: "uid title eventTypeId startTime:dt endTime:dt status=ACCEPTED|PENDING|CANCELLED|REJECTED attendees:[] description location cancellationReason rescheduled:b"},
			{Name: "event_types", Prefix: "4", Fields: "title slug length:i hidden:b requiresConfirmation:b price:n currency"},
			{Name: "schedules", Prefix: "sch", Fields: "name timeZone isDefault:b availability:[o]"},
		},
		Tools: []T{
			create("create_booking", "bookings", "eventTypeId* start=startTime* end=endTime attendees* title description location", "Create a booking; attendees are emails.", "status", "ACCEPTED", "rescheduled", false),
			search("list_bookings", "bookings", "status eventTypeId attendeeEmail=attendees afterStart=startTime@gte beforeEnd=endTime@lte take:limit", "List bookings."),
			get("get_booking", "bookings", "uid", "Get a booking by uid."),
			update("confirm_booking", "bookings", "uid", "Confirm a booking that requires confirmation.", "status", "ACCEPTED"),
			update("decline_booking", "bookings", "uid cancellationReason", "Decline a pending booking.", "status", "REJECTED"),
			update("cancel_booking", "bookings", "uid cancellationReason", "Cancel a booking.", "status", "CANCELLED"),
			update("reschedule_booking", "bookings", "uid start=startTime* end=endTime", "Reschedule a booking.", "rescheduled", true),
			search("list_event_types", "event_types", "title slug hidden", "List event types."),
			create("create_event_type", "event_types", "title* slug* length* requiresConfirmation price currency", "Create an event type.", "hidden", false),
			search("list_schedules", "schedules", "name", "List availability schedules."),
		}})

	add(App{ID: "doodle", Family: "calendar",
		Desc: "Doodle: group scheduling polls with time options and participant votes.",
		Colls: []C{
			{Name: "polls", Prefix: "dp", Fields: "title description type=DATE|TEXT state=OPEN|CLOSED organizer_email:email location deadline:date final_option_id created_at:dt"},
			{Name: "options", Prefix: "op", Fields: "poll_id start:dt end:dt text"},
			{Name: "participants", Prefix: "pa", Fields: "poll_id name email:email preferences:[]",
				Docs: map[string]string{"preferences": "Ids of the options this participant can attend"}},
		},
		Tools: []T{
			create("create_poll", "polls", "title* organizer_email* type description location deadline", "Create a scheduling poll.", "state", "OPEN", "created_at", "$now"),
			search("find_polls", "polls", "title state organizer_email", "Find polls."),
			get("get_poll", "polls", "poll_id=id", "Get a poll."),
			update("close_poll", "polls", "poll_id=id final_option_id*", "Close a poll on the chosen option.", "state", "CLOSED"),
			create("add_option", "options", "poll_id* start end text", "Add a time (or text) option to a poll."),
			search("list_options", "options", "poll_id*", "List a poll's options."),
			search("list_participants", "participants", "poll_id* name email", "List who answered a poll."),
			create("add_participant", "participants", "poll_id* name* email preferences", "Vote on a poll for a participant."),
			del("delete_poll", "polls", "poll_id=id", "Delete a poll."),
		}})
}
