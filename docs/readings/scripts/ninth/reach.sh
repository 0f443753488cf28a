#!/bin/sh
# reach.sh OUT [LEGOENV]: the kinds the ninth reading found, and those the
# eighth left open that rules now aim at, counted by the readings' scripts
# over OUT (a build's out folder: OUT/lib and OUT/envs.jsonl). LEGOENV
# (default: legoenv on the PATH) lists the environments as JSON for the
# scripts that read that form. One script at a time; several minutes over
# a full build.
O=${1:-out}; B=${2:-legoenv}; S=$(dirname "$0")/..; L=$O/lib; E=$O/envs.jsonl
J=$(mktemp); trap 'rm -f $J' EXIT
$B envs --envs $E --json > $J
for i in 1 2 3 4; do python3 $S/ninth/set$i/reach.py $L $E | grep ': envs '; done
python3 $S/ninth/rules/zoom_participants.py $L $E | grep ': envs '
python3 $S/fifth/set2/reach_new.py $L $J stripe-charge-refunded-in-full-yet-not-refunded | grep ': envs '
python3 $S/sixth/set2/reach.py $L $E ashby-archive-reason-naming-another-person-than-its-candidate ashby-interview-after-the-withdrawal-its-archive-reason-gives | grep ': envs '
python3 $S/seventh/set1/reach.py $L $E home-person-named-as-a-customers-contact constant-contact-campaign-from-another-company | grep ': envs '
python3 $S/seventh/set2/reach.py $L $E call-or-text-from-the-number-it-is-to plivo-unanswered-call-billed plivo-call-live-for-days plivo-number-not-a-phone-number | grep ': envs '
python3 $S/fourth/set3/reach3.py $L $E pipedrive-record-joining-people-and-deals-of-different-organizations pipedrive-people-count-below-its-persons | grep ': envs '
python3 $S/eighth/set2/reach.py $L $E gmail-system-label-not-named-by-its-id linkedin-conversion-event-recorded-before-it-happened calendly-event-text-naming-another-host | grep ': envs '
python3 $S/eighth/set4/reach.py $L $E linkedin-conversions-event-account-the-leads-company | grep ': envs '
python3 $S/fourth/set1/reach.py $L $E freshbooks-client-email-of-another-company | grep ': envs '
python3 $S/third/set1/reach.py $L $E adobe-sign-cancellation-comment-on-uncancelled-agreement | grep ': envs '
