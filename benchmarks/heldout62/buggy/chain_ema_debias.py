"""An EMA of gathered parameters with Adam-style bias correction, built from tree helpers."""
import functools
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EmaState(NamedTuple):
    count: int
    ema: Any


def tree_gather(tree, axis):
    return jax.tree.map(lambda x: jax.lax.all_gather(x, axis, axis=0, to="reduced", tiled=True), tree)


def ema_update(params, state, *, decay, gather_axis):
    full = tree_gather(params, gather_axis)
    ema = jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, state.ema, full) if state.ema else full
    return EmaState(state.count + 1, ema)


def debiased(state, decay):
    correction = 1.0 - decay ** state.count
    return jax.tree.map(lambda e: e / correction, state.ema)


def inputs():
    return {"w": np.arange(64, dtype=np.float32).reshape(8, 8)},


def main(params):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    spec = {"w": P("replica", "shard")}
    params = jax.device_put(params, NamedSharding(mesh, spec["w"]))
    update = functools.partial(ema_update, decay=0.999, gather_axis="replica")

    def step(params):
        state = update(params, EmaState(0, None))
        return debiased(state, 0.999)

    return jax.shard_map(step, mesh=mesh, in_specs=(spec,), out_specs={"w": P(None, "shard")})(params)


if __name__ == "__main__":
    main(*inputs())
