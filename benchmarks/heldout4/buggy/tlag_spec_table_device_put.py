"""Checkpoint export: every parameter is placed with the spec of its table entry, and gathered
to the layout the serving side wants before it is written out."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "embed": P(("fsdp", "tp"), None),
    "head": P(None, "tp"),
}
SERVE_SPECS = {
    "embed": P("tp", None),
    "head": P(None, "tp"),
}


def inputs():
    embed = np.arange(16 * 4, dtype=np.float32).reshape(16, 4)
    head = np.ones((4, 8), np.float32)
    return embed, head


def main(embed, head):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    params = {"embed": embed, "head": head}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_SPECS[k])) for k, v in params.items()}
        embed_out = top_level_all_gather(placed["embed"], SERVE_SPECS["embed"])
        return embed_out, placed["head"]


if __name__ == "__main__":
    print(main(*inputs()))
