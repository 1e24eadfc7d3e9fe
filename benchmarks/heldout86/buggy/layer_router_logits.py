"""Router layer of a Praxis-like MoE block: logits gathered per expert group, then for the whole mesh."""
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


class RouterLayer(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(num_experts=8, gather_dim=0)

    def gather_logits(self, logits, axes):
        return jax.lax.all_gather(logits, axes, axis=self.p.gather_dim, tiled=True, to="reduced")

    def fprop(self, x, w):
        logits = x @ w
        per_group = self.gather_logits(logits, self.mesh_axis_names[-1])
        return self.gather_logits(per_group, self.mesh_axis_names)


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(x, w):
    p = RouterLayer.HParams().clone().set(name="router_0")
    layer = instantiate(p)
    axes = layer.mesh_axis_names
    mesh = jax.make_mesh((2, 4), axes)
    x = jax.device_put(x, NamedSharding(mesh, P(axes, None)))
    logits = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(P(axes, None), P()),
                           out_specs=P(None, None, reduced=set(axes)))(x, w)
    print(p.name, logits.shape)
    return logits


if __name__ == "__main__":
    main(*inputs())
