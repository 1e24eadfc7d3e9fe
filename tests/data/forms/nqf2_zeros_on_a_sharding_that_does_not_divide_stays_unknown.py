"""`jnp.zeros(shape, device=sharding)` whose first dimension does not divide by the size of the
axis that shards it: JAX raises at the call itself (no rule's error), so the gather after it is
never reached, and the run takes no layout from such a call."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    with jax.set_mesh(mesh):
        mu = jnp.zeros((6, 4), jnp.float32, device=NamedSharding(mesh, P("fsdp", None)))
        return top_level_all_gather(mu, P(None, None, reduced={"fsdp", "tensor"}), multi_dim=True)


if __name__ == "__main__":
    main()
