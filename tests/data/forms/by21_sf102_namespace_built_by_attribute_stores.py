from types import SimpleNamespace

import jax
from jax.sharding import PartitionSpec as P


def get_config():
    cfg = SimpleNamespace()
    cfg.model = SimpleNamespace(embed_dim=8)
    cfg.sharding = SimpleNamespace(axes=("j", "i"), embed_axis="j")
    return cfg


class LeadTimeEmbedding:
    def __init__(self, cfg):
        self.cfg = cfg

    def table(self, emb):
        cols = jax.lax.all_gather(emb, self.cfg.sharding.embed_axis, axis=1, tiled=True, to="reduced")
        jax.lax.all_gather(cols, self.cfg.sharding.axes, axis=0, tiled=True, to="reduced")  # SF102
        return emb


def main(mesh, x):
    module = LeadTimeEmbedding(get_config())
    return jax.shard_map(module.table, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
