import jax
from jax.sharding import PartitionSpec as P


def make_step(axis, tiled=True):
    def step(x):
        total = jax.lax.psum(x, axis)
        return jax.lax.all_gather(total, axis, axis=0, tiled=tiled, to="reduced")  # SF101

    return step


def run(mesh, x):
    step = make_step("i")
    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
