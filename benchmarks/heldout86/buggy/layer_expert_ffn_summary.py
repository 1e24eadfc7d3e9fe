"""Expert feed-forward layer (Praxis-like) with a weight-norm summary per expert shard."""
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


def add_summary(value, axis):
    return jax.lax.all_gather(value, axis, axis=0, tiled=True, to="reduced")


class ExpertFeedForward(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(hidden_dims=16, activation="relu", summary_axis="mdl")

    def fprop(self, x, w_in):
        _, mdl = self.mesh_axis_names
        h = jax.nn.relu(jax.lax.psum(jnp.einsum("ed,edh->eh", x, w_in), mdl))
        norm = jax.lax.psum(jnp.sum(jnp.square(w_in), axis=(1, 2)), mdl)
        return h, add_summary(norm, self.p.summary_axis)


def inputs():
    rng = np.random.default_rng(12)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8, 16)).astype(np.float32)


def main(x, w_in):
    p = ExpertFeedForward.HParams()
    layer = instantiate(p)
    data, mdl = layer.mesh_axis_names
    mesh = jax.make_mesh((2, 4), (data, mdl))
    x = jax.device_put(x, NamedSharding(mesh, P(data, mdl)))
    w_in = jax.device_put(w_in, NamedSharding(mesh, P(data, mdl, None)))
    h, norm = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(P(data, mdl), P(data, mdl, None)),
                            out_specs=(P(data, None), P(data, reduced={p.summary_axis})))(x, w_in)
    print("ffn", h.shape, norm.shape)
    return h, norm


if __name__ == "__main__":
    main(*inputs())
