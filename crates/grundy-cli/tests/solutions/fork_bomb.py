"""Any problem: a fork bomb. Every process forks eight times over, 256 processes in all
(fewer where the process limit stops it), and each then waits for ten minutes. Its command
line carries the mark given as its argument."""
import os
import time

for _ in range(8):
    try:
        os.fork()
    except OSError:
        break
time.sleep(600)
