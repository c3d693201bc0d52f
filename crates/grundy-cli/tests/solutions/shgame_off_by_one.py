"""shgame, wrong: counts the cells left of the mark from 1, not from 0."""
import sys
from collections import Counter


def winning(n, m):
    rows = Counter(i ^ (n - i) for i in range(1, n + 1))
    cols = Counter(j ^ (m - j) for j in range(1, m + 1))
    return n * m - sum(c * cols[v] for v, c in rows.items())


data = sys.stdin.read().split()
for k in range(int(data[0])):
    print(winning(int(data[1 + 2 * k]), int(data[2 + 2 * k])))
