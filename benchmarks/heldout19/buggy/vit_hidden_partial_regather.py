"""ViT tensor-parallel MLP: hidden units split over 'tensor', gathers built from partials."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

gather_reduced = functools.partial(jax.lax.all_gather, tiled=True, to="reduced")
gather_hidden = functools.partial(gather_reduced, axis_name="tensor", axis=2)


def mlp_block(x, w_in):
    h = jax.nn.gelu(x @ w_in)
    h_full = gather_hidden(h)
    return gather_reduced(h_full, ("data", "tensor"), axis=0)


def main(x, w_in):
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None, None)))
    w_in = jax.device_put(w_in, NamedSharding(mesh, P(None, "tensor")))
    fn = jax.shard_map(mlp_block, mesh=mesh, in_specs=(P("data", None, None), P(None, "tensor")),
                       out_specs=P(None, None, None, reduced={"data", "tensor"}))
    return fn(x, w_in)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((8, 5, 16), dtype=np.float32),
            rng.standard_normal((16, 32), dtype=np.float32) * 0.1)
