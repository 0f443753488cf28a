#!/bin/sh
# reach.sh OUT [LEGOENV]: the kinds the eighth reading found, and those the
# seventh left open that rules now aim at, counted by the readings' scripts
# over OUT (a build's out folder: OUT/lib and OUT/envs.jsonl). LEGOENV
# (default: legoenv on the PATH) lists the environments as JSON for the
# scripts that read that form. One script at a time; about five minutes
# over a full build.
O=${1:-out}; B=${2:-legoenv}; S=$(dirname "$0")/..; L=$O/lib; E=$O/envs.jsonl
J=$(mktemp); trap 'rm -f $J' EXIT
$B envs --envs $E --json > $J
for i in 1 2 3 4; do python3 $S/eighth/set$i/reach.py $L $E | grep ': envs '; done
python3 $S/seventh/set1/reach.py $L $E constant-contact-campaign-from-another-company docusign-envelope-stamps-out-of-order docusign-envelope-delivered-after-completed docusign-envelope-completed-with-no-status docusign-completed-envelope-with-a-declined-recipient | grep ': envs '
python3 $S/seventh/set2/reach.py $L $E rc-matching-pair-that-differs shopify-fulfillment-done-on-an-unfulfilled-order | grep ': envs '
python3 $S/seventh/set3/reach.py $L $E calendly-event-type-of-a-few-minutes zoom-meeting-of-a-few-minutes acuity-appointment-type-of-a-few-minutes lever-interview-of-a-few-minutes meeting-length-off-the-5-minute-steps zoom-recording-of-a-meeting-not-held bamboohr-time-off-amount-beyond-its-days | grep ': envs '
python3 $S/seventh/set4/reach.py $L $E gitlab-note-naming-another-projects-record | grep ': envs '
python3 $S/sixth/set4/reach.py $L $J handover-notes-of-the-outgoing-owner-kept-by-someone-else | grep ': envs '
python3 $S/second/set3/kinds.py $L $E zoom-registrants-where-no-registration | grep ': envs '
python3 $S/fourth/set1/reach.py $L $E freshbooks-client-email-of-another-company | grep ': envs '
python3 $S/fourth/set2/reach.py $L $E bamboohr-c-level-intern | grep ': envs '
python3 $S/third/set1/reach.py $L $E adobe-sign-authoring-agreement-signed-or-reminded adobe-sign-cancellation-comment-on-uncancelled-agreement adobe-sign-active-reminder-due-in-the-past | grep ': envs '
python3 $S/fifth/set2/reach_new.py $L $J box-task-naming-another-company-than-its-file | grep ': envs '
