"""ES with antithetic sampling: each worker passes its full perturbation to its mirror worker."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def mirror_pairs(n):
    return [(i, n - 1 - i) for i in range(n)]


def exchange(eps, axis, n):
    return jax.lax.ppermute(eps, axis, perm=mirror_pairs(n))


def make_worker(axis, n):
    def worker(eps_local):
        eps = jax.lax.all_gather(eps_local, axis, axis=1, tiled=True, to="reduced")
        return exchange(eps, axis, n)
    return worker


def inputs():
    mesh = jax.make_mesh((8,), ("workers",))
    eps = jnp.arange(4 * 16, dtype=jnp.float32).reshape(4, 16)
    return mesh, eps


def main(mesh, eps):
    axis = mesh.axis_names[0]
    eps = jax.device_put(eps, NamedSharding(mesh, P(None, axis)))
    f = jax.shard_map(make_worker(axis, mesh.shape[axis]), mesh=mesh, in_specs=P(None, axis),
                      out_specs=P(axis, None))
    return f(eps)
