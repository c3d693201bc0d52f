// The Inventor Outlasting analysis's method, written plainly, as a speed reference for
// BENCHMARKS.md: each colour class on its own, in the coordinates u = r + c, v = r - c; a
// sub-game is a box [u1, u2] x [v1, v2] whose value is memoised; building at (u, v) splits
// it into four boxes beside u and v (spots of one class are 2 apart in u and in v).
// Build: g++ -O2 -o /tmp/inventor-ref inventor.cpp
#include <cstdio>
#include <unordered_map>
#include <vector>
using namespace std;

static int rows, cols;
static vector<char> spot;
static unordered_map<unsigned long long, int> memo;

static bool is_spot(int u, int v) {
    if ((u + v) % 2 != 0) return false;
    int r = (u + v) / 2, c = (u - v) / 2;
    return r >= 0 && r < rows && c >= 0 && c < cols && spot[r * cols + c];
}

// v is stored shifted by cols so every coordinate is non-negative.
static int sg(int u1, int u2, int v1, int v2) {
    if (u1 > u2 || v1 > v2) return 0;
    unsigned long long key = ((unsigned long long)u1 << 48) | ((unsigned long long)u2 << 32) |
                             ((unsigned long long)(v1 + cols) << 16) | (unsigned long long)(v2 + cols);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    vector<char> seen;
    // The box's bounds have its class's parity, and so do its spots.
    for (int u = u1; u <= u2; u += 2)
        for (int v = v1; v <= v2; v += 2)
            if (is_spot(u, v)) {
                int x = sg(u1, u - 2, v1, v - 2) ^ sg(u1, u - 2, v + 2, v2) ^
                        sg(u + 2, u2, v1, v - 2) ^ sg(u + 2, u2, v + 2, v2);
                if ((int)seen.size() <= x) seen.resize(x + 1, 0);
                seen[x] = 1;
            }
    int g = 0;
    while (g < (int)seen.size() && seen[g]) ++g;
    memo[key] = g;
    return g;
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    for (int tc = 1; tc <= t; ++tc) {
        if (scanf("%d %d", &rows, &cols) != 2) return 1;
        spot.assign(rows * cols, 0);
        vector<char> line(cols + 2);
        for (int r = 0; r < rows; ++r) {
            if (scanf("%s", line.data()) != 1) return 1;
            for (int c = 0; c < cols; ++c) spot[r * cols + c] = line[c] == 'X';
        }
        memo.clear();
        int umax = rows + cols - 2, vmin = -(cols - 1), vmax = rows - 1;
        // The class of even u, and the class of odd u, each the whole board.
        int value[2];
        for (int k = 0; k < 2; ++k) {
            int u1 = k, u2 = umax - ((umax - k) % 2 + 2) % 2;
            int v1 = vmin + ((k - vmin) % 2 + 2) % 2, v2 = vmax - ((vmax - k) % 2 + 2) % 2;
            value[k] = sg(u1, u2, v1, v2);
        }
        int count = 0;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                if (!spot[r * cols + c]) continue;
                int u = r + c, v = r - c, k = u % 2;
                int u1 = k, u2 = umax - ((umax - k) % 2 + 2) % 2;
                int v1 = vmin + ((k - vmin) % 2 + 2) % 2, v2 = vmax - ((vmax - k) % 2 + 2) % 2;
                int x = sg(u1, u - 2, v1, v - 2) ^ sg(u1, u - 2, v + 2, v2) ^
                        sg(u + 2, u2, v1, v - 2) ^ sg(u + 2, u2, v + 2, v2);
                if ((x ^ value[1 - k]) == 0) ++count;
            }
        printf("Case #%d: %d\n", tc, count);
    }
}
