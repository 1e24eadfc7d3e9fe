"""`jax.config.update(name, value)` in a script run (script_run.py; issue 13).

Training scripts set JAX options before anything else (`jax.config.update(
"jax_threefry_partitionable", True)`, a matmul precision, traceback filtering, compile logs). An
option the run does not know stops it, since many change what the program does before its
shard_map is traced: NaN checks raise on an earlier value, rank or dtype promotion checks raise
on an earlier expression, x64 changes dtypes, and the device options the mesh. The options below
change only random bits (never read by the run), numerics and tracebacks, or turn compile logs
off, so the run goes on past them. The PRNG implementation (MaxText's `unsafe_rbg`) also changes
how long a raw key is (`PRNGKey(0)`: 2 uint32s, 4 for rbg), which the run never knows (a key's
rank only, the same for all: mesh_made.py); the three kept here were run in shard_map bodies
(fold_in, split, normal, uniform, bernoulli, permutation, categorical) without error. A value JAX
0.10.2 rejects (an unknown precision, filtering mode or implementation: ValueError) stops the run
too. Facts checked by running JAX 0.10.2.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail

# Options JAX turns into a bool with `bool(value)` (checked for bools and ints only).
_SWITCHES = frozenset({"jax_threefry_partitionable"})
# Options passed only when turned off: on, they log through `logging`, where a handler of the
# program's may collect the records and act on them.
_OFF_SWITCHES = frozenset({"jax_log_compiles", "jax_explain_cache_misses"})
# Options JAX 0.10.2 takes only from these values (anything else: ValueError).
_CHOICES = {
    "jax_default_matmul_precision": frozenset({None, "default", "high", "highest", "bfloat16", "tensorfloat32",
                                               "float32", "ANY_F8_ANY_F8_F32", "ANY_F8_ANY_F8_F32_FAST_ACCUM",
                                               "ANY_F8_ANY_F8_ANY", "ANY_F8_ANY_F8_ANY_FAST_ACCUM", "F16_F16_F16",
                                               "F16_F16_F32", "BF16_BF16_BF16", "BF16_BF16_F32", "BF16_BF16_F32_X3",
                                               "BF16_BF16_F32_X6", "BF16_BF16_F32_X9", "TF32_TF32_F32",
                                               "TF32_TF32_F32_X3", "F32_F32_F32", "F64_F64_F64"}),
    "jax_traceback_filtering": frozenset({"off", "tracebackhide", "remove_frames", "quiet_remove_frames", "auto"}),
    "jax_default_prng_impl": frozenset({"threefry2x32", "rbg", "unsafe_rbg"}),
}


def _update(run, args: list, kwargs: dict) -> None:
    if len(args) != 2 or kwargs or type(args[0]) is not str:
        raise Bail
    name, value = args
    if name in _SWITCHES and type(value) in (bool, int) or name in _OFF_SWITCHES and type(value) in (bool, int) and not value:
        return None
    if name in _CHOICES and (value is None or type(value) is str) and value in _CHOICES[name]:
        return None
    raise Bail  # (an option that may change what runs before the body, or a value JAX rejects)


LIBRARY = {"jax.config.update": _update}
