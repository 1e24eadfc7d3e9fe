import jax
from jax.sharding import PartitionSpec as P


class AttrDict(dict):
    def __init__(self, *args, **kwargs):
        super(AttrDict, self).__init__(*args, **kwargs)
        self.__dict__ = self


def get_config():
    config = AttrDict(rows="i", cols="j")
    config.both = ("i", "j")
    return config


def main(mesh, x):
    cfg = get_config()

    def body(v):
        s = jax.lax.psum(v, cfg.cols)
        return jax.lax.pmean(s, cfg.both)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.rows, cfg.cols), out_specs=P())(x)
