import jax
from jax.sharding import PartitionSpec as P


class ShardCfg:
    def __init__(self, batch="i", model="j"):
        self.batch = batch
        self.model = model


def run(mesh, x, cfg=ShardCfg()):
    def body(v):
        s = jax.lax.psum(v, cfg.batch)
        return jax.lax.all_gather(s, cfg.batch, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.batch, cfg.model),
                         out_specs=P(None, cfg.model, reduced={cfg.batch}))(x)
