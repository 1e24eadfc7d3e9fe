import jax
from jax.sharding import PartitionSpec as P


class Config(dict):
    def __getattr__(self, name):
        return self.get(name)


class Flags(dict):
    __getattr__ = dict.get


CFG = Config(rows="i", cols="j")
FLAGS = Flags(cols="j")


def main(mesh, x):
    def body(v):
        s = jax.lax.psum(v, FLAGS.cols)
        return jax.lax.pmean(s, (CFG.rows, CFG.cols))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(CFG.rows, CFG.cols), out_specs=P())(x)
