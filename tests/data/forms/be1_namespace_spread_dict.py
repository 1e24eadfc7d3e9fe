import types

import jax
from jax.sharding import PartitionSpec as P

_SETTINGS = {"rows": "i", "cols": "j", "lr": 0.1}
CFG = types.SimpleNamespace(**_SETTINGS)


def main(mesh, x):
    def body(v):
        s = jax.lax.psum(v, CFG.cols)
        return jax.lax.pmean(s, (CFG.rows, CFG.cols))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(CFG.rows, CFG.cols), out_specs=P())(x)
