"""Initial trial step for a line search: the full normalised steepest-descent direction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _norm(x, axis_name):
    return jnp.sqrt(jax.lax.psum(jnp.sum(x * x, axis=-1, keepdims=True), axis_name))


def initial_direction(grad, *, param_axis="param", gather=True):
    g_norm = _norm(grad, param_axis)
    if gather:
        grad = jax.lax.all_gather(grad, param_axis, axis=1, tiled=True, to="reduced")
    return -grad / g_norm


def inputs():
    rng = np.random.default_rng(24)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("data", "param")))
    return jax.shard_map(initial_direction, mesh=mesh, in_specs=P("data", "param"), out_specs=P("data", None))(grad)


if __name__ == "__main__":
    main(*inputs())
