"""A config that is a dict read by attribute (`__getattr__ = dict.__getitem__`): reading a key it
does not hold raises KeyError, not AttributeError, so `getattr(cfg, "axes", default)` does not
fall back. The launcher catches the KeyError and reduces over "replica" only, which is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config(dict):
    __getattr__ = dict.__getitem__


def reduce_axes(cfg):
    try:
        return getattr(cfg, "reduce_axes", ("replica", "classes"))
    except KeyError:
        return "replica"


def evaluate(mesh, cfg, feats):
    axes = reduce_axes(cfg)

    def body(f):
        hits = jax.lax.psum(jnp.sum(f), "classes")
        return jax.lax.pmean(hits, axes)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("replica", "classes"), out_specs=P()))(feats)


def main():
    cfg = Config(batch=16)
    mesh = jax.make_mesh((4, 2), ("replica", "classes"))
    feats = jax.device_put(np.ones((cfg.batch, 8), np.float32), NamedSharding(mesh, P("replica", "classes")))
    with jax.set_mesh(mesh):
        return evaluate(mesh, cfg, feats)


if __name__ == "__main__":
    main()
