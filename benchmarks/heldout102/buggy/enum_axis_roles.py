"""Mesh axis roles as an enum.Enum; the value of each member is the mesh axis name."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    BATCH = "data"
    TENSOR = "model"


def attention_scores(q, k):
    s = jax.lax.psum(q @ k.T, Axis.TENSOR.value)
    return jax.lax.all_gather(s, Axis.TENSOR.value, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(22)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(4, 8)).astype(np.float32)


def main(q, k):
    mesh = jax.make_mesh((4, 2), tuple(a.value for a in Axis))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    fn = jax.shard_map(attention_scores, mesh=mesh,
                       in_specs=(P(Axis.BATCH.value, Axis.TENSOR.value), P(None, Axis.TENSOR.value)),
                       out_specs=P(Axis.BATCH.value, None, reduced={Axis.TENSOR.value}))
    return fn(put(q, P("data", "model")), put(k, P(None, "model")))


if __name__ == "__main__":
    main(*inputs())
