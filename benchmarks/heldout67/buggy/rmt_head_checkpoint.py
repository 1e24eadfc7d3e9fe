"""Reward-model checkpointing: the scalar head is re-laid out for the writer before saving."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SHARDING = {"score": P(("data", "fsdp"))}
SAVE_SHARDING = {"score": P("fsdp", reduced={"data"})}


def save_state(params):
    saved = {}
    for name, value in params.items():
        saved[name] = top_level_all_gather(value, SAVE_SHARDING[name])
    return saved


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    return mesh, {"score": jnp.ones((16,))}


def main(mesh, params):
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, TRAIN_SHARDING[k]) for k, v in params.items()}
        return save_state(placed)


if __name__ == "__main__":
    main(*inputs())
