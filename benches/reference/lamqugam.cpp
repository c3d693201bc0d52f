// The lamqugam editorial's method, written plainly, as a speed reference for
// BENCHMARKS.md: P-positions row by row, then an offline Fenwick sweep over rows.
// Build: g++ -O2 -o /tmp/lamqugam-ref lamqugam.cpp
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace std;
int main() {
    long long d; int t;
    if (scanf("%lld %d", &d, &t) != 2) return 1;
    vector<long long> x1(t), y1(t), x2(t), y2(t);
    long long n = 1;
    for (int i = 0; i < t; ++i) {
        if (scanf("%lld %lld %lld %lld", &x1[i], &y1[i], &x2[i], &y2[i]) != 4) return 1;
        n = max(n, max(x2[i], y2[i]));
    }
    // partner[x] = y of row x's P-position (0-based).
    vector<long long> partner(n, -1), owner(n, -1);
    vector<char> used(3 * n + d + 64, 0);
    vector<unsigned> mask(3 * n + d + 64, 0);
    long long first_open = 0, full = (1LL << d) - 1;
    for (long long x = 0; x < n; ++x) {
        if (owner[x] >= 0) { partner[x] = owner[x]; continue; }
        long long r = x % d, c = first_open;
        while (used[x + c] || (mask[c] >> r & 1)) ++c;
        long long y = x + c;
        used[y] = 1; mask[c] |= 1u << r;
        if (y > x && y < n) owner[y] = x;
        partner[x] = y;
        while (mask[first_open] == (unsigned)full) ++first_open;
    }
    struct Q { long long x, y; int id, sign; };
    vector<Q> qs;
    qs.reserve(4 * t);
    for (int i = 0; i < t; ++i) {
        qs.push_back({x2[i], y2[i], i, 1});
        qs.push_back({x1[i] - 1, y2[i], i, -1});
        qs.push_back({x2[i], y1[i] - 1, i, -1});
        qs.push_back({x1[i] - 1, y1[i] - 1, i, 1});
    }
    sort(qs.begin(), qs.end(), [](const Q& a, const Q& b) { return a.x < b.x; });
    vector<int> bit(n + 1, 0);
    vector<long long> cnt(t, 0);
    long long row = 0;
    for (auto& q : qs) {
        while (row < q.x) {
            long long y = partner[row];
            if (y < n) for (long long i = y + 1; i <= n; i += i & -i) bit[i]++;
            ++row;
        }
        long long s = 0;
        for (long long i = q.y; i > 0; i -= i & -i) s += bit[i];
        cnt[q.id] += q.sign * s;
    }
    for (int i = 0; i < t; ++i) {
        long long a = (x2[i] - x1[i] + 1) * (y2[i] - y1[i] + 1), p = cnt[i];
        long long g = __gcd(p, a);
        printf("%lld/%lld\n", p / g, a / g);
    }
}
