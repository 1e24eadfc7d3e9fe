"""Parameter materializers registered by name; the config picks one per parameter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

GATHERERS = {}


def register(name):
    def deco(fn):
        GATHERERS[name] = fn
        return fn
    return deco


@register("rows")
def gather_rows(w, cfg):
    return lax.all_gather(w, cfg["fsdp"], tiled=True, to="reduced")


@register("rows_then_all")
def gather_rows_then_all(w, cfg):
    rows = GATHERERS["rows"](w, cfg)
    return lax.all_gather(rows[:, :], (cfg["fsdp"], cfg["tp"]), axis=1, tiled=True, to="reduced")


CONFIG = {"fsdp": "f", "tp": "t", "kernel": "rows_then_all"}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((4, 2), (CONFIG["fsdp"], CONFIG["tp"]))
    spec = P(CONFIG["fsdp"], CONFIG["tp"])
    w = jax.device_put(w, NamedSharding(mesh, spec))
    gather = GATHERERS[CONFIG["kernel"]]
    f = jax.shard_map(lambda v: gather(v, CONFIG), mesh=mesh, in_specs=spec,
                      out_specs=P(reduced={"f", "t"}))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
