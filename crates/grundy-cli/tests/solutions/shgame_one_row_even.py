"""shgame, wrong only on one-row sheets of even length (one too many): a failure that
shrinking finds only by trying small lengths directly, as halving and stepping down by one
from an even length can both land on odd ones."""
import sys
from collections import Counter


def winning(n, m):
    rows = Counter((i - 1) ^ (n - i) for i in range(1, n + 1))
    cols = Counter((j - 1) ^ (m - j) for j in range(1, m + 1))
    right = n * m - sum(c * cols[v] for v, c in rows.items())
    return right + 1 if n == 1 and m % 2 == 0 else right


data = sys.stdin.read().split()
for k in range(int(data[0])):
    print(winning(int(data[1 + 2 * k]), int(data[2 + 2 * k])))
