"""Sum of per-head losses folded with functools.reduce, then averaged over the mesh."""
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HEADS = ("energy", "forces", "stress")


def head_losses(pred, target):
    err = (pred - target) ** 2
    return {name: err[:, i] for i, name in enumerate(HEADS)}


def loss_fn(pred, target):
    losses = head_losses(pred, target)
    total = functools.reduce(operator.add, (losses[h] for h in HEADS))
    per_row = jax.lax.all_gather(total, "data", axis=0, tiled=True, to="reduced")
    return jax.lax.pmean(per_row, "data")


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(16, 3)).astype(np.float32), rng.normal(size=(16, 3)).astype(np.float32)


def main(pred, target):
    mesh = jax.make_mesh((8,), ("data",))
    spec = NamedSharding(mesh, P("data", None))
    fn = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P("data", None),) * 2, out_specs=P())
    return fn(jax.device_put(pred, spec), jax.device_put(target, spec))


if __name__ == "__main__":
    main(*inputs())
