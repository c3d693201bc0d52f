#!/bin/sh
# shgame, right, but it leaves a child in a session of its own that holds standard output
# open for ten minutes. The first argument marks the child's command line.
setsid sh -c "sleep 600; : $1" &
exec python3 "$(dirname "$0")/shgame_right.py"
