import types

import jax
from jax import lax
from jax.sharding import PartitionSpec as P

CFG = types.SimpleNamespace(axis="j")


def run(mesh, x):
    CFG.axis = "i"  # changed before the body reads it
    f = jax.shard_map(lambda v: lax.all_gather(v, CFG.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
