import jax
from jax.sharding import PartitionSpec as P


def momentum_update(grads, velocity, beta=0.9):
    new_velocity = jax.tree.map(lambda v, g: beta * v + g, velocity, grads)  # SF106
    return new_velocity, new_velocity


def body(g):
    grads = {"w": jax.lax.all_gather(g, "i", axis=0, tiled=True, to="reduced")}
    velocity = {"w": jax.numpy.zeros((8, 2))}
    updates, _ = momentum_update(grads, velocity)
    return updates["w"]


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
