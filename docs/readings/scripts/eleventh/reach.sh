#!/bin/sh
# reach.sh OUT: the kinds the eleventh reading found, and those it found
# still open from earlier readings, counted by the readings' scripts over
# OUT (a build's out folder: OUT/lib and OUT/envs.jsonl). One script at a
# time; a few minutes over a full build.
O=${1:-out}; S=$(dirname "$0")/..; L=$O/lib; E=$O/envs.jsonl
for i in 1 2 3; do python3 $S/eleventh/set$i/reach.py $L $E | grep ': envs '; done
python3 $S/tenth/set3/reach.py $L $E linear-team-of-several-estimate-scales box-task-or-comment-placing-the-files-owner-at-another-company | grep ': envs '
python3 $S/seventh/set4/reach.py $L $E fastmail-mailbox-counting-fewer-emails-than-it-holds | grep ': envs '
