"""Gap-fraction profile of an alignment, then shared with every row shard for trimming."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GAP = 20


def gap_fraction(msa, seq_axis):
    frac = (msa == GAP).astype(jnp.float32).mean(axis=0, keepdims=True)
    return jax.lax.all_gather(frac, seq_axis, axis=0, tiled=True, to="reduced")


def trim_mask(msa, seq_axis="seq", max_gap=0.5):
    frac = gap_fraction(msa, seq_axis)
    return jax.lax.all_gather(frac, seq_axis, axis=0, tiled=True)


def inputs():
    rng = np.random.default_rng(32)
    return (rng.integers(0, 21, size=(32, 16)).astype(np.int32),)


def main(msa):
    mesh = jax.make_mesh((4, 2), ("seq", "col"))
    msa = jax.device_put(msa, NamedSharding(mesh, P("seq", "col")))
    body = functools.partial(trim_mask, seq_axis="seq", max_gap=0.4)
    f = jax.shard_map(body, mesh=mesh, in_specs=P("seq", "col"), out_specs=P("seq", "col"))
    return f(msa)


if __name__ == "__main__":
    main(*inputs())
