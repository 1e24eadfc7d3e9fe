"""A nested config dict handed to a body factory: the axis from `.get` of an inner dict, the closure constant computed from inner values."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"gather": {"axis": "i", "to": "reduced"}, "temp": {"warmup": 0.04, "final": 0.07}}


def make_sharpen(cfg):
    temp = cfg["temp"]["warmup"] + 0.5 * (cfg["temp"]["final"] - cfg["temp"]["warmup"])
    axis = cfg["gather"].get("axis", "i")

    def sharpen(x):
        logits = jax.lax.all_gather(x, axis, axis=1, tiled=True, to=cfg["gather"]["to"])
        return logits / temp  # SF106

    return sharpen


def main(mesh, x):
    cfg = CONFIG
    return jax.shard_map(make_sharpen(cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
