"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout64/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather` (or the missing `reduced=` axis added to the spec), and for the SF106
programs the producer's gather changed to `to='invarying'`. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
