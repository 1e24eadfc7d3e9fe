"""Action chunking: demonstration chunks gathered as varying copies, then regrouped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"demo": "demo", "joint": "joint"}


def chunk_targets(actions, joint_axis=LAYOUT["joint"]):
    return jax.lax.all_gather(actions, joint_axis, axis=1, tiled=True, to="varying")


def regroup(actions, joint_axis=LAYOUT["joint"]):
    chunks = chunk_targets(actions, joint_axis)
    return jax.lax.all_to_all(chunks, joint_axis, split_axis=0, concat_axis=1, tiled=True)


def inputs():
    return (np.arange(64 * 8, dtype=np.float32).reshape(64, 8) / 512.0,)


def main(actions):
    mesh = jax.make_mesh((2, 4), (LAYOUT["demo"], LAYOUT["joint"]))
    spec = P(LAYOUT["demo"], LAYOUT["joint"])
    actions = jax.device_put(actions, NamedSharding(mesh, spec))
    return jax.shard_map(regroup, mesh=mesh, in_specs=spec, out_specs=spec)(actions)


if __name__ == "__main__":
    main(*inputs())
