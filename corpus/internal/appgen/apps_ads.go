package main

func init() {
	add(App{ID: "google_ads", Family: "ads", AB: true,
		Desc:   "Google Ads: campaigns with budgets and status, customer match lists, offline conversion uploads and reports.",
		Prefix: map[string]string{"customer_lists": "ul_", "campaigns": "2033", "conversions": "oc_", "reports": "rpt_"},
		Tools: []T{
			get("find_campaign_by_id", "campaigns", "campaign_id=id", "Get a campaign by id."),
			search("find_campaign_by_name", "campaigns", "name* account_id", "Find campaigns by name."),
			search("list_campaigns", "campaigns", "account_id status advertising_channel_type", "List campaigns of an account."),
			update("set_campaign_status", "campaigns", "campaign_id=id status*", "Enable, pause or remove a campaign."),
			update("update_campaign_budget", "campaigns", "campaign_id=id daily_budget* budget_amount", "Change a campaign's daily budget."),
			create("create_customer_list", "customer_lists", "account_id* name* description membership_life_span upload_key_type", "Create a customer match list.", "status", "OPEN", "account_user_list_status", "ACTIVE", "created_at", "$now"),
			push("add_contact_to_customer_list", "customer_lists", "list_id=id member=members", "Add a hashed email or phone to a customer list."),
			search("find_customer_list", "customer_lists", "account_id name status", "Find customer lists."),
			create("send_offline_conversion", "conversions", "account_id* conversion_name* conversion_time* gclid email phone conversion_value conversion_currency_code", "Upload an offline conversion.", "created_at", "$now"),
			search("list_conversions", "conversions", "account_id conversion_name email gclid", "List uploaded conversions."),
			create("create_report", "reports", "account_id* name* report_type* date_range*", "Request a performance report.", "created_at", "$now"),
			search("list_reports", "reports", "account_id report_type status", "List reports."),
		}})

	add(App{ID: "facebook_lead_ads", Family: "ads", AB: true,
		Desc:   "Facebook Lead Ads: lead-form ads, the leads they collect, and ad performance reports.",
		Prefix: map[string]string{"ads": "2385", "leads": "9412", "reports": "rep_"},
		Tools: []T{
			search("list_leads", "leads", "ad_id email full_name created_after=created_time@gte", "List leads collected by ads."),
			get("get_lead", "leads", "lead_id=id", "Get a lead."),
			search("find_ad", "ads", "ad_name campaign_id adset_id form_id status", "Find ads."),
			get("get_ad", "ads", "ad_id=id", "Get an ad."),
			create("create_ad", "ads", "ad_name* adset_id* creative_name* message* link* form_id action_type campaign_id", "Create a lead ad (paused until activated).", "status", "PAUSED", "created_time", "$now"),
			update("pause_ad", "ads", "ad_id=id", "Pause an ad.", "status", "PAUSED"),
			update("activate_ad", "ads", "ad_id=id", "Activate an ad.", "status", "ACTIVE"),
			create("create_report", "reports", "date_preset* date_start* date_stop* level fields breakdowns", "Build an ad insights report.", "generated_at", "$now"),
			search("list_reports", "reports", "level date_preset", "List reports."),
		}})

	add(App{ID: "facebook_conversions", Family: "ads", AB: true,
		Desc:   "Meta Conversions API: server-side events (leads, purchases) sent to datasets, and custom conversions.",
		Prefix: map[string]string{"events": "ev_"},
		Colls: []C{
			{Name: "datasets", Prefix: "8164", Fields: "name owner_business events_received:i last_fired_time:dt"},
			{Name: "custom_conversions", Prefix: "5512", Fields: "name dataset_id event_name rule default_conversion_value:n is_archived:b"},
		},
		Tools: []T{
			create("send_lead_event", "events", "dataset_id* email phone first_name last_name action_source lead_event_source lifecycle_stage_name event_time", "Send a Lead event.", "event_name", "Lead", "status", "success", "created_at", "$now"),
			create("send_purchase_event", "events", "dataset_id* value* currency* email phone action_source event_time", "Send a Purchase event.", "event_name", "Purchase", "status", "success", "created_at", "$now"),
			create("send_custom_event", "events", "dataset_id* event_name* email value currency action_source event_time", "Send an event with a custom name.", "status", "success", "created_at", "$now"),
			search("list_events", "events", "dataset_id event_name email status", "List events received."),
			search("list_datasets", "datasets", "name", "List datasets (pixels)."),
			create("create_custom_conversion", "custom_conversions", "dataset_id* name* event_name* rule default_conversion_value", "Create a custom conversion.", "is_archived", false),
			search("list_custom_conversions", "custom_conversions", "dataset_id name", "List custom conversions."),
		}})

	add(App{ID: "linkedin_ads", Family: "ads", AB: true,
		Desc:   "LinkedIn Campaign Manager: matched audiences, conversion events and reports of ad accounts.",
		Prefix: map[string]string{"audiences": "li_aud_", "conversions": "li_conv_", "reports": "li_rep_"},
		Tools: []T{
			create("create_audience", "audiences", "account_id* name* audience_type", "Create a matched audience.", "status", "ACTIVE", "created_at", "$now", "updated_at", "$now"),
			search("list_audiences", "audiences", "account_id name audience_type status", "List audiences."),
			push("add_to_audience", "audiences", "audience_id=id member=members", "Add a member (email or company) to an audience."),
			update("archive_audience", "audiences", "audience_id=id", "Archive an audience.", "status", "ARCHIVED", "updated_at", "$now"),
			create("send_conversion", "conversions", "account_id* conversion_name* email first_name last_name value currency_code conversion_type event_time", "Send a conversion event.", "created_at", "$now"),
			search("list_conversions", "conversions", "account_id conversion_name email", "List conversion events."),
			create("create_report", "reports", "account_id* name* report_type*", "Request a report.", "created_at", "$now"),
			search("list_reports", "reports", "account_id report_type status", "List reports."),
		}})

	add(App{ID: "linkedin_conversions", Family: "ads", AB: true,
		Desc:   "LinkedIn Conversions API: conversion events for conversion rules of ad accounts.",
		Prefix: map[string]string{"events": "lce_"},
		Colls: []C{
			{Name: "conversion_rules", Prefix: "1480", Fields: "account name type=LEAD|PURCHASE|SIGN_UP|KEY_PAGE_VIEW|ADD_TO_CART|QUALIFIED_LEAD conversion_method=CONVERSIONS_API|INSIGHT_TAG enabled:b post_click_attribution_window_size:i"},
			{Name: "ad_accounts", Prefix: "5090", Fields: "name currency status=ACTIVE|CANCELED|DRAFT reference_organization"},
		},
		Tools: []T{
			create("send_conversion_event", "events", "account* conversion* email first_name last_name title company country lead_id amount currency_code conversion_happened_at", "Send a conversion event.", "status", "success", "created_at", "$now", "event_time", "$now"),
			search("list_events", "events", "account conversion email status lead_id", "List conversion events."),
			create("create_conversion_rule", "conversion_rules", "account* name* type* post_click_attribution_window_size", "Create a Conversions API rule.", "conversion_method", "CONVERSIONS_API", "enabled", true),
			search("list_conversion_rules", "conversion_rules", "account type enabled", "List conversion rules."),
			update("disable_conversion_rule", "conversion_rules", "rule_id=id", "Disable a conversion rule.", "enabled", false),
			search("list_ad_accounts", "ad_accounts", "name status", "List ad accounts."),
		}})

	add(App{ID: "linkedin_leadgen_forms", Family: "ads", AB: true,
		Desc:   "LinkedIn Lead Gen Forms: forms attached to ads and the responses (leads) members submit.",
		Prefix: map[string]string{"actions": "llf_rec_"},
		Colls: []C{
			{Name: "forms", Prefix: "6930", Fields: "account_id name headline status=DRAFT|PUBLISHED|ARCHIVED questions:[] privacy_policy_url:url locale created_at:dt"},
			{Name: "form_responses", Prefix: "7031", Fields: "form_id email:email first_name last_name company job_title phone country answers:o submitted_at:dt"},
			{Name: "ad_accounts", Prefix: "5091", Fields: "name status=ACTIVE|CANCELED|DRAFT"},
		},
		Tools: []T{
			search("list_forms", "forms", "account_id name status", "List lead gen forms."),
			get("get_form", "forms", "form_id=id", "Get a form with its questions."),
			create("create_form", "forms", "account_id* name* headline* questions* privacy_policy_url locale", "Create a form (draft).", "status", "DRAFT", "created_at", "$now"),
			update("archive_form", "forms", "form_id=id", "Archive a form.", "status", "ARCHIVED"),
			search("list_form_responses", "form_responses", "form_id email company submitted_after=submitted_at@gte", "List submitted leads."),
			get("get_form_response", "form_responses", "response_id=id", "Get one lead."),
			search("list_ad_accounts", "ad_accounts", "name status", "List ad accounts."),
		}})

	add(App{ID: "microsoft_ads", Family: "ads",
		Desc: "Microsoft Advertising: campaigns, ad groups and keywords with bids, and offline conversions.",
		Colls: []C{
			{Name: "campaigns", Prefix: "4103", Fields: "AccountId Name Status=Active|Paused|Deleted|BudgetPaused CampaignType=Search|Shopping|Audience|PerformanceMax BudgetType=DailyBudgetStandard|DailyBudgetAccelerated DailyBudget:n TimeZone"},
			{Name: "ad_groups", Prefix: "1204", Fields: "CampaignId Name Status=Active|Paused|Deleted CpcBid:n StartDate:date EndDate:date"},
			{Name: "keywords", Prefix: "7705", Fields: "AdGroupId Text MatchType=Exact|Phrase|Broad Status=Active|Paused|Deleted Bid:n"},
			{Name: "offline_conversions", Prefix: "oc", Fields: "MicrosoftClickId ConversionName ConversionTime:dt ConversionValue:n ConversionCurrencyCode"},
		},
		Tools: []T{
			search("get_campaigns_by_account_id", "campaigns", "AccountId* Status CampaignType Name", "List campaigns of an account."),
			update("update_campaign", "campaigns", "CampaignId=id Name Status DailyBudget", "Update a campaign's name, status or budget."),
			create("add_campaign", "campaigns", "AccountId* Name* CampaignType* DailyBudget* BudgetType TimeZone", "Add a campaign (paused).", "Status", "Paused"),
			search("get_ad_groups_by_campaign_id", "ad_groups", "CampaignId* Status", "List ad groups."),
			create("add_ad_group", "ad_groups", "CampaignId* Name* CpcBid StartDate EndDate", "Add an ad group.", "Status", "Paused"),
			search("get_keywords_by_ad_group_id", "keywords", "AdGroupId* Status MatchType Text", "List keywords."),
			create("add_keyword", "keywords", "AdGroupId* Text* MatchType* Bid", "Add a keyword.", "Status", "Active"),
			update("update_keyword_bid", "keywords", "KeywordId=id Bid*", "Change a keyword's bid."),
			create("apply_offline_conversion", "offline_conversions", "MicrosoftClickId* ConversionName* ConversionTime* ConversionValue ConversionCurrencyCode", "Upload an offline conversion."),
		}})

	add(App{ID: "tiktok_ads", Family: "ads",
		Desc: "TikTok Ads Manager: campaigns with objectives and budgets, ad groups and ads of an advertiser.",
		Colls: []C{
			{Name: "campaigns", Key: "campaign_id", Prefix: "17800", Fields: "campaign_id advertiser_id campaign_name objective_type=REACH|TRAFFIC|VIDEO_VIEWS|LEAD_GENERATION|CONVERSIONS|APP_PROMOTION budget:n budget_mode=BUDGET_MODE_DAY|BUDGET_MODE_TOTAL|BUDGET_MODE_INFINITE operation_status=ENABLE|DISABLE|DELETE create_time:dt"},
			{Name: "adgroups", Key: "adgroup_id", Prefix: "17801", Fields: "adgroup_id campaign_id adgroup_name placement_type=PLACEMENT_TYPE_AUTOMATIC|PLACEMENT_TYPE_NORMAL budget:n bid_price:n schedule_start_time:dt operation_status=ENABLE|DISABLE|DELETE"},
			{Name: "ads", Key: "ad_id", Prefix: "17802", Fields: "ad_id adgroup_id ad_name ad_text call_to_action=LEARN_MORE|SHOP_NOW|SIGN_UP|DOWNLOAD|CONTACT_US landing_page_url:url operation_status=ENABLE|DISABLE|DELETE"},
		},
		Tools: []T{
			create("campaign_create", "campaigns", "advertiser_id* campaign_name* objective_type* budget_mode* budget", "Create a campaign.", "operation_status", "ENABLE", "create_time", "$now"),
			search("campaign_get", "campaigns", "advertiser_id* campaign_name objective_type operation_status", "List campaigns."),
			update("campaign_status_update", "campaigns", "campaign_id operation_status*", "Enable, disable or delete a campaign."),
			update("campaign_update", "campaigns", "campaign_id campaign_name budget", "Update a campaign's name or budget."),
			create("adgroup_create", "adgroups", "campaign_id* adgroup_name* budget bid_price placement_type schedule_start_time", "Create an ad group.", "operation_status", "ENABLE"),
			search("adgroup_get", "adgroups", "campaign_id operation_status", "List ad groups."),
			create("ad_create", "ads", "adgroup_id* ad_name* ad_text* landing_page_url call_to_action", "Create an ad.", "operation_status", "ENABLE"),
			search("ad_get", "ads", "adgroup_id operation_status ad_name", "List ads."),
			update("ad_status_update", "ads", "ad_id operation_status*", "Enable, disable or delete an ad."),
		}})
}
