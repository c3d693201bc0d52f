#!/bin/sh
# Any problem: never answers, and leaves a child behind that would outlive it. The first
# argument marks the child's command line, so a test can look for it afterwards.
sh -c "sleep 600; : $1" &
sleep 600
