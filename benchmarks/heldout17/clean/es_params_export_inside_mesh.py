"""ES driver: the mean parameters exported inside the mesh block, with the gathered axis reduced."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def es_update(theta, grad, lr=0.05):
    return theta + lr * grad


def export(theta):
    return top_level_all_gather(theta, P(None, reduced={"param"}))


def inputs():
    return jax.make_mesh((8,), ("param",)), jnp.zeros((16,)), jnp.ones((16,))


def main(mesh, theta, grad):
    step = jax.jit(es_update, out_shardings=NamedSharding(mesh, P("param")))
    with jax.set_mesh(mesh):
        for _ in range(3):
            theta = step(theta, grad)
        return export(theta)
