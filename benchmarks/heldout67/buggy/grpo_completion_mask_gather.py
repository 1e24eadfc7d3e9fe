"""GRPO: completion masks are collected for the token-level loss normaliser."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("prompt", "gen")


def eos_mask(token_ids, eos_id):
    is_eos = token_ids == eos_id
    return (jnp.cumsum(is_eos, axis=-1) == 0).astype(jnp.float32)


def collect_masks(mask, axes):
    lengths = mask.sum(axis=-1, keepdims=True)
    per_group = jax.lax.all_gather(lengths, axes[-1], axis=1, tiled=True, to="reduced")
    everything = jax.lax.all_gather(per_group, axes[::-1], axis=0, tiled=True, to="reduced")
    return everything


def inputs():
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    ids = jax.random.randint(jax.random.key(7), (4, 8, 6), 0, 5)
    return mesh, jax.device_put(ids, NamedSharding(mesh, P(*MESH_AXES, None)))


def main(mesh, ids):
    def body(token_ids):
        return collect_masks(eos_mask(token_ids, eos_id=2), MESH_AXES)

    fn = jax.shard_map(body, mesh=mesh, in_specs=P(*MESH_AXES, None),
                       out_specs=P(None, None, None, reduced=set(MESH_AXES)))
    return fn(ids)


if __name__ == "__main__":
    main(*inputs())
