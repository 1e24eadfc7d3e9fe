"""Tensor-parallel MLP block whose collectives are pre-bound with functools.partial."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

sum_over_model = functools.partial(jax.lax.psum, axis_name="model")
gather_features = functools.partial(jax.lax.all_gather, axis_name="model", axis=1,
                                    tiled=True, to="reduced")


def mlp_block(x, w_in, w_out):
    h = jax.nn.gelu(x @ w_in)
    y = sum_over_model(h @ w_out)
    return gather_features(y)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8, 32)).astype(np.float32),
            rng.normal(size=(32, 8)).astype(np.float32))


def main(x, w_in, w_out):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
    block = jax.shard_map(mlp_block, mesh=mesh,
                          in_specs=(P("data", None), P(None, "model"), P("model", None)),
                          out_specs=P("data", None, reduced={"model"}))
    return block(put(x, P("data", None)), put(w_in, P(None, "model")), put(w_out, P("model", None)))


if __name__ == "__main__":
    main(*inputs())
