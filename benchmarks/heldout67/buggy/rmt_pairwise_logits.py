"""Reward-model evaluation: the full pairwise comparison matrix is assembled from both axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_PLAN = [("data", 0), (("fsdp", "data"), 1)]


def pairwise_matrix(rewards):
    out = rewards[:, None] - rewards[None, :].mean(axis=-1, keepdims=True)
    for axes, dim in GATHER_PLAN:
        out = jax.lax.all_gather(out, axes, axis=dim, tiled=True, to="reduced")
    return out


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    return mesh, jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P("data", "fsdp")))


def main(mesh, rewards):
    fn = jax.shard_map(pairwise_matrix, mesh=mesh, in_specs=P("data", "fsdp"),
                       out_specs=P(None, None, None, reduced={"data", "fsdp"}))
    return fn(rewards)


if __name__ == "__main__":
    main(*inputs())
