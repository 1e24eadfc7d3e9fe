"""MoE block whose residual statistics are reduced by the op named in its hyper-parameters."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class HParams:
    """Attribute bag with defaults, cloned and overridden like Praxis hyper-parameters."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def clone(self):
        return HParams(**{k: (v.clone() if isinstance(v, HParams) else v) for k, v in self.__dict__.items()})

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class BaseLayer:
    @classmethod
    def HParams(cls):
        return HParams(cls=cls, name=cls.__name__.lower(), mesh_axis_names=("data", "mdl"))

    def __init__(self, p):
        self.p = p

    @property
    def mesh_axis_names(self):
        return tuple(self.p.mesh_axis_names)


def instantiate(p):
    return p.cls(p)


REDUCE_OPS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


class MoEBlock(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(residual_reduce="mean", share_residual=True)

    def __init__(self, p):
        super().__init__(p)
        self.reduce_fn = REDUCE_OPS[p.residual_reduce]

    def residual(self, x):
        _, mdl = self.mesh_axis_names
        if self.p.share_residual:
            return jax.lax.all_gather(x, mdl, axis=1, tiled=True, to="reduced")
        return x

    def fprop(self, x):
        _, mdl = self.mesh_axis_names
        r = self.residual(x)
        scale = jnp.sum(jnp.abs(r), axis=1)
        return self.reduce_fn(scale, mdl)


def inputs():
    return (np.random.default_rng(14).normal(size=(8, 16)).astype(np.float32),)


def main(x):
    layer = instantiate(MoEBlock.HParams())
    data, mdl = layer.mesh_axis_names
    mesh = jax.make_mesh((2, 4), (data, mdl))
    x = jax.device_put(x, NamedSharding(mesh, P(data, mdl)))
    out = jax.shard_map(layer.fprop, mesh=mesh, in_specs=P(data, mdl), out_specs=P(data))(x)
    print("residual scale", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
