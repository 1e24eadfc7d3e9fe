"""Verlet-skin rebuild check: reference positions exchanged with the neighbouring atom shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULTS = dict(skin=0.3, atom_axis="atoms", replica_axis="replica", n_atom_shards=4)


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def reference_frame(reference, atom_axis):
    return jax.lax.all_gather(reference, atom_axis, axis=1, tiled=True, to="reduced")


def needs_rebuild(position, reference, *, skin, atom_axis, replica_axis, n_atom_shards):
    frame = reference_frame(reference, atom_axis)
    halo = jax.lax.ppermute(frame, atom_axis, ring(n_atom_shards))
    moved = jnp.sum((position - halo[:, : position.shape[1]]) ** 2, axis=-1)
    return jnp.max(moved, axis=-1, keepdims=True) > (0.5 * skin) ** 2


def inputs():
    rng = np.random.default_rng(8)
    ref = rng.uniform(0.0, 5.0, size=(4, 16, 3)).astype(np.float32)
    pos = ref + rng.normal(scale=0.05, size=ref.shape).astype(np.float32)
    return pos, ref


def main(pos, ref):
    mesh = jax.make_mesh((2, 4), (DEFAULTS["replica_axis"], DEFAULTS["atom_axis"]))
    spec = P(DEFAULTS["replica_axis"], DEFAULTS["atom_axis"], None)
    pos, ref = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pos, ref))
    check = functools.partial(needs_rebuild, **DEFAULTS)
    return jax.shard_map(check, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(DEFAULTS["replica_axis"], DEFAULTS["atom_axis"]))(pos, ref)


if __name__ == "__main__":
    main(*inputs())
