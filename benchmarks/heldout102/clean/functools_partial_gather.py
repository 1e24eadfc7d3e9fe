"""Tensor-parallel MLP output projection: the column-sharded activations are gathered (partial)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

gather_features = functools.partial(jax.lax.all_gather, axis_name="model", axis=1,
                                    tiled=True, to="reduced")


def mlp_block(x, w_in):
    h = jax.nn.gelu(x @ w_in)
    return gather_features(h)


def inputs():
    rng = np.random.default_rng(100)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 32)).astype(np.float32)


def main(x, w_in):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
    block = jax.shard_map(mlp_block, mesh=mesh, in_specs=(P("data", None), P(None, "model")),
                          out_specs=P("data", None, reduced={"model"}))
    return block(put(x, P("data", None)), put(w_in, P(None, "model")))


if __name__ == "__main__":
    main(*inputs())
