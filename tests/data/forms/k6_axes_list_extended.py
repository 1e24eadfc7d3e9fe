import jax
from jax import lax
from jax.sharding import PartitionSpec as P

DATA = ("i",)


def body(x):
    axes = list(DATA)
    axes.extend(["j"])
    return lax.all_gather(x, tuple(axes), axis=1, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(), out_specs=P(reduced={"i", "j"}))(x)
