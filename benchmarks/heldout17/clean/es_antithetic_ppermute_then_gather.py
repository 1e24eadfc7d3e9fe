"""ES with antithetic sampling: the perturbation goes to the mirror worker first, then is gathered."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def mirror_pairs(n):
    return [(i, n - 1 - i) for i in range(n)]


def make_worker(axis, n):
    def worker(eps_local):
        mirrored = jax.lax.ppermute(eps_local, axis, perm=mirror_pairs(n))
        return jax.lax.all_gather(-mirrored, axis, axis=1, tiled=True, to="reduced")
    return worker


def inputs():
    return jax.make_mesh((8,), ("workers",)), jnp.arange(64, dtype=jnp.float32).reshape(4, 16)


def main(mesh, eps):
    axis = mesh.axis_names[0]
    eps = jax.device_put(eps, NamedSharding(mesh, P(None, axis)))
    f = jax.shard_map(make_worker(axis, mesh.shape[axis]), mesh=mesh, in_specs=P(None, axis),
                      out_specs=P(None, None, reduced={axis}))
    return f(eps)
