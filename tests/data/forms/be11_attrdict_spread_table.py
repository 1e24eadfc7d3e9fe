import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Config(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


_MESH = {"data": "i", "model": "j"}
MESH = Config(**_MESH)


def score(mesh, x):
    def body(v):
        top = jax.lax.pmax(jnp.max(v, axis=0, keepdims=True), MESH.data)
        return jax.lax.all_gather(top, MESH.data, axis=0, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(MESH.data, MESH.model),
                         out_specs=P(None, MESH.model, reduced={MESH.data}))(x)
