"""The collectives' acceptance rules, observed: each collective over one axis and over a tuple
of axes, its input in every pair of states (part of `python -m codemods.transfer.generate`)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

from codemods.transfer.runner import AXES, MESH_SHAPE, STATES, Runner, error_of, make_state, state_of


COLLECTIVE_SHAPE = (8, 8)  # divisible by every axis-group size (psum_scatter, all_to_all)


def collective_calls():
    """(table name, call(x, axes, group size)) for every collective and each `to=` it offers."""
    lax = jax.lax
    calls = [(f"jax.lax.{name}", lambda x, a, n, _f=getattr(lax, name): _f(x, a))
             for name in ("psum", "pmean", "pmax", "pmin") if hasattr(lax, name)]
    calls.append(("jax.lax.psum_scatter", lambda x, a, n: lax.psum_scatter(x, a, scatter_dimension=0, tiled=True)))
    calls.append(("jax.lax.all_gather", lambda x, a, n: lax.all_gather(x, a, tiled=True)))
    for to in ("varying", "reduced", "invarying"):
        calls.append((f"jax.lax.all_gather(to={to})", lambda x, a, n, _t=to: lax.all_gather(x, a, tiled=True, to=_t)))
    calls.append(("jax.lax.ppermute", lambda x, a, n: lax.ppermute(x, a, perm=[(k, (k + 1) % n) for k in range(n)])))
    calls.append(("jax.lax.all_to_all", lambda x, a, n: lax.all_to_all(x, a, 0, 0, tiled=True)))
    for to in ("varying", "reduced", "unreduced"):
        calls.append((f"jax.lax.pcast(to={to})", lambda x, a, n, _t=to: lax.pcast(x, a, to=_t)))
    return calls


def derive_collectives(runner: Runner) -> dict:
    """Each collective over 'i' and over ('i', 'j'), its input in every pair of states."""
    table: dict[str, dict] = {}
    sizes = dict(zip(AXES, MESH_SHAPE))
    for name, call in collective_calls():
        cases: dict[str, dict] = {}
        for axes in (("i",), ("i", "j")):
            group = int(np.prod([sizes[a] for a in axes]))
            argument = axes[0] if len(axes) == 1 else axes

            def body(x, _axes=axes, _argument=argument, _group=group, _cases=cases):
                for state_i in STATES:
                    for state_j in STATES:
                        key = f"{'+'.join(_axes)}:i={state_i},j={state_j}"
                        try:
                            value = make_state(x, {"i": state_i, "j": state_j})
                        except Exception:  # noqa: BLE001 -- JAX cannot build this pair: no case
                            continue
                        if (state_of(value, "i"), state_of(value, "j")) != (state_i, state_j):
                            continue
                        try:
                            result = call(value, _argument, _group)
                            _cases[key] = {"states": {axis: state_of(result, axis) for axis in AXES}}
                        except Exception as error:  # noqa: BLE001
                            _cases[key] = error_of(error)
            try:
                mapped = jax.shard_map(lambda x, _b=body: (_b(x), x)[1], mesh=runner.mesh, in_specs=P(), out_specs=P())
                jax.make_jaxpr(mapped)(jnp.ones(COLLECTIVE_SHAPE, jnp.float32))
            except Exception:  # noqa: BLE001 -- e.g. this JAX has no such keyword: the cases stay absent
                continue
        if cases:
            table[name] = {"cases": cases}
    return table
