"""Expert FFN weights trained under a mesh, then exported for a single-host server."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


class ExpertFeedForward(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(hidden_dims=16, learning_rate=0.1)

    def weight_spec(self):
        return P(*self.mesh_axis_names, None)

    def export_spec(self):
        data, mdl = self.mesh_axis_names
        return P(data, None, None, reduced={mdl})

    def update(self, w, g):
        return w - self.p.learning_rate * g


def export_for_serving(layer, w):
    return top_level_all_gather(w, layer.export_spec())


def inputs():
    rng = np.random.default_rng(15)
    return rng.normal(size=(8, 8, 16)).astype(np.float32), rng.normal(size=(8, 8, 16)).astype(np.float32)


def main(w, g):
    layer = instantiate(ExpertFeedForward.HParams())
    mesh = jax.make_mesh((2, 4), layer.mesh_axis_names)
    sharding = NamedSharding(mesh, layer.weight_spec())
    w = jax.device_put(w, sharding)
    g = jax.device_put(g, sharding)
    with jax.set_mesh(mesh):
        w = jax.jit(layer.update)(w, g)
    served = export_for_serving(layer, w)
    print("exported", served.shape)
    return served


if __name__ == "__main__":
    main(*inputs())
