"""Dump the solved policy table for the bot server (one host reads it whole)."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_CONFIG = json.loads("""
{
  "mesh": {"shape": [2, 4], "axes": ["traj", "infoset"]},
  "train_layout": [["traj", "infoset"], null],
  "export_layout": [["infoset"], null]
}
""")


def to_spec(entries):
    return P(*[tuple(e) if isinstance(e, list) else e for e in entries])


def normalise(policy):
    return policy / jnp.sum(policy, axis=-1, keepdims=True)


def export_policy(policy, mesh):
    placed = jax.device_put(policy, NamedSharding(mesh, to_spec(EXPORT_CONFIG["train_layout"])))
    placed = normalise(placed)
    with jax.set_mesh(mesh):
        table = top_level_all_gather(placed, to_spec(EXPORT_CONFIG["export_layout"]))
    return table


def inputs():
    return (np.ones((16, 3), np.float32),)


def main(policy):
    cfg = EXPORT_CONFIG["mesh"]
    mesh = jax.make_mesh(tuple(cfg["shape"]), tuple(cfg["axes"]))
    return export_policy(policy, mesh)


if __name__ == "__main__":
    print(main(*inputs()).shape)
