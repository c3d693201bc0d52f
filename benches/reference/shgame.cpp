// The shgame editorial's O(N + M) method, written plainly, as a speed reference for
// BENCHMARKS.md. Build: g++ -O2 -o /tmp/shgame-ref shgame.cpp
#include <cstdio>
#include <vector>
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    std::vector<long long> tally;
    while (t--) {
        long long n, m;
        if (scanf("%lld %lld", &n, &m) != 2) return 1;
        long long size = 1;
        while (size < 2 * (n > m ? n : m)) size *= 2;
        tally.assign(size, 0);
        for (long long l = 0; l < m; ++l) tally[l ^ (m - 1 - l)]++;
        long long balanced = 0;
        for (long long u = 0; u < n; ++u) balanced += tally[u ^ (n - 1 - u)];
        printf("%lld\n", n * m - balanced);
    }
}
