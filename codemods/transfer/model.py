"""Names shared by the transfer-table generator and its loader (no JAX import here)."""
from __future__ import annotations

FORMAT = 1  # bumped when the JSON layout changes

VARYING = "varying"
INVARIANT = "invariant"
REDUCED = "reduced"
UNREDUCED = "unreduced"

# A case key ending in this: every array operand also varies on the mesh's other axis.
CONTEXT_SUFFIX = "@other=varying"
