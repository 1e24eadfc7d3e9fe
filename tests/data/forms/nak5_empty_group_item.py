import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x, cfg):
    def body(v):
        s = jax.lax.psum(v, cfg["extra"])
        return jax.lax.all_gather(s, cfg["extra"], tiled=True, to="reduced")  # none: `cfg["extra"]` may be no axis at all

    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg["batch"], cfg["extra"]),
                         out_specs=P(cfg["batch"], cfg["extra"]))(x)
