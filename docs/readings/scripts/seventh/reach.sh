#!/bin/sh
# reach.sh OUT [LEGOENV]: the kinds the seventh reading found that rules now
# aim at, and the earlier readings' kinds closed beside them, counted by the
# readings' scripts over OUT (a build's out folder: OUT/lib and
# OUT/envs.jsonl). LEGOENV (default: legoenv on the PATH) lists the
# environments as JSON for the scripts that read that form. One script at
# a time; set 1's takes about four minutes over a full build.
O=${1:-out}; B=${2:-legoenv}; S=$(dirname "$0")/..; L=$O/lib; E=$O/envs.jsonl
J=$(mktemp); trap 'rm -f $J' EXIT
$B envs --envs $E --json > $J
python3 $S/seventh/set1/reach.py $L $E front-conversation-status-against-assignee calendly-user-role-a-job-title calendly-invitee-naming-its-own-event-as-another calendly-event-length-other-than-its-types constant-contact-campaign-from-another-company shopify-refunded-order-not-marked-refunded freshsales-open-deal-with-a-closed-date gusto-payroll-paid-before-its-pay-period jira-projects-sharing-a-name policy-change-dated-before-the-policy | grep ': envs '
python3 $S/seventh/set2/reach.py $L $E rc-rule-change-made-before-the-rule rc-matching-pair-that-differs shopify-fulfillment-done-on-an-unfulfilled-order record-naming-itself-as-its-parent | grep ': envs '
python3 $S/seventh/set3/reach.py $L $E zoho-books-payment-on-an-invoice-with-nothing-paid xero-payment-invoice-number-not-its-invoices xero-contact-with-invoices-neither-customer-nor-supplier xero-payment-before-its-invoice xero-bank-transfer-to-its-own-account | grep ': envs '
python3 $S/seventh/set4/reach.py $L $E facebook-lead-ads-ad-linking-to-another-companys-site bigcommerce-order-not-shipped-yet-holding-a-shipment bamboohr-supervisor-below-the-employee | grep ': envs '
python3 $S/second/set3/kinds.py $L $E zoho-folder-system-type-on-custom-name zoom-recording-topic-other-than-its-meeting gitlab-mr-source-branch-is-a-lead-source | grep ': envs '
python3 $S/fourth/set2/reach.py $L $E google-chat-invited-member-posting | grep ': envs '
python3 $S/fifth/set2/reach_new.py $L $J stripe-text-quoting-cents-as-dollars stripe-refund-above-its-charge statuspage-task-gives-a-maintenance-an-outage-impact | grep ': envs '
python3 $S/sixth/set4/reach.py $L $J handover-notes-of-the-outgoing-owner-kept-by-someone-else | grep ': envs '
python3 $S/second/set2/kinds54.py $L $E | grep -E '^ *K(6|7|8|9|12)\b'
