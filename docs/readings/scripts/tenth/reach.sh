#!/bin/sh
# reach.sh OUT: the kinds the tenth reading found, and those it found still
# open from earlier readings, counted by the readings' scripts over OUT (a
# build's out folder: OUT/lib and OUT/envs.jsonl). One script at a time;
# a few minutes over a full build.
O=${1:-out}; S=$(dirname "$0")/..; L=$O/lib; E=$O/envs.jsonl
for i in 1 2 3; do python3 $S/tenth/set$i/reach.py $L $E | grep ': envs '; done
python3 $S/seventh/set4/reach.py $L $E fastmail-mailbox-counting-fewer-emails-than-it-holds | grep ': envs '
python3 $S/seventh/set2/reach.py $L $E salesforce-contact-text-naming-another-company-than-its-account | grep ': envs '
python3 $S/sixth/set2/reach.py $L $E ashby-archive-reason-naming-another-person-than-its-candidate ashby-interview-after-the-withdrawal-its-archive-reason-gives | grep ': envs '
python3 $S/ninth/set2/reach.py $L $E task-making-a-leader-an-intern-or-contractor | grep ': envs '
python3 $S/second/set3/kinds.py $L $E reviewing-internally-yet-signed-off | grep -i 'envs'
