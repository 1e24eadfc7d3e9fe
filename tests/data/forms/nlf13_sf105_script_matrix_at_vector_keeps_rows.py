"""The probe of lf13 scores a batch against one weight vector: `feats @ w` of an (8, 4) batch and
a (4,) vector is (8,), one score per row; the helper checks that shape and picks ("data",), and
the psum over "data" of a value varying on "data" passes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(scores):
    return ("data",) if scores.shape == (8,) else ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    feats, w = jnp.ones((8, 4)), jnp.ones(4)
    scores = feats @ w
    return jax.shard_map(make_body(reduce_axes(scores)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
