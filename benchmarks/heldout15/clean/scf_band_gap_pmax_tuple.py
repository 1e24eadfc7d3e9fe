"""Band gap estimate: pmax/pmin over (kpt, basis) of a value already reduced over 'basis'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-3, 3, 64, dtype=np.float32).reshape(8, 8),)


def gap(eps):
    homo_local = jax.lax.pmax(jnp.max(jnp.where(eps < 0, eps, -1e9)), "basis")
    lumo_local = jax.lax.pmin(jnp.min(jnp.where(eps >= 0, eps, 1e9)), "basis")
    homo = jax.lax.pmax(homo_local, ("kpt", "basis"))
    lumo = jax.lax.pmin(lumo_local, ("kpt", "basis"))
    return lumo - homo


def main(eps):
    mesh = jax.make_mesh((2, 4), ("kpt", "basis"))
    eps = jax.device_put(eps, NamedSharding(mesh, P("kpt", "basis")))
    return jax.shard_map(gap, mesh=mesh, in_specs=P("kpt", "basis"), out_specs=P())(eps)


if __name__ == "__main__":
    print(main(*inputs()))
