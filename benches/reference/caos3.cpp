// The caos3 editorial's method, written plainly, as a speed reference for
// BENCHMARKS.md: the Grundy value of every sub-rectangle of the map, in increasing
// size; a monster splits its rectangle into four by its row and column.
// Build: g++ -O2 -o /tmp/caos3-ref caos3.cpp
#include <cstdio>
#include <cstring>
using namespace std;

const int N = 20;
static int sg[N + 1][N + 1][N + 1][N + 1];  // [top][left][bottom + 1][right + 1]
static char grid[N][N + 1];
static bool monster[N][N];

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int rows, cols;
        if (scanf("%d %d", &rows, &cols) != 2) return 1;
        for (int r = 0; r < rows; ++r)
            if (scanf("%20s", grid[r]) != 1) return 1;
        auto open = [&](int r, int c) {
            return r >= 0 && r < rows && c >= 0 && c < cols && grid[r][c] == '^';
        };
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                monster[r][c] = open(r, c) && open(r - 1, c) && open(r - 2, c) &&
                                open(r + 1, c) && open(r + 2, c) && open(r, c - 1) &&
                                open(r, c - 2) && open(r, c + 1) && open(r, c + 2);
        // Empty rectangles (height or width 0) are worth 0.
        memset(sg, 0, sizeof sg);
        for (int h = 1; h <= rows; ++h)
            for (int w = 1; w <= cols; ++w)
                for (int top = 0; top + h <= rows; ++top)
                    for (int left = 0; left + w <= cols; ++left) {
                        int bottom = top + h, right = left + w;
                        bool seen[N * N + 2] = {false};
                        for (int r = top; r < bottom; ++r)
                            for (int c = left; c < right; ++c)
                                if (monster[r][c])
                                    seen[sg[top][left][r][c] ^ sg[top][c + 1][r][right] ^
                                         sg[r + 1][left][bottom][c] ^
                                         sg[r + 1][c + 1][bottom][right]] = true;
                        int v = 0;
                        while (seen[v]) ++v;
                        sg[top][left][bottom][right] = v;
                    }
        puts(sg[0][0][rows][cols] ? "Asuna" : "Kirito");
    }
}
