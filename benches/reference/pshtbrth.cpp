// The pshtbrth editorial's method, written plainly, as a speed reference for
// BENCHMARKS.md: the Grundy value of every 4x4 cake (2^16 masks) by dynamic programming
// over its all-burning rectangles, then a Fenwick tree of XORs over the row of cakes.
// Build: g++ -O2 -o /tmp/pshtbrth-ref pshtbrth.cpp
#include <cstdio>
#include <vector>
using namespace std;

static unsigned char g[1 << 16];

static int read_cake() {
    char row[8];
    int mask = 0;
    for (int r = 0; r < 4; ++r) {
        if (scanf("%7s", row) != 1) return -1;
        for (int c = 0; c < 4; ++c)
            if (row[c] == '1') mask |= 1 << (r * 4 + c);
    }
    return mask;
}

int main() {
    // Every rectangle of the 4x4 cake as a mask.
    vector<int> rects;
    for (int r0 = 0; r0 < 4; ++r0)
        for (int r1 = r0; r1 < 4; ++r1)
            for (int c0 = 0; c0 < 4; ++c0)
                for (int c1 = c0; c1 < 4; ++c1) {
                    int m = 0;
                    for (int r = r0; r <= r1; ++r)
                        for (int c = c0; c <= c1; ++c) m |= 1 << (r * 4 + c);
                    rects.push_back(m);
                }
    // A move clears a rectangle inside the mask: the result is a smaller number.
    for (int mask = 1; mask < (1 << 16); ++mask) {
        bool seen[128] = {false};
        for (int rect : rects)
            if ((mask & rect) == rect) seen[g[mask ^ rect]] = true;
        int v = 0;
        while (seen[v]) ++v;
        g[mask] = (unsigned char)v;
    }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, m;
        if (scanf("%d %d", &n, &m) != 2) return 1;
        vector<int> value(n + 1, 0), fen(n + 1, 0);
        auto add = [&](int i, int x) { for (; i <= n; i += i & -i) fen[i] ^= x; };
        auto prefix = [&](int i) { int s = 0; for (; i > 0; i -= i & -i) s ^= fen[i]; return s; };
        for (int i = 1; i <= n; ++i) {
            int cake = read_cake();
            if (cake < 0) return 1;
            value[i] = g[cake];
            add(i, value[i]);
        }
        for (int q = 0; q < m; ++q) {
            int type;
            if (scanf("%d", &type) != 1) return 1;
            if (type == 1) {
                int l, r;
                if (scanf("%d %d", &l, &r) != 2) return 1;
                puts((prefix(r) ^ prefix(l - 1)) ? "Pishty" : "Lotsy");
            } else {
                int pos;
                if (scanf("%d", &pos) != 1) return 1;
                int cake = read_cake();
                if (cake < 0) return 1;
                add(pos, value[pos] ^ g[cake]);
                value[pos] = g[cake];
            }
        }
    }
}
