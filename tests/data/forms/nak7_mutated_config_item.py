import jax
from jax.sharding import PartitionSpec as P


def retarget(cfg):
    cfg["gather"] = cfg["rows"]


def run(mesh, x, cfg: dict[str, str]):
    def body(v, w):
        return jax.lax.all_gather(w, cfg["gather"], tiled=True, to="reduced")  # none: the config is changed in place

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(cfg["rows"], cfg["gather"]), P(cfg["rows"])),
                      out_specs=P(None, reduced={cfg["rows"]}))
    retarget(cfg)
    return f(x, x)
