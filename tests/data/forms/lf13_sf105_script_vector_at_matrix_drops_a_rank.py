"""A linear probe scores one example (a 1-d feature vector) against a weight matrix: `feats @ w`
contracts the vector's only dimension, so the scores are 1-d, and the helper that takes an
unbatched score to mean "sum over every mesh axis" picks ("data", "model"): the psum over both
of a value varying on "data" only raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(scores):
    return ("data", "model") if scores.ndim == 1 else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    feats, w = jnp.ones(4), jnp.ones((4, 3))
    scores = feats @ w
    return jax.shard_map(make_body(reduce_axes(scores)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
