"""Strategies registered by a class keyword: an `abc.ABC` base whose `__init_subclass__(key=...)`
files each subclass in a module dict (the keyword goes through ABCMeta to the hook), abstract
hooks the subclass fills in, and the strategy looked up by the name an argv-like list gives a
frozen config dataclass. The
loss, psum'd over 'data', is pmean'd over both axes: varying on 'model', invariant on 'data'."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_REGISTRY = {}


class Strategy(abc.ABC):
    def __init_subclass__(cls, *, key=None, **kw):
        super().__init_subclass__(**kw)
        if key is not None:
            _REGISTRY[key] = cls

    def __init__(self, mesh):
        self.mesh = mesh

    @abc.abstractmethod
    def loss_axes(self): ...

    def body(self, x):
        loss = jax.lax.psum(jnp.sum(x), "data")
        return jax.lax.pmean(loss, self.loss_axes())  # SF105

    def run(self, x):
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=P("data", "model"), out_specs=P())
        return jax.jit(fn)(jax.device_put(x, NamedSharding(self.mesh, P("data", "model"))))


class MeshMean(Strategy, key="mesh_mean"):
    def loss_axes(self):
        return ("data", "model")


class ModelMean(Strategy, key="model_mean"):
    def loss_axes(self):
        return "model"


@dataclasses.dataclass(frozen=True)
class RunConfig:
    strategy: str = "model_mean"
    options: dict = dataclasses.field(default_factory=dict)


def parse_argv(argv):
    options = dict(item.lstrip("-").partition("=")[::2] for item in argv)
    return RunConfig(options.pop("strategy", RunConfig.strategy), options)


def main(argv=("--strategy=mesh_mean",)):
    cfg = parse_argv(argv)
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    strategy = _REGISTRY[cfg.strategy](mesh)
    return strategy.run(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
