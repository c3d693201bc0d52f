"""shgame, wrong: prints the losing marks instead of the winning ones."""
import sys
from collections import Counter


def losing(n, m):
    rows = Counter((i - 1) ^ (n - i) for i in range(1, n + 1))
    cols = Counter((j - 1) ^ (m - j) for j in range(1, m + 1))
    return sum(c * cols[v] for v, c in rows.items())


data = sys.stdin.read().split()
for k in range(int(data[0])):
    print(losing(int(data[1 + 2 * k]), int(data[2 + 2 * k])))
