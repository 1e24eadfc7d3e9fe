import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

ZERO_AXIS = "zero"
TP_AXIS = "tp"


def materialize(shard, *, stage_axes):
    first, both = stage_axes
    half = lax.all_gather(shard, first, to="reduced", tiled=True).astype(jnp.bfloat16)
    return lax.all_gather(half, both, to="reduced", tiled=True, axis=1)


def forward(params, x):
    w = materialize(params["w"], stage_axes=(ZERO_AXIS, (ZERO_AXIS, TP_AXIS)))
    return x.astype(jnp.bfloat16) @ w


def inputs():
    return {"w": np.ones((8, 16), np.float32)}, np.ones((4, 8), np.float32)


def main(params, x):
    mesh = jax.make_mesh((2, 4), (ZERO_AXIS, TP_AXIS))
    params = jax.device_put(params, NamedSharding(mesh, P(ZERO_AXIS, TP_AXIS)))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    fwd = jax.shard_map(forward, mesh=mesh, in_specs=({"w": P(ZERO_AXIS, TP_AXIS)}, P()),
                        out_specs=P())
    return fwd(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
