import types

import jax
from jax.sharding import PartitionSpec as P

_SETTINGS = {"rows": "i", "cols": "j", "axes": ("i", "j")}
CFG = types.SimpleNamespace(**_SETTINGS)


def configure():
    CFG.axes = "j"


def main(mesh, x):
    configure()

    def body(v):
        s = jax.lax.psum(v, CFG.cols)
        return jax.lax.pmean(s, CFG.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(CFG.rows, CFG.cols), out_specs=P("i"))(x)
