"""shgame, right only on small sheets: tries every mark on sheets of at most 2000 cells,
and guesses half the sheet on larger ones."""
import sys


def winning(n, m):
    if n * m > 2000:
        return n * m // 2
    return sum(1 for i in range(1, n + 1) for j in range(1, m + 1)
               if (i - 1) ^ (n - i) ^ (j - 1) ^ (m - j) != 0)


data = sys.stdin.read().split()
for k in range(int(data[0])):
    print(winning(int(data[1 + 2 * k]), int(data[2 + 2 * k])))
