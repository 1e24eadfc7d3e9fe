"""Shared-trunk features gathered reduced, squashed and squared elementwise for a cosine head."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

gather_cols = functools.partial(jax.lax.all_gather, axis_name="model", axis=1, tiled=True, to="reduced")


def trunk(x, w):
    feats = jnp.tanh(gather_cols(x @ w))
    return feats * feats


def inputs():
    r = np.random.RandomState(51)
    return r.randn(16, 8).astype(np.float32), r.randn(8, 24).astype(np.float32) * 0.3


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    return jax.shard_map(trunk, mesh=mesh, in_specs=(P("data", None), P(None, "model")),
                         out_specs=P("data", None, reduced={"model"}))(x, w)


if __name__ == "__main__":
    print(main(*inputs()).shape)
