#!/bin/sh
# reach.sh OUT: the kinds the sixth reading found and the rules made after it
# aim at, counted by the readings' scripts over OUT (a build's out folder:
# OUT/lib and OUT/envs.jsonl). One script at a time.
O=${1:-out}; S=$(dirname "$0")/..; L=$O/lib; E=$O/envs.jsonl
python3 $S/fourth/set1/reach.py $L $E asana-system-story-naming-a-project-or-section-not-held jsm-request-under-a-type-a-person-finds-unfit salesforce-account-domain-of-another-company | grep ': envs '
python3 $S/fourth/set2/reach.py $L $E google-forms-watch-topic-a-sentence-or-expiry-past-7-days bamboohr-time-off-requested-before-hire dropbox-sign-signature-signed-yet-not-signed-or-reminded-after | grep ': envs '
python3 $S/sixth/set1/reach.py $L $E confluence-space-homepage-trashed-or-draft squarespace-product-described-as-another-companys rippling-chief-managed-by-a-non-executive | grep ': envs '
python3 $S/sixth/set2/reach.py $L $E hubspot-engagement-logged-before-it-took-place expensify-expense-naming-its-own-report-as-another | grep ': envs '
python3 $S/sixth/set3/reach.py $L $E salesforce-account-on-the-home-domain-named-for-another-company | grep ': envs '
python3 $S/sixth/set4/reach.py $L $E mattermost-channels-sharing-a-name-in-one-team klaviyo-event-metric-named-as-a-meeting | grep ': envs '
python3 $S/fourth/set3/reach3.py $L $E jira-project-key-in-issue-form-or-issue-key-not-its-projects | grep ': envs '
python3 $S/third/set1/reach.py $L $E zendesk-users-sharing-an-external-id | grep ': envs '
echo "numbered chief titles (Rippling): $(cat $L/data/*rippling*.yaml | grep -o '"title": "C[A-Z]O [0-9][0-9]*"' | wc -l)"
