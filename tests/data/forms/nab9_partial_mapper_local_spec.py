"""A module-level partial shard_map completed with a spec named by a local of the calling
function that shadows a module constant: the body gets the local spec, under which it is legal."""
from functools import partial

import jax
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
smap = partial(jax.shard_map, mesh=MESH)
SPEC = P()


def run(mesh, x):
    SPEC = P("i", "j")

    def gather(v):
        return jax.lax.all_gather(v, "j", axis=1, tiled=True, to="reduced")  # none: v varies on 'j' under the local SPEC

    return smap(gather, in_specs=SPEC, out_specs=P("i", None, reduced={"j"}))(x)
