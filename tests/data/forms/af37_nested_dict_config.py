import jax
from jax.sharding import PartitionSpec as P

CONFIG = {
    "mesh": {"data": "i", "model": "j"},
    "optim": {"lr": 0.1},
}


def body(x):
    axis = CONFIG["mesh"]["data"]
    total = jax.lax.psum(x, axis)
    return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
