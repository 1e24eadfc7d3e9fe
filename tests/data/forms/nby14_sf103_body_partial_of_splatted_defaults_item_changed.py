import functools

import jax
from jax.sharding import PartitionSpec as P

DEFAULTS = dict(atom_axis="j", replica_axis="i")


def needs_rebuild(reference, *, atom_axis, replica_axis):
    frame = jax.lax.all_gather(reference, atom_axis, axis=1, tiled=True, to="reduced")
    jax.lax.ppermute(frame, "j", [(0, 1), (1, 2), (2, 3), (3, 0)])
    return reference


def main(mesh, x):
    DEFAULTS["atom_axis"] = "i"
    DEFAULTS["replica_axis"] = "j"
    spec = P(DEFAULTS["atom_axis"], DEFAULTS["replica_axis"])
    check = functools.partial(needs_rebuild, **DEFAULTS)
    return jax.shard_map(check, mesh=mesh, in_specs=spec, out_specs=spec)(x)
