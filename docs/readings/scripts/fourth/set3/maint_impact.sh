#!/bin/bash
# Envs whose reference plan sets an outage impact (minor/major/critical) on a Statuspage maintenance.
# usage: maint_impact.sh LIB ENVS  (candidates from maint_task.py: envs whose handles name a maintenance)
LIB=$1; ENVS=$2
python3 "$(dirname "$0")/maint_task.py" "$LIB" "$ENVS" | while read id a intent; do
  "${LEGOENV:-legoenv}" show $id --envs "$ENVS" 2>/dev/null | grep 'statuspage_update_incident' | grep -o '"impact":"[a-z]*","incident_id":"[a-z0-9]*"' | while read x; do
    iid=$(echo $x | sed 's/.*incident_id":"\([a-z0-9]*\)".*/\1/'); imp=$(echo $x | sed 's/"impact":"\([a-z]*\)".*/\1/')
    if grep -q "\"id\": \"$iid\".*scheduled_for" "$LIB/data/$a.yaml" && [ "$imp" != none ] && [ "$imp" != maintenance ]; then echo "$id $a $iid $imp"; fi
  done
done
