"""Adafactor update clipping: the update's RMS over the whole parameter, used to cap its size."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"embed": P("fsdp", None), "proj": P("fsdp", None)}


def clip_by_block_rms(threshold, mesh):
    def clip(updates):
        out = {}
        for name, u in updates.items():
            ms = jax.lax.pmean(jnp.mean(u * u), mesh.axis_names)
            out[name] = u / jnp.maximum(1.0, jnp.sqrt(ms) / threshold)
        return out

    return clip


def inputs():
    rng = np.random.default_rng(6)
    return ({"embed": rng.normal(size=(16, 8)).astype(np.float32),
             "proj": rng.normal(size=(16, 4)).astype(np.float32)},)


def main(updates):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    updates = jax.tree.map(lambda u, s: jax.device_put(u, NamedSharding(mesh, s)), updates, PARAM_SPECS)
    fn = jax.shard_map(clip_by_block_rms(1.0, mesh), mesh=mesh, in_specs=(PARAM_SPECS,), out_specs=PARAM_SPECS)
    return fn(updates)


if __name__ == "__main__":
    print(main(*inputs()))
