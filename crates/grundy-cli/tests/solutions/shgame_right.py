"""shgame, right: a mark loses exactly when the nim-sum of the four piles is 0, that is
when (i-1) xor (n-i) equals (j-1) xor (m-j); count rows and columns by that value."""
import sys
from collections import Counter


def winning(n, m):
    rows = Counter((i - 1) ^ (n - i) for i in range(1, n + 1))
    cols = Counter((j - 1) ^ (m - j) for j in range(1, m + 1))
    return n * m - sum(c * cols[v] for v, c in rows.items())


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    for k in range(t):
        n, m = int(data[1 + 2 * k]), int(data[2 + 2 * k])
        print(winning(n, m))


main()
