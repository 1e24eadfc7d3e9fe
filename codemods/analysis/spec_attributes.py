"""What a PartitionSpec holds, read in a script run (script_run.py; issue 13).

Tests compare the layout JAX gave a result with the one they expect, entry by entry:
`parts = list(x.sharding.spec.partitions)`, `frozenset(spec.reduced)`; a test utility's case
expander asks every class member for its marks (`getattr(value, "_test_cases", None)`). A
PartitionSpec of jax 0.10.2 has `__slots__` and no `__dict__`: it holds exactly the attributes
its class lists (below, as `dir` gives them), so any other name raises AttributeError.
`partitions` gives the entries normalised as JAX stores them (a one-name tuple is the name);
`reduced` and `unreduced` are frozensets; the slot `_partitions`, which a framework's spec
rewriter reads directly, is what the `partitions` property returns. Other members (methods) are not modelled.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail

_MEMBERS = frozenset({"UNCONSTRAINED", "_check_compatible_wrt_shape", "_create", "_normalized_spec_for_aval",
                      "_partitions", "count", "index", "partitions", "reduced", "to_ct_spec", "to_lo",
                      "to_tangent_spec", "unreduced", "update"})


def spec_attribute(spec, name: str) -> object:
    if name in ("reduced", "unreduced"):
        return frozenset(getattr(spec.spec, name))
    if name in ("partitions", "_partitions"):  # (jax 0.10.2's `partitions` property returns the slot `_partitions`)
        return tuple(_entry(entry) for entry in spec.entries)
    if name in _MEMBERS or name.startswith("__") and name.endswith("__"):
        raise Bail
    raise Raised(AttributeError(name))


def _entry(entry: object) -> object:
    if entry is None or type(entry) is str:
        return entry
    if type(entry) is tuple and entry and all(type(name) is str for name in entry):
        return entry[0] if len(entry) == 1 else entry
    raise Bail
