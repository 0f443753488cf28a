package automationbench

import "testing"

// Rules made from the ninth batch's working half (testdata/made_up/batch9.txt).

// A new record's author is the app's signed-in user, which the state
// keeps as a setting (Twitter's authenticated_user_id): the tool takes no
// author, the server sets it, and a goal counting the caller's tweets can
// be met (twitter_reply_shipping_questions, where the importer dropped
// author_id as the caller's own and nothing set it).
func TestNewRecordAuthoredByTheSignedInUser(t *testing.T) {
	initial := map[string]any{
		"twitter": map[string]any{
			"authenticated_user_id": "tw0", "authenticated_username": "cedarbikes",
			"users": []any{map[string]any{"id": "tw0", "username": "cedarbikes", "name": "Cedar Bikes"},
				map[string]any{"id": "tw1", "username": "rider", "name": "Rider"}},
			"tweets": []any{map[string]any{"id": "t1", "author_id": "tw1", "text": "@cedarbikes are you open on Sunday?"}}},
		"meta": map[string]any{"current_time": "2026-05-05T12:00:00Z"}}
	task := madeUpTask("twitter_reply_opening_hours",
		`Reply to the tweet asking whether we're open on Sunday: "Yes, 10am to 4pm".`,
		[]string{"twitter_search_tweets", "twitter_create_tweet"}, initial,
		map[string]any{"type": "twitter_tweet_exists", "in_reply_to_tweet_id": "t1", "text_contains": "10am to 4pm"},
		map[string]any{"type": "twitter_tweet_count", "author_id": "tw0", "count": 1})
	if ok, why := verifiedAsImported(t, task); !ok {
		t.Errorf("not verified as imported: %s", why)
	}
}
