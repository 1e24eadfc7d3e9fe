"""The text ranges a round of fixes has taken, and whether another fix's edits collide with them.

Two edits collide when their ranges overlap, or when they start at the same offset and one of
them is an insertion (two insertions at one place, or an insertion where a replacement
starts, have no defined order). Each question costs a binary search, so choosing the fixes of
a round stays near linear in their number, however many there are.
"""
from __future__ import annotations

import bisect
from typing import Iterable


class TakenRanges:
    def __init__(self) -> None:
        # Replacements, disjoint (a fix's own overlapping edits are merged) and sorted: their
        # ends are sorted too.
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.points: list[int] = []  # insertions, sorted

    def collides(self, start: int, end: int) -> bool:
        index = bisect.bisect_left(self.starts, end)  # replacements starting before `end`
        if index and self.ends[index - 1] > start:
            return True  # overlaps the last of them, the one reaching furthest
        if start == end and index < len(self.starts) and self.starts[index] == start:
            return True  # an insertion where a replacement starts
        at = bisect.bisect_left(self.points, start)
        # An insertion inside the range, or at its start.
        return at < len(self.points) and self.points[at] < max(end, start + 1)

    def take(self, spans: Iterable[tuple[int, int]]) -> None:
        """Add one fix's edit ranges (which may overlap each other)."""
        merged: list[list[int]] = []
        for start, end in sorted(spans):
            if start == end:
                bisect.insort(self.points, start)
            elif merged and start < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        for start, end in merged:
            index = bisect.bisect_left(self.starts, start)
            self.starts.insert(index, start)
            self.ends.insert(index, end)
