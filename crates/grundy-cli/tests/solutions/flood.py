"""Any problem: prints the same line for ever."""
import sys

sys.stdin.read()
while True:
    sys.stdout.write("1\n" * 1024)
