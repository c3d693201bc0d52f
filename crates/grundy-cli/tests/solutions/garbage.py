"""Any problem, wrong: prints words and bytes that are not an answer."""
import sys

sys.stdin.read()
sys.stdout.buffer.write(b"the answer is \x1b[31m42\xff\n")
