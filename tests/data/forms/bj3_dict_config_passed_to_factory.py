import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

TRAIN = {"frame_axis": "j", "scale": 2.0}


def make_step(mesh, train):
    axis = train["frame_axis"]

    def step(x):
        full = jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(jnp.sum(full, axis=1), axis)  # SF103

    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))


def make_eval(mesh, cfg):
    def evaluate(x):
        return jax.lax.all_gather(x, cfg[1], axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(evaluate, mesh=mesh, in_specs=P("i", None), out_specs=P("i", None, reduced={"j"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return make_step(mesh, TRAIN)(x), make_eval(mesh, ["i", "j"])(x)
