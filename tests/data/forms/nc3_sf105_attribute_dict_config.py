"""A config that is a dict read by attribute: `class Config(dict)` with `__getattr__ =
dict.__getitem__` and `__setattr__ = dict.__setitem__`. The eval step averages the summed counts
over both mesh axes of the config; they no longer vary over "classes", and JAX rejects the mix."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def load_config(overrides):
    cfg = Config(axes=("replica", "classes"), batch=16)
    cfg.update({k: v for k, v in overrides.items() if k in cfg})
    cfg.scale = 1.0
    return cfg


def evaluate(mesh, cfg, feats):
    def body(f):
        hits = jax.lax.psum(jnp.sum(f) * cfg.scale, cfg.axes[1])
        return jax.lax.pmean(hits, cfg.axes)  # SF105

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(*cfg.axes), out_specs=P()))(feats)


def main(overrides):
    cfg = load_config(overrides)
    mesh = jax.make_mesh((4, 2), cfg.axes)
    feats = jax.device_put(np.ones((cfg.batch, 8), np.float32), NamedSharding(mesh, P(*cfg.axes)))
    with jax.set_mesh(mesh):
        return evaluate(mesh, cfg, feats)


if __name__ == "__main__":
    main({"batch": 8, "unused": 1})
