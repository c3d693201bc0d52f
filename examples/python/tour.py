# %% [markdown]
# # grundy in a notebook
#
# A tour of the Python module, in cells (open it in Jupyter with jupytext, or run it top to
# bottom with `python examples/python/tour.py`). Every answer comes from the Rust engine.

# %%
import grundy
import numpy as np

# %% [markdown]
# Who wins Kayles with rows of 3, 4 and 5 pins, and how: the same report as
# `grundy analyze kayles --json`.

# %%
report = grundy.analyze("kayles", [3, 4, 5])
print(report, report.winning_moves[0]["move"])

# %% [markdown]
# A sequence is a NumPy array; where a periodicity theorem proves a period, it says so.

# %%
kayles = grundy.sequence("kayles", 300)
print(kayles[:24], "period (preperiod, length):", kayles.period)
print("values seen:", np.bincount(kayles))

# %% [markdown]
# A game of your own: any object with `options(position)`. A move that splits a row in
# two returns a `grundy.Sum`.

# %%
class Kayles:
    def options(self, n):
        return [grundy.Sum([left, n - take - left]) for take in (1, 2) for left in range(n - take + 1)]

mine = grundy.sequence(Kayles(), 60)
assert (mine == kayles[:61]).all()
print("Kayles in Python agrees with the built-in family up to 60")

# %% [markdown]
# Games that can go on for ever: values are nimbers or ∞(K), and a position may be drawn.

# %%
class Track:
    def options(self, n):
        return ([n - 1] if n > 0 else []) + ([n + 2] if n in (2, 5) else [])

print(grundy.sequence(Track(), 7))
print(grundy.analyze(Track(), [5, 1]).winner)

# %% [markdown]
# Cram values over a range of boards, and one board drawn with its winning dominoes (in
# Jupyter the report shows itself as this picture).

# %%
print(grundy.table("cram", rows=range(1, 4), cols=range(1, 6)).values)
png = grundy.picture("cram", "3 4")
with open("cram-3x4.png", "wb") as f:
    f.write(png)
print("drew cram-3x4.png:", len(png), "bytes")
