package main

func init() {
	add(App{ID: "buffer", Family: "social", AB: true,
		Desc:   "Buffer: social channels, a queue of scheduled and sent posts with engagement, and ideas.",
		Prefix: map[string]string{"channels": "ch_", "posts": "post_", "ideas": "idea_"},
		Tools: []T{
			search("list_channels", "channels", "organization_id name service paused", "List connected channels."),
			update("pause_channel", "channels", "channel_id=id", "Pause a channel's queue.", "paused", true, "paused_at", "$now"),
			update("unpause_channel", "channels", "channel_id=id", "Resume a channel's queue.", "paused", false),
			create("add_to_queue", "posts", "channel_id* text* organization_id tags", "Add a post to a channel's queue.", "status", "buffer", "method", "queue", "shared_now", false, "created_at", "$now", "updated_at", "$now"),
			create("share_now", "posts", "channel_id* text* organization_id tags", "Publish a post immediately.", "status", "sent", "method", "share_now", "shared_now", true, "published_at", "$now", "created_at", "$now", "updated_at", "$now"),
			create("create_draft", "posts", "channel_id* text* organization_id tags", "Save a post as a draft.", "status", "draft", "method", "draft", "created_at", "$now", "updated_at", "$now"),
			search("list_posts", "posts", "channel_id status tag=tags text", "List posts."),
			update("edit_post", "posts", "post_id=id text tags", "Edit a queued post.", "updated_at", "$now"),
			del("delete_post", "posts", "post_id=id", "Delete a post from the queue."),
			create("create_idea", "ideas", "organization_id* text* tags", "Save an idea.", "status", "saved", "archived", false, "created_at", "$now", "updated_at", "$now"),
			search("list_ideas", "ideas", "organization_id status tag=tags", "List ideas."),
			update("archive_idea", "ideas", "idea_id=id", "Archive an idea.", "status", "archived", "archived", true, "updated_at", "$now"),
		}})

	add(App{ID: "facebook_pages", Family: "social", AB: true,
		Desc:   "Facebook Pages: posts, photos and videos published on pages, and post insights.",
		Prefix: map[string]string{"pages": "1029", "posts": "1029_", "photos": "ph_", "videos": "vd_", "insights": "ins_"},
		Tools: []T{
			search("list_pages", "pages", "name", "List the pages you manage."),
			create("create_page_post", "posts", "page_id* message* link_url", "Publish a post on a page.", "status_type", "mobile_status_update", "created_time", "$now"),
			search("find_post", "posts", "page_id message", "Find a page's posts."),
			get("get_post", "posts", "post_id=id", "Get a post."),
			update("update_post", "posts", "post_id=id message*", "Edit a post's message."),
			del("delete_post", "posts", "post_id=id", "Delete a post."),
			create("upload_photo", "photos", "page_id* source_url* message link", "Publish a photo on a page.", "created_time", "$now"),
			search("list_photos", "photos", "page_id", "List a page's photos."),
			create("upload_video", "videos", "page_id* source_url* title description", "Publish a video on a page.", "created_time", "$now"),
			search("get_post_insights", "insights", "page_id post_id*", "Get a post's insights."),
		}})

	add(App{ID: "instagram", Family: "social", AB: true,
		Desc:   "Instagram for Business: published media (photos, videos, carousels), comments and the business accounts.",
		Prefix: map[string]string{"media": "1789"},
		Colls: []C{
			{Name: "comments", Prefix: "1790", Fields: "media_id text username hidden:b like_count:i parent_id timestamp:dt"},
			{Name: "accounts", Prefix: "1784", Fields: "username name biography website:url followers_count:i media_count:i"},
		},
		Tools: []T{
			create("publish_photo", "media", "account_id* media_url* caption location tagged_users", "Publish a photo.", "media_type", "IMAGE", "status", "published", "is_carousel", false, "published_at", "$now", "created_at", "$now"),
			create("publish_video", "media", "account_id* media_url* caption location", "Publish a video (reel).", "media_type", "VIDEO", "status", "published", "is_carousel", false, "published_at", "$now", "created_at", "$now"),
			search("list_media", "media", "account_id media_type status caption", "List an account's media."),
			get("get_media", "media", "media_id=id", "Get one media object."),
			update("update_caption", "media", "media_id=id caption*", "Edit a caption."),
			search("list_comments", "comments", "media_id* username hidden", "List a media's comments."),
			create("reply_to_comment", "comments", "media_id* parent_id* text*", "Reply to a comment.", "hidden", false, "like_count", 0, "timestamp", "$now"),
			update("hide_comment", "comments", "comment_id=id", "Hide a comment.", "hidden", true),
			del("delete_comment", "comments", "comment_id=id", "Delete a comment."),
			get("get_account", "accounts", "account_id=id", "Get a business account's profile."),
		}})

	add(App{ID: "linkedin", Family: "social", AB: true,
		Desc:   "LinkedIn: member profiles and connections, company pages, posts, jobs, groups, invitations and messages.",
		Prefix: map[string]string{"profiles": "ACoAA", "connections": "conn_", "companies": "1035", "posts": "urn:li:share:7", "jobs": "38", "groups": "grp_", "invitations": "inv_", "messages": "msg_"},
		Tools: []T{
			create("create_share_update", "posts", "author_id* text* visibility author_type group_id", "Share a post as a member or company page.", "lifecycle_state", "PUBLISHED", "is_deleted", false, "created_at", "$now"),
			search("find_post", "posts", "author_id text visibility group_id is_deleted", "Find posts."),
			update("delete_post", "posts", "post_id=id", "Delete a post.", "is_deleted", true),
			search("find_profile", "profiles", "first_name last_name email current_company current_title headline location industry", "Find member profiles."),
			get("get_profile", "profiles", "profile_id=id", "Get a profile."),
			search("list_connections", "connections", "owner_id company degree", "List connections."),
			search("list_companies", "companies", "name industry headquarters", "Find company pages."),
			search("list_jobs", "jobs", "title company_id location workplace_type employment_type is_active", "Search jobs."),
			create("send_invitation", "invitations", "sender_profile_id* recipient_profile_url* recipient_profile_id message", "Send a connection invitation.", "status", "PENDING", "invitation_type", "CONNECTION", "sent_at", "$now"),
			create("send_message", "messages", "sender_profile_id* recipient_profile_id* text* subject", "Message a connection.", "sent_at", "$now"),
			search("list_messages", "messages", "sender_profile_id recipient_profile_id", "List messages."),
			search("list_groups", "groups", "name is_member", "List groups."),
		}})

	add(App{ID: "twitter", Family: "social", AB: true,
		Desc:   "X (Twitter): tweets, likes, retweets, follows and direct messages. The authenticated user's id is 'me'.",
		Prefix: map[string]string{"users": "14", "tweets": "17", "direct_messages": "dm_", "likes": "lk_", "retweets": "rt_", "follows": "fw_"},
		Tools: []T{
			create("create_tweet", "tweets", "text* in_reply_to_tweet_id conversation_id", "Post a tweet, or a reply with in_reply_to_tweet_id.", "author_id", "me", "is_retweet", false, "created_at", "$now"),
			search("search_tweets", "tweets", "text author_id conversation_id lang", "Search recent tweets."),
			get("get_tweet", "tweets", "tweet_id=id", "Get a tweet."),
			del("delete_tweet", "tweets", "tweet_id=id", "Delete one of your tweets."),
			create("like_tweet", "likes", "tweet_id*", "Like a tweet.", "user_id", "me", "created_at", "$now"),
			create("retweet", "retweets", "original_tweet_id*", "Retweet a tweet.", "user_id", "me", "created_at", "$now"),
			create("send_direct_message", "direct_messages", "recipient_id* text*", "Send a direct message.", "sender_id", "me", "read", false, "created_at", "$now"),
			search("list_direct_messages", "direct_messages", "sender_id recipient_id read", "List direct messages."),
			search("find_user", "users", "username name verified", "Find users."),
			create("follow_user", "follows", "following_id* following_username*", "Follow a user.", "follower_id", "me", "follower_username", "me", "created_at", "$now"),
			search("list_followers", "follows", "following_id follower_id", "List follow relationships."),
		}})

	add(App{ID: "hootsuite", Family: "social",
		Desc: "Hootsuite: schedule messages to several social profiles at once, with approval workflows.",
		Colls: []C{
			{Name: "social_profiles", Prefix: "1153", Fields: "type=TWITTER|FACEBOOK|INSTAGRAM|LINKEDIN|PINTEREST|YOUTUBE|TIKTOK socialNetworkUsername ownerId"},
			{Name: "messages", Prefix: "9021", Fields: "text socialProfileIds:[] scheduledSendTime:dt state=SCHEDULED|SENT|SEND_FAILED_PERMANENTLY|PENDING_APPROVAL|REJECTED|DRAFT tags:[] mediaUrls:[] reviewer:email"},
			{Name: "members", Prefix: "4401", Fields: "email:email fullName companyName bio"},
		},
		Tools: []T{
			create("schedule_message", "messages", "text* socialProfileIds* scheduledSendTime* tags mediaUrls", "Schedule a message to social profiles.", "state", "SCHEDULED"),
			create("submit_message_for_approval", "messages", "text* socialProfileIds* scheduledSendTime* reviewer*", "Schedule a message that needs approval.", "state", "PENDING_APPROVAL"),
			search("list_outbound_messages", "messages", "state socialProfileId=socialProfileIds tag=tags after=scheduledSendTime@gte", "List scheduled and sent messages."),
			get("get_message", "messages", "message_id=id", "Get a message."),
			update("approve_message", "messages", "message_id=id", "Approve a message.", "state", "SCHEDULED"),
			update("reject_message", "messages", "message_id=id", "Reject a message.", "state", "REJECTED"),
			del("delete_message", "messages", "message_id=id", "Delete a scheduled message."),
			search("list_social_profiles", "social_profiles", "type socialNetworkUsername", "List social profiles."),
			search("list_members", "members", "email fullName", "List organization members."),
		}})

	add(App{ID: "pinterest", Family: "social",
		Desc: "Pinterest: boards with sections, and pins linking images to sites.",
		Colls: []C{
			{Name: "boards", Prefix: "5496", Fields: "name description privacy=PUBLIC|PROTECTED|SECRET pin_count:i"},
			{Name: "board_sections", Prefix: "5497", Fields: "board_id name"},
			{Name: "pins", Prefix: "8136", Fields: "board_id board_section_id title description link:url media_source_url:url alt_text created_at:dt"},
		},
		Tools: []T{
			create("create_pin", "pins", "board_id* media_source_url* title description link alt_text board_section_id", "Create a pin.", "created_at", "$now"),
			search("list_pins", "pins", "board_id board_section_id title", "List pins."),
			get("get_pin", "pins", "pin_id=id", "Get a pin."),
			update("update_pin", "pins", "pin_id=id title description link alt_text board_id", "Update a pin or move it to another board."),
			del("delete_pin", "pins", "pin_id=id", "Delete a pin."),
			create("create_board", "boards", "name* description privacy", "Create a board.", "pin_count", 0),
			search("list_boards", "boards", "name privacy", "List boards."),
			create("create_board_section", "board_sections", "board_id* name*", "Create a board section."),
			search("list_board_sections", "board_sections", "board_id*", "List a board's sections."),
		}})

	add(App{ID: "youtube", Family: "social",
		Desc: "YouTube Data API: a channel's videos, playlists and their items, and comment moderation.",
		Colls: []C{
			{Name: "videos", Prefix: "dQw4w9Wg", Fields: "channel_id title description tags:[] category_id privacy_status=public|private|unlisted publish_at:dt view_count:i like_count:i"},
			{Name: "playlists", Prefix: "PLrAXtmE", Fields: "channel_id title description privacy_status=public|private|unlisted"},
			{Name: "playlist_items", Prefix: "UExyQVh0", Fields: "playlist_id video_id position:i"},
			{Name: "comment_threads", Prefix: "Ugz", Fields: "video_id author_display_name text_original like_count:i moderation_status=published|heldForReview|likelySpam|rejected published_at:dt"},
		},
		Tools: []T{
			create("videos_insert", "videos", "title* channel_id* description tags category_id privacy_status publish_at", "Upload a video.", "view_count", 0, "like_count", 0),
			search("videos_list", "videos", "channel_id title privacy_status tag=tags", "List videos."),
			update("videos_update", "videos", "video_id=id title description tags privacy_status category_id", "Update a video's metadata."),
			del("videos_delete", "videos", "video_id=id", "Delete a video."),
			create("playlists_insert", "playlists", "channel_id* title* description privacy_status", "Create a playlist."),
			search("playlists_list", "playlists", "channel_id title", "List playlists."),
			create("playlist_items_insert", "playlist_items", "playlist_id* video_id* position", "Add a video to a playlist."),
			search("comment_threads_list", "comment_threads", "video_id* moderation_status", "List a video's comments."),
			create("comment_threads_insert", "comment_threads", "video_id* text_original*", "Post a top-level comment.", "author_display_name", "channel owner", "moderation_status", "published", "published_at", "$now"),
			update("comments_set_moderation_status", "comment_threads", "comment_id=id moderation_status*", "Publish, hold or reject a comment."),
		}})
}
