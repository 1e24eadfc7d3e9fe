"""Dual potentials: f gathered for the c-transform, then its gradient reduce-scattered back."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("src", "tgt"))


def c_transform(f_all, cost_cols, eps):
    return -eps * jax.nn.logsumexp((f_all[:, None] - cost_cols) / eps, axis=0)


def body(f, cost, eps=0.5):
    f_all = jax.lax.all_gather(f, "src", axis=0, tiled=True, to="reduced")
    back = jax.lax.psum_scatter(f_all, "src", scatter_dimension=0, tiled=True)
    return back


def inputs():
    f = jax.device_put(jnp.zeros((32,)), NamedSharding(mesh, P("src")))
    cost = jax.device_put(jax.random.uniform(jax.random.key(52), (32, 16)), NamedSharding(mesh, P(None, "tgt")))
    return f, cost


def main(f, cost):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("src"), P(None, "tgt")), out_specs=P("src"))(f, cost)
