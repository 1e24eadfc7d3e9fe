import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "stage"))


def metrics(x):
    axes = []
    for name in MESH.axis_names:
        if MESH.shape[name] > 2:  # only 'j' is larger than two
            axes.append(name)
    return lax.pmean(jnp.mean(x, axis=1), tuple(axes))


def run():
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(MESH, P("i")))
    return jax.shard_map(metrics, mesh=MESH, in_specs=P("i"), out_specs=P("i"))(x)
