import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def use_data_axis(axes):
    axes.clear()
    axes.append("i")


def body(x):
    axes = ["j"]
    use_data_axis(axes)
    return lax.all_gather(x, tuple(axes), axis=0, tiled=True, to="reduced")


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
