import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "stage"))


def metrics(x):
    axes = []
    for name in MESH.axis_names:
        if MESH.shape[name] > 1:
            axes.append(name)
    per_row = lax.pmean(x.sum(axis=1), "j")
    return lax.pmean(jnp.mean(per_row), tuple(axes))  # SF105


def sizes_zipped(x):
    kept = [name for name, size in zip(MESH.axis_names, MESH.axis_sizes) if size > 1]
    return lax.psum(x.sum(), tuple(kept))  # SF105


def run():
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(MESH, P("i", "j")))
    y = jax.device_put(jnp.ones((8, 8)), NamedSharding(MESH, P("i")))
    a = jax.shard_map(metrics, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)
    b = jax.shard_map(sizes_zipped, mesh=MESH, in_specs=P("i"), out_specs=P())(y)
    return a, b
