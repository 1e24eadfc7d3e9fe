"""Bottom MLP of a hybrid-parallel DLRM: column-sharded weights materialised per step."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYER_SIZES = (16, 32, 8)


def init_bottom_mlp(rng):
    return [rng.normal(size=(a, b)).astype(np.float32) * 0.1
            for a, b in zip(LAYER_SIZES[:-1], LAYER_SIZES[1:])]


def materialise(w, axis):
    return jax.lax.all_gather(w, axis, axis=1, tiled=True, to="reduced")


def bottom_mlp(dense, w0, w1, *, model_axis):
    full0 = materialise(w0, model_axis)
    h = jax.nn.relu(dense @ jax.lax.all_gather(full0, model_axis, axis=0, tiled=True))
    return h @ w1


def inputs():
    rng = np.random.default_rng(22)
    w0, w1 = init_bottom_mlp(rng)
    return rng.normal(size=(16, 64)).astype(np.float32), w0, w1


def main(dense, w0, w1):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    specs = (P("dp", None), P(None, "mp"), P(None, "mp"))
    dense, w0, w1 = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((dense, w0, w1), specs))
    f = jax.shard_map(functools.partial(bottom_mlp, model_axis="mp"), mesh=mesh,
                      in_specs=specs, out_specs=P("dp", "mp"))
    return f(dense, w0, w1)


if __name__ == "__main__":
    main(*inputs())
