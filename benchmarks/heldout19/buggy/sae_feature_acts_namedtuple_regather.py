"""SAE feature dashboard: activations of every feature on every example, axes in a NamedTuple."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    data: str
    feat: str


AXES = MeshAxes("data", "feat")


def dashboard_body(x, w_enc):
    acts = jax.nn.relu(x @ w_enc)
    row = jax.lax.all_gather(acts, AXES.feat, axis=1, tiled=True, to="reduced")
    table = jax.lax.all_gather(row, tuple(AXES), axis=0, tiled=True, to="reduced")
    return table


def main(x, w_enc):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    x = jax.device_put(x, NamedSharding(mesh, P(AXES.data)))
    w_enc = jax.device_put(w_enc, NamedSharding(mesh, P(None, AXES.feat)))
    fn = jax.shard_map(dashboard_body, mesh=mesh, in_specs=(P(AXES.data), P(None, AXES.feat)),
                       out_specs=P(None, None, reduced=set(AXES)))
    return fn(x, w_enc)


def inputs():
    rng = np.random.default_rng(61)
    return (rng.standard_normal((8, 8), dtype=np.float32),
            rng.standard_normal((8, 16), dtype=np.float32))
