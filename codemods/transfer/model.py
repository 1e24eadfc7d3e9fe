"""Names shared by the transfer-table generator and its loader (no JAX import here)."""
from __future__ import annotations

FORMAT = 1  # bumped when the JSON layout changes

VARYING = "varying"
INVARIANT = "invariant"
REDUCED = "reduced"
UNREDUCED = "unreduced"
