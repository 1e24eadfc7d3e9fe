"""ES driver: the mean parameters after an update, exported for a checkpoint after training."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPEC = P("param")


def es_update(theta, grad, lr=0.05):
    return theta + lr * grad


def export(theta):
    return top_level_all_gather(theta, P(None, reduced={"param"}))


def inputs():
    mesh = jax.make_mesh((8,), ("param",))
    return mesh, jnp.zeros((16,)), jnp.ones((16,))


def main(mesh, theta, grad):
    step = jax.jit(es_update, out_shardings=NamedSharding(mesh, PARAM_SPEC))
    with jax.set_mesh(mesh):
        for _ in range(3):
            theta = step(theta, grad)
    return export(theta)
