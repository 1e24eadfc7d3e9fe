import jax
from jax.sharding import PartitionSpec as P


class AttrDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self


CFG = AttrDict(rows="i", cols="j", axes=("i", "j"))


def main(mesh, x):
    CFG.update(axes="j")

    def body(v):
        s = jax.lax.psum(v, CFG.cols)
        return jax.lax.pmean(s, CFG.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(CFG.rows, CFG.cols), out_specs=P("i"))(x)
