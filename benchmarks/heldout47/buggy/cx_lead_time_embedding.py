"""Lead-time embedding table of a foundation weather model, gathered for inspection."""
from types import SimpleNamespace

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_config():
    cfg = SimpleNamespace()
    cfg.model = SimpleNamespace(embed_dim=8, max_lead=8)
    cfg.sharding = SimpleNamespace(axes=("token", "batch"), embed_axis="token", mesh_shape=(2, 4))
    return cfg


class LeadTimeEmbedding:
    def __init__(self, cfg):
        self.cfg = cfg

    def init(self, seed=0):
        rng = np.random.default_rng(seed)
        m = self.cfg.model
        return (0.02 * rng.standard_normal((m.max_lead, m.embed_dim))).astype(np.float32)

    def table(self, emb):
        cols = jax.lax.all_gather(emb, self.cfg.sharding.embed_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(cols, self.cfg.sharding.axes, axis=0, tiled=True, to="reduced")


def inputs():
    return (LeadTimeEmbedding(get_config()).init(),)


def main(emb):
    cfg = get_config()
    mesh = jax.make_mesh(cfg.sharding.mesh_shape, ("batch", "token"))
    emb = jax.device_put(emb, NamedSharding(mesh, P("batch", "token")))
    module = LeadTimeEmbedding(cfg)
    return jax.shard_map(module.table, mesh=mesh, in_specs=P("batch", "token"),
                         out_specs=P(None, None, reduced={"token", "batch"}))(emb)


if __name__ == "__main__":
    main(*inputs())
