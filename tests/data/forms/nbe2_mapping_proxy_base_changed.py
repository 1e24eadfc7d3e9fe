import types

import jax
from jax.sharding import PartitionSpec as P

_BASE = {"rows": "i", "cols": "j", "axes": ("i", "j")}
AXES = types.MappingProxyType(_BASE)


def main(mesh, x):
    _BASE["axes"] = "j"

    def body(v):
        s = jax.lax.psum(v, AXES["cols"])
        return jax.lax.pmean(s, AXES["axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES["rows"], AXES["cols"]), out_specs=P("i"))(x)
