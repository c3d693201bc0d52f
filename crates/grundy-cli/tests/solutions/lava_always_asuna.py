"""caos3, wrong: says the first player wins every map."""
import sys

data = sys.stdin.read().split()
t, at = int(data[0]), 1
for _ in range(t):
    r = int(data[at])
    at += 2 + r
    print("Asuna")
