package main

func init() {
	add(App{ID: "bamboohr", Family: "hr", AB: true,
		Desc:   "BambooHR: the employee directory, time-off requests and training records.",
		Prefix: map[string]string{"actions": "bh_rec_"},
		Colls: []C{
			{Name: "employees", Prefix: "40", Fields: "firstName lastName workEmail:email jobTitle department location status=Active|Inactive employmentStatus=Full-Time|Part-Time|Contractor|Intern hireDate:date terminationDate:date supervisorId"},
			{Name: "time_off_requests", Prefix: "19", Fields: "employeeId type=Vacation|Sick|Personal|Bereavement start:date end:date amount:n status=requested|approved|denied|canceled notes created:dt",
				Docs: map[string]string{"amount": "Days requested"}},
			{Name: "training_records", Prefix: "77", Fields: "employeeId type name completed:date hours:n"},
		},
		Tools: []T{
			create("add_employee", "employees", "firstName* lastName* workEmail jobTitle department location hireDate employmentStatus supervisorId", "Add an employee.", "status", "Active"),
			search("find_employee", "employees", "firstName lastName workEmail department location status supervisorId", "Find employees."),
			get("get_employee", "employees", "employee_id=id", "Get an employee."),
			update("update_employee", "employees", "employee_id=id jobTitle department location supervisorId employmentStatus", "Update an employee."),
			update("terminate_employee", "employees", "employee_id=id terminationDate*", "Terminate an employee.", "status", "Inactive"),
			create("request_time_off", "time_off_requests", "employeeId* type* start* end* amount notes", "Request time off for an employee.", "status", "requested", "created", "$now"),
			search("list_time_off_requests", "time_off_requests", "employeeId status type starting_after=start@gte", "List time-off requests."),
			update("approve_time_off", "time_off_requests", "request_id=id notes", "Approve a time-off request.", "status", "approved"),
			update("deny_time_off", "time_off_requests", "request_id=id notes", "Deny a time-off request.", "status", "denied"),
			create("add_training_record", "training_records", "employeeId* type* name* completed* hours", "Record completed training."),
			search("list_training_records", "training_records", "employeeId type", "List training records."),
		}})

	add(App{ID: "recruitee", Family: "recruiting", AB: true,
		Desc:   "Recruitee: job offers and talent pools, candidates placed in hiring pipelines, tags and notes.",
		Prefix: map[string]string{"actions": "rt_rec_"},
		Colls: []C{
			{Name: "offers", Prefix: "1811", Fields: "title department location status=draft|published|internal|closed|archived kind=job|talent_pool"},
			{Name: "candidates", Prefix: "5012", Fields: "name emails:[] phones:[] source tags:[] created_at:dt"},
			{Name: "placements", Prefix: "7722", Fields: "candidate_id offer_id stage_name=Applied|Phone+screen|Interview|Offer|Hired disqualified:b disqualify_reason"},
			{Name: "notes", Prefix: "9100", Fields: "candidate_id body created_at:dt"},
		},
		Tools: []T{
			create("create_candidate", "candidates", "name* emails phones source", "Create a candidate.", "created_at", "$now"),
			search("find_candidate", "candidates", "name email=emails tag=tags source", "Find candidates."),
			push("tag_candidate", "candidates", "candidate_id=id tag=tags", "Tag a candidate."),
			create("add_candidate_to_offer", "placements", "candidate_id* offer_id*", "Assign a candidate to a job offer.", "stage_name", "Applied", "disqualified", false),
			search("list_placements", "placements", "candidate_id offer_id stage_name disqualified", "List placements of candidates in offers."),
			update("move_candidate_to_stage", "placements", "placement_id=id stage_name*", "Move a candidate to another pipeline stage."),
			update("disqualify_candidate", "placements", "placement_id=id disqualify_reason*", "Disqualify a candidate from an offer.", "disqualified", true),
			create("add_note", "notes", "candidate_id* body*", "Add a note to a candidate.", "created_at", "$now"),
			search("list_offers", "offers", "title department status kind", "List offers and talent pools."),
			create("create_offer", "offers", "title* department location kind", "Create a job offer (as a draft).", "status", "draft"),
		}})

	add(App{ID: "gusto", Family: "hr",
		Desc: "Gusto: payroll and HR with employees, departments, payrolls and time-off requests.",
		Colls: []C{
			{Name: "employees", Key: "uuid", Prefix: "9f1e2d3c-", Fields: "uuid first_name last_name email:email job_title department_uuid start_date:date date_of_birth:date onboarded:b terminated:b termination_date:date"},
			{Name: "departments", Key: "uuid", Prefix: "7d6c5b4a-", Fields: "uuid title"},
			{Name: "payrolls", Key: "payroll_uuid", Prefix: "5b4a3c2d-", Fields: "payroll_uuid pay_period_start:date pay_period_end:date check_date:date payroll_type=regular|off_cycle processed:b totals_gross_pay:n"},
			{Name: "time_off_requests", Prefix: "tor-", Fields: "employee_uuid request_type=vacation|sick status=pending|approved|denied start_date:date end_date:date hours:n notes"},
		},
		Tools: []T{
			create("create_employee", "employees", "first_name* last_name* email* job_title department_uuid start_date date_of_birth", "Create an employee.", "onboarded", false, "terminated", false),
			search("list_employees", "employees", "first_name last_name email department_uuid terminated onboarded", "List employees."),
			update("update_employee", "employees", "uuid job_title department_uuid email", "Update an employee."),
			update("terminate_employee", "employees", "uuid termination_date*", "Terminate an employee.", "terminated", true),
			search("list_payrolls", "payrolls", "payroll_type processed from=check_date@gte", "List payrolls."),
			create("create_off_cycle_payroll", "payrolls", "pay_period_start* pay_period_end* check_date*", "Create an off-cycle payroll.", "payroll_type", "off_cycle", "processed", false),
			update("submit_payroll", "payrolls", "payroll_uuid", "Submit a payroll for processing.", "processed", true),
			search("list_departments", "departments", "title", "List departments."),
			create("create_department", "departments", "title*", "Create a department."),
			create("create_time_off_request", "time_off_requests", "employee_uuid* request_type* start_date* end_date* hours notes", "Request time off.", "status", "pending"),
			update("approve_time_off_request", "time_off_requests", "request_id=id", "Approve time off.", "status", "approved"),
		}})

	add(App{ID: "rippling", Family: "hr",
		Desc: "Rippling: employees (roles) with employment types and states, groups, leave requests and devices.",
		Colls: []C{
			{Name: "employees", Prefix: "5f0b", Fields: "name work_email:email personal_email:email title department manager_id employment_type=SALARIED_FT|SALARIED_PT|HOURLY_FT|HOURLY_PT|CONTRACTOR role_state=ACTIVE|HIRED|ACCEPTED|TERMINATED start_date:date end_date:date"},
			{Name: "groups", Prefix: "6a1c", Fields: "name members:[]"},
			{Name: "leave_requests", Prefix: "7b2d", Fields: "role_id leave_type=VACATION|SICK|PERSONAL|PARENTAL start_date:date end_date:date status=PENDING|APPROVED|REJECTED|CANCELED reason processed_by"},
			{Name: "devices", Prefix: "8c3e", Fields: "serial_number model assigned_to status=IN_USE|IN_INVENTORY|RETIRED"},
		},
		Tools: []T{
			search("list_employees", "employees", "name work_email department manager_id role_state employment_type", "List employees."),
			get("get_employee", "employees", "employee_id=id", "Get an employee."),
			update("update_employee", "employees", "employee_id=id title department manager_id employment_type", "Update an employee."),
			update("terminate_employee", "employees", "employee_id=id end_date*", "Terminate an employee.", "role_state", "TERMINATED"),
			search("list_groups", "groups", "name member=members", "List groups."),
			push("add_user_to_group", "groups", "group_id=id employee_id=members", "Add an employee to a group."),
			create("create_leave_request", "leave_requests", "role_id* leave_type* start_date* end_date* reason", "Request leave for an employee.", "status", "PENDING"),
			search("list_leave_requests", "leave_requests", "role_id status leave_type", "List leave requests."),
			update("process_leave_request", "leave_requests", "request_id=id status* processed_by", "Approve or reject a leave request."),
			search("list_devices", "devices", "serial_number model assigned_to status", "List devices."),
			update("assign_device", "devices", "device_id=id assigned_to*", "Assign a device to an employee.", "status", "IN_USE"),
		}})

	add(App{ID: "personio", Family: "hr",
		Desc: "Personio: employees, absences (time off) and attendance records.",
		Colls: []C{
			{Name: "employees", Prefix: "1440", Fields: "first_name last_name email:email position department office status=active|inactive|onboarding|leave hire_date:date supervisor_id weekly_working_hours:n"},
			{Name: "absences", Prefix: "2440", Fields: "employee_id time_off_type=Paid+vacation|Sick+leave|Parental+leave|Unpaid+leave start_date:date end_date:date half_day_start:b half_day_end:b status=approved|pending|rejected comment"},
			{Name: "attendances", Prefix: "3440", Fields: "employee_id date:date start_time end_time break:i comment",
				Docs: map[string]string{"start_time": "HH:MM", "end_time": "HH:MM", "break": "Minutes"}},
		},
		Tools: []T{
			create("create_employee", "employees", "first_name* last_name* email* position department office hire_date supervisor_id weekly_working_hours", "Create an employee.", "status", "onboarding"),
			search("list_employees", "employees", "email first_name last_name department office status", "List employees."),
			update("update_employee", "employees", "employee_id=id position department office supervisor_id status", "Update an employee."),
			create("create_absence", "absences", "employee_id* time_off_type* start_date* end_date* half_day_start half_day_end comment", "Create an absence period.", "status", "pending"),
			search("list_absences", "absences", "employee_id time_off_type status from=start_date@gte", "List absences."),
			del("delete_absence", "absences", "absence_id=id", "Delete an absence."),
			create("create_attendance", "attendances", "employee_id* date* start_time* end_time* break comment", "Record attendance."),
			search("list_attendances", "attendances", "employee_id date", "List attendance records."),
			update("update_attendance", "attendances", "attendance_id=id start_time end_time break comment", "Correct an attendance record."),
		}})

	add(App{ID: "hibob", Family: "hr",
		Desc: "HiBob (Bob): people with work details and lifecycle status, time off and onboarding tasks.",
		Colls: []C{
			{Name: "people", Prefix: "3332", Fields: "displayName firstName surname email:email work_title work_department work_site work_reportsTo work_startDate:date lifecycle_status=hired|employed|terminated|garden_leave"},
			{Name: "time_off", Prefix: "4443", Fields: "employeeId policyType=Holiday|Sick|Personal startDate:date endDate:date requestRangeType=days|hours status=pending|approved|declined|canceled description"},
			{Name: "tasks", Prefix: "5554", Fields: "owner_id employee_id title due_date:date status=open|completed list_name"},
		},
		Tools: []T{
			search("search_people", "people", "displayName email work_department work_site work_reportsTo lifecycle_status", "Search people."),
			get("get_person", "people", "employee_id=id", "Get a person."),
			create("create_employee", "people", "firstName* surname* email* work_title work_department work_site work_startDate work_reportsTo", "Create an employee.", "lifecycle_status", "hired"),
			update("update_work", "people", "employee_id=id work_title work_department work_site work_reportsTo", "Update a person's work details."),
			create("submit_time_off_request", "time_off", "employeeId* policyType* startDate* endDate* requestRangeType description", "Submit a time-off request.", "status", "pending"),
			search("list_time_off", "time_off", "employeeId policyType status", "List time-off requests."),
			update("cancel_time_off_request", "time_off", "request_id=id", "Cancel a time-off request.", "status", "canceled"),
			search("list_tasks", "tasks", "owner_id employee_id status list_name", "List onboarding and offboarding tasks."),
			update("complete_task", "tasks", "task_id=id", "Complete a task.", "status", "completed"),
		}})

	add(App{ID: "greenhouse", Family: "recruiting",
		Desc: "Greenhouse Recruiting: candidates, their applications to jobs moving through interview stages, scorecards and notes.",
		Colls: []C{
			{Name: "candidates", Prefix: "4821", Fields: "first_name last_name emails:[] phone_numbers:[] company title tags:[] created_at:dt"},
			{Name: "applications", Prefix: "6931", Fields: "candidate_id job_id status=active|rejected|hired current_stage source rejection_reason applied_at:dt"},
			{Name: "jobs", Prefix: "2021", Fields: "name status=open|closed|draft departments:[] offices:[] requisition_id hiring_manager:email"},
			{Name: "scorecards", Prefix: "8841", Fields: "application_id interviewer:email interview overall_recommendation=definitely_not|no|yes|strong_yes submitted_at:dt"},
			{Name: "notes", Prefix: "9951", Fields: "candidate_id body visibility=admin_only|private|public created_at:dt"},
		},
		Tools: []T{
			create("create_candidate", "candidates", "first_name* last_name* emails phone_numbers company title", "Create a candidate.", "created_at", "$now"),
			search("find_candidate", "candidates", "email=emails first_name last_name company tag=tags", "Find candidates."),
			push("add_tag_to_candidate", "candidates", "candidate_id=id tag=tags", "Tag a candidate."),
			create("create_application", "applications", "candidate_id* job_id* source", "Apply a candidate to a job.", "status", "active", "current_stage", "Application Review", "applied_at", "$now"),
			search("list_applications", "applications", "candidate_id job_id status current_stage", "List applications."),
			update("advance_application", "applications", "application_id=id current_stage*", "Move an application to the next stage."),
			update("reject_application", "applications", "application_id=id rejection_reason*", "Reject an application.", "status", "rejected"),
			update("hire_application", "applications", "application_id=id", "Mark an application hired.", "status", "hired"),
			search("list_jobs", "jobs", "name status requisition_id department=departments", "List jobs."),
			search("list_scorecards", "scorecards", "application_id interviewer overall_recommendation", "List scorecards."),
			create("create_note", "notes", "candidate_id* body* visibility*", "Add a note to a candidate.", "created_at", "$now"),
		}})

	add(App{ID: "lever", Family: "recruiting",
		Desc: "Lever: opportunities (a candidate's journey) moving through stages, postings, notes and interviews.",
		Colls: []C{
			{Name: "opportunities", Prefix: "250d8f03-", Fields: "name emails:[] contact stage=lead-new|lead-reached-out|applicant-new|phone-screen|on-site|offer|hired origin=agency|applied|internal|referred|sourced sources:[] tags:[] owner posting_id archived_reason createdAt:dt"},
			{Name: "postings", Prefix: "f2f01e16-", Fields: "text state=published|internal|closed|draft|pending|rejected team location commitment=Full-time|Part-time|Contract|Internship"},
			{Name: "notes", Prefix: "8a72d6f1-", Fields: "opportunity_id value user createdAt:dt"},
			{Name: "interviews", Prefix: "6c25ba4e-", Fields: "opportunity_id subject interviewers:[] date:dt duration:i location"},
		},
		Tools: []T{
			create("create_opportunity", "opportunities", "name* emails* origin posting_id sources tags owner", "Create an opportunity for a candidate.", "stage", "applicant-new", "createdAt", "$now"),
			search("list_opportunities", "opportunities", "email=emails stage origin tag=tags posting_id owner", "List opportunities."),
			update("change_stage", "opportunities", "opportunity=id stage*", "Change an opportunity's stage."),
			update("archive_opportunity", "opportunities", "opportunity=id archived_reason*", "Archive an opportunity with a reason."),
			push("add_tags", "opportunities", "opportunity=id tag=tags", "Tag an opportunity."),
			create("create_note", "notes", "opportunity_id* value*", "Add a note.", "createdAt", "$now"),
			search("list_postings", "postings", "text state team location commitment", "List postings."),
			create("create_interview", "interviews", "opportunity_id* subject* interviewers* date* duration location", "Schedule an interview."),
			search("list_interviews", "interviews", "opportunity_id*", "List interviews."),
		}})

	add(App{ID: "workable", Family: "recruiting",
		Desc: "Workable: jobs by shortcode, candidates in pipeline stages, comments and team members.",
		Colls: []C{
			{Name: "jobs", Key: "shortcode", Fields: "shortcode title full_title department state=draft|published|closed|archived location"},
			{Name: "candidates", Prefix: "e1a2b3", Fields: "job_shortcode name email:email phone stage=Sourced|Applied|Phone+Screen|Interview|Offer|Hired disqualified:b disqualification_reason tags:[] created_at:dt"},
			{Name: "comments", Prefix: "cm1a2b", Fields: "candidate_id body member_id created_at:dt"},
			{Name: "members", Prefix: "mb1a2b", Fields: "name email:email role=admin|simple|reviewer"},
		},
		Tools: []T{
			search("list_jobs", "jobs", "state title department", "List jobs."),
			create("create_candidate", "candidates", "job_shortcode* name* email* phone tags", "Add a candidate to a job.", "stage", "Applied", "disqualified", false, "created_at", "$now"),
			search("list_candidates", "candidates", "job_shortcode email stage disqualified tag=tags", "List candidates."),
			update("move_candidate", "candidates", "candidate_id=id stage*", "Move a candidate to a stage."),
			update("disqualify_candidate", "candidates", "candidate_id=id disqualification_reason*", "Disqualify a candidate.", "disqualified", true),
			push("tag_candidate", "candidates", "candidate_id=id tag=tags", "Tag a candidate."),
			create("comment_on_candidate", "comments", "candidate_id* body* member_id", "Comment on a candidate.", "created_at", "$now"),
			search("list_members", "members", "email role", "List account members."),
		}})

	add(App{ID: "ashby", Family: "recruiting",
		Desc: "Ashby: candidates, applications to jobs in interview stages, and interview schedules.",
		Colls: []C{
			{Name: "jobs", Prefix: "job_", Fields: "title status=Open|Closed|Draft|Archived departmentId locationId employmentType=FullTime|PartTime|Intern|Contract"},
			{Name: "candidates", Prefix: "cand_", Fields: "name primaryEmailAddress:email phoneNumber source tags:[] linkedInUrl:url"},
			{Name: "applications", Prefix: "app_", Fields: "candidateId jobId status=Active|Hired|Archived|Lead currentInterviewStage archiveReason createdAt:dt"},
			{Name: "interview_schedules", Prefix: "isch_", Fields: "applicationId interviewers:[] startTime:dt endTime:dt status=Scheduled|Completed|Cancelled"},
		},
		Tools: []T{
			create("candidate_create", "candidates", "name* primaryEmailAddress* phoneNumber source linkedInUrl", "Create a candidate."),
			search("candidate_search", "candidates", "name primaryEmailAddress tag=tags", "Search candidates."),
			push("candidate_add_tag", "candidates", "candidateId=id tag=tags", "Tag a candidate."),
			create("application_create", "applications", "candidateId* jobId* currentInterviewStage", "Consider a candidate for a job.", "status", "Active", "createdAt", "$now"),
			search("application_list", "applications", "jobId candidateId status currentInterviewStage", "List applications."),
			update("application_change_stage", "applications", "applicationId=id currentInterviewStage*", "Move an application to an interview stage."),
			update("application_archive", "applications", "applicationId=id archiveReason*", "Archive an application.", "status", "Archived"),
			search("job_list", "jobs", "title status departmentId employmentType", "List jobs."),
			create("interview_schedule_create", "interview_schedules", "applicationId* interviewers* startTime* endTime*", "Schedule an interview.", "status", "Scheduled"),
			update("interview_schedule_cancel", "interview_schedules", "interviewScheduleId=id", "Cancel an interview.", "status", "Cancelled"),
		}})
}
