"""Hand-written module base classes that turn every constructor keyword into an attribute with
setattr, as small flax/equinox-like libraries do; the attributes are axis names."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Base:
    def __init__(self, **options):
        for name, value in options.items():
            setattr(self, name, value)


class Norm(Base):
    def __call__(self, h):
        total = jax.lax.psum(jnp.sum(h * h, axis=1), self.axis)
        return jax.lax.all_gather(total, self.axis, tiled=True, to="reduced")  # SF101


class Config:
    def __init__(self, scale=1.0, **axes):
        self.scale = scale
        for key, axis in axes.items():
            setattr(self, key, axis)


def regather(w, cfg):
    cols = jax.lax.all_gather(w * cfg.scale, cfg.model, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(cols, (cfg.data, cfg.model), axis=0, tiled=True, to="reduced")  # SF102


def run(mesh, x):
    norm = Norm(axis="j")
    cfg = Config(scale=0.5, data="i", model="j")
    a = jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)
    b = jax.shard_map(lambda w: regather(w, cfg), mesh=mesh, in_specs=P("i", "j"),
                      out_specs=P(None, None, reduced={"i", "j"}))(x)
    return a, b
