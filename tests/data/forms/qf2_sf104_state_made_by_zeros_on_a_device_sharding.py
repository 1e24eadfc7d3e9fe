"""Optimizer state made where the parameters live, `jnp.zeros(shape, dtype, device=sharding)`:
the array is laid out by that sharding, so a gather to reduced over an axis it is not sharded
on is read against it."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    with jax.set_mesh(mesh):
        mu = jnp.zeros((8, 4), jnp.float32, device=NamedSharding(mesh, P("fsdp", None)))
        nu = jnp.ones((8, 4), device=NamedSharding(mesh, P("fsdp", "tensor")))
        full_nu = top_level_all_gather(nu, P(None, None, reduced={"fsdp", "tensor"}), multi_dim=True)
        full_mu = top_level_all_gather(mu, P(None, None, reduced={"fsdp", "tensor"}), multi_dim=True)  # SF104
        return full_mu, full_nu


if __name__ == "__main__":
    main()
