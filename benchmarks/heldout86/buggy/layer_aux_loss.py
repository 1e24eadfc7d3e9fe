"""Load-balancing auxiliary loss of a Praxis-like gating layer, summed over configured mesh axes."""
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


class GatingLayer(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(num_experts=8, aux_axes=("data",), aux_weight=0.01)

    def load_balance(self, logits):
        _, mdl = self.mesh_axis_names
        probs = jax.nn.softmax(logits, axis=-1)
        density = jax.nn.one_hot(jnp.argmax(logits, axis=-1), self.p.num_experts).mean(axis=0)
        per_shard = jnp.sum(density * probs.mean(axis=0)) * self.p.num_experts
        return jax.lax.pmean(per_shard, mdl)

    def fprop(self, x, w):
        aux = self.load_balance(x @ w)
        return self.p.aux_weight * jax.lax.psum(aux, self.p.aux_axes)


def experiment():
    p = GatingLayer.HParams()
    p.set(aux_axes=tuple(p.mesh_axis_names))
    return p


def inputs():
    rng = np.random.default_rng(16)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(x, w):
    layer = instantiate(experiment())
    axes = layer.mesh_axis_names
    mesh = jax.make_mesh((2, 4), axes)
    x = jax.device_put(x, NamedSharding(mesh, P(axes, None)))
    aux = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(P(axes, None), P()), out_specs=P())(x, w)
    print("aux loss", float(aux))
    return aux


if __name__ == "__main__":
    main(*inputs())
